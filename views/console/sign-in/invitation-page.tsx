import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { CONSOLE_PATH, CONSOLE_SIGN_IN_PATH } from '../../../domain/console-paths.ts';
import { ROLE_LABELS } from '../../../domain/staff.ts';
import type { ConsoleInvitationActorRef } from '../../../machines/console-sign-in/console-invitation.machine.ts';
import {
  selectFormError,
  selectInvitation,
  selectIsAccepted,
  selectIsLoading,
  selectIsSubmitting,
  selectLoadError,
  selectRefusal,
} from '../../../machines/console-sign-in/console-invitation.selectors.ts';
import { card } from '../../../styled-system/recipes';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { consoleInvitationLogic } from './wiring.ts';

const text = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * `/dealer/invitation?token=`: the invitation a manager or the operator sent — the dealer, the email
 * and the role — and the form for the new member's name and password, which signs them in and opens
 * the console. An expired, used or unknown invitation says so, with the way on.
 */
export function ConsoleInvitationPage({ actorRef }: { actorRef: ConsoleInvitationActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const isSubmitting = useSelector(actorRef, selectIsSubmitting);
  const invitation = useSelector(actorRef, selectInvitation);
  const refusal = useSelector(actorRef, selectRefusal);
  const loadError = useSelector(actorRef, selectLoadError);
  const formError = useSelector(actorRef, selectFormError);
  const accepted = useSelector(actorRef, selectIsAccepted);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (accepted) navigate(CONSOLE_PATH, { replace: true });
  }, [accepted, navigate]);
  if (loadError !== null)
    return <PageError message={loadError} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading) return <PageSkeleton label="Opening your invitation" />;
  const { root } = card({ padding: 'fluid' });
  if (refusal !== null || !invitation) {
    return (
      <section className={consoleStyles.narrow}>
        <div className={root}>
          <h1 className={pageStyles.heading}>This invitation cannot be used</h1>
          <p role="alert" className={pageStyles.text}>
            {refusal}
          </p>
          <p className={pageStyles.text}>
            <Link href={CONSOLE_SIGN_IN_PATH} className={pageStyles.link}>
              Sign in
            </Link>{' '}
            if you already have an account.
          </p>
        </div>
      </section>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    actorRef.send({ type: 'submit', name: text(form, 'name'), password: text(form, 'password') });
  };
  const nameError = formError.fields.name;
  const passwordError = formError.fields.password;
  return (
    <section className={consoleStyles.narrow}>
      <div className={root}>
        <h1 className={pageStyles.heading}>{`Join ${invitation.dealer}'s console`}</h1>
        <dl className={consoleStyles.facts}>
          <dt>Email</dt>
          <dd>{invitation.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[invitation.role]}</dd>
        </dl>
        <p className={pageStyles.text}>Choose the name your colleagues see and a password to sign in with.</p>
        {formError.message && (
          <p role="alert" className={pageStyles.alert}>
            {formError.message}
          </p>
        )}
        <form method="post" className={pageStyles.form} onSubmit={submit} aria-busy={isSubmitting}>
          <input type="hidden" name="username" value={invitation.email} autoComplete="username" />
          <label className={pageStyles.label}>
            Your name
            <input
              name="name"
              autoComplete="name"
              className={pageStyles.input}
              required
              maxLength={100}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'invitation-name-error' : undefined}
            />
            {nameError && (
              <span id="invitation-name-error" className={pageStyles.fieldError}>
                {nameError}
              </span>
            )}
          </label>
          <label className={pageStyles.label}>
            Password (at least 8 characters)
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              className={pageStyles.input}
              required
              minLength={8}
              maxLength={128}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'invitation-password-error' : undefined}
            />
            {passwordError && (
              <span id="invitation-password-error" className={pageStyles.fieldError}>
                {passwordError}
              </span>
            )}
          </label>
          <button type="submit" className={pageStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Setting up…' : 'Join and sign in'}
          </button>
        </form>
      </div>
    </section>
  );
}

/** Route `/dealer/invitation?token=`. */
export const consoleInvitationPage = defineConsolePage({
  logic: consoleInvitationLogic,
  input: ({ search }) => ({ token: new URLSearchParams(search).get('token') }),
  head: (snapshot, { site }) => ({
    title: consolePageTitle(
      snapshot.matches('invalid') ? 'Invitation cannot be used' : 'Your invitation',
      site,
    ),
    status: snapshot.matches('invalid') ? 410 : snapshot.matches('failed') ? 500 : 200,
  }),
  View: ConsoleInvitationPage,
});
