import { useSelector } from '@xstate/react';
import { Link, Redirect } from 'wouter';
import { SET_PASSWORD_PATH } from '../../domain/return-path.ts';
import type { SetPasswordActorRef } from '../../machines/auth/set-password.machine.ts';
import {
  selectIsReset,
  selectIsSaving,
  selectNext,
  selectPasswordFieldError,
  selectSetPasswordError,
  selectSetPasswordView,
  selectSignInLink,
} from '../../machines/auth/set-password.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { FormField, formValues } from './form-field.tsx';
import { LinkExpired } from './link-expired.tsx';
import { setPasswordPageLogic } from './wiring.password.ts';

/**
 * `/sign-in/set-password?token=…`: the page an emailed account link opens (decision 104). Whoever
 * has the inbox chooses the password here — a new account's first, or a reset's — and is signed in
 * afresh; opening the page changes nothing.
 */
export function SetPasswordPage({ actorRef }: { actorRef: SetPasswordActorRef }) {
  const view = useSelector(actorRef, selectSetPasswordView);
  const reset = useSelector(actorRef, selectIsReset);
  const busy = useSelector(actorRef, selectIsSaving);
  const error = useSelector(actorRef, selectSetPasswordError);
  const fieldError = useSelector(actorRef, selectPasswordFieldError);
  const next = useSelector(actorRef, selectNext);
  const link = useSelector(actorRef, selectSignInLink);

  if (view === 'finished' && next) {
    return (
      <section className={pageStyles.narrow}>
        <Redirect to={next} replace />
        <h1 className={pageStyles.heading}>Your password is set</h1>
        <p className={pageStyles.text}>
          <Link href={next} className={pageStyles.link}>
            Continue
          </Link>
        </p>
      </section>
    );
  }
  if (view === 'expired') return <LinkExpired message={error} link={link} />;
  const heading = reset ? 'Choose a new password' : 'Choose your password';
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{heading}</h1>
      <p className={pageStyles.text}>
        {reset
          ? 'Your new password signs you in here, and signs you out everywhere else.'
          : 'Your password finishes creating your account and signs you in.'}
      </p>
      <form
        noValidate
        className={pageStyles.form}
        aria-label={heading}
        onSubmit={(event) => {
          event.preventDefault();
          const { password = '' } = formValues(event.currentTarget);
          actorRef.send({ type: 'password.submit', password });
        }}
      >
        {error && (
          <p role="alert" className={pageStyles.alert}>
            {error}
          </p>
        )}
        <FormField
          name="password"
          label={reset ? 'New password' : 'Password'}
          type="password"
          autoComplete="new-password"
          error={fieldError ?? undefined}
        />
        <button type="submit" className={pageStyles.primary} disabled={busy} aria-busy={busy}>
          {reset ? 'Save new password' : 'Create account'}
        </button>
      </form>
    </section>
  );
}

/** Route `/sign-in/set-password`: the `setPassword` machine with the link's token and the sign-in page's parameters. */
export const setPasswordPage = definePage({
  logic: setPasswordPageLogic,
  input: ({ search }) => {
    const params = new URLSearchParams(search);
    return {
      token: params.get('token') ?? '',
      reset: params.get('reset') === '1',
      type: params.get('type'),
      redirect: params.get('redirect'),
      back: params.get('back'),
    };
  },
  queryKeyed: true,
  head: (snapshot, { site }) => ({
    title: `${snapshot.context.reset ? 'Choose a new password' : 'Choose your password'} | ${site.name}`,
    description: `Choose the password of your ${site.name} account.`,
    status: 200,
    canonicalPath: SET_PASSWORD_PATH,
  }),
  View: SetPasswordPage,
});
