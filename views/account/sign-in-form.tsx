import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { accountPath, FORGOT_PASSWORD_PATH } from '../../domain/return-path.ts';
import type { AuthActorRef } from '../../machines/auth/auth.machine.ts';
import {
  selectAuthError,
  selectBack,
  selectFieldErrors,
  selectIsBusy,
  selectMode,
  selectRedirect,
  selectSignInType,
} from '../../machines/auth/auth.selectors.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { FormField, formValues } from './form-field.tsx';

const REASONS = {
  watchlist: 'to use your watchlist',
  checkout: 'to reserve this car',
  finance: 'to apply for finance',
  'trade-in': 'to value your car',
} as const;

/**
 * Sign in with email and password ("Forgot password?" leads to a reset), or create an account with
 * the email alone: its password is chosen from the emailed link (decision 104).
 */
export function SignInForm({ actorRef }: { actorRef: AuthActorRef }) {
  const mode = useSelector(actorRef, selectMode);
  const type = useSelector(actorRef, selectSignInType);
  const back = useSelector(actorRef, selectBack);
  const redirect = useSelector(actorRef, selectRedirect);
  const busy = useSelector(actorRef, selectIsBusy);
  const error = useSelector(actorRef, selectAuthError);
  const fields = useSelector(actorRef, selectFieldErrors);
  const signUp = mode === 'signUp';
  const reason = type ? ` ${REASONS[type]}` : '';
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{signUp ? `Create an account${reason}` : `Sign in${reason}`}</h1>
      <form
        noValidate
        className={pageStyles.form}
        aria-label={signUp ? 'Create an account' : 'Sign in'}
        onSubmit={(event) => {
          event.preventDefault();
          const { email = '', password = '' } = formValues(event.currentTarget);
          actorRef.send({ type: 'credentials.submit', email, password });
        }}
      >
        {error && (
          <p role="alert" className={pageStyles.alert}>
            {error}
          </p>
        )}
        <FormField name="email" label="Email" type="email" autoComplete="email" error={fields.email} />
        {signUp ? (
          <p className={pageStyles.text}>We will email you a link to choose your password.</p>
        ) : (
          <FormField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={fields.password}
          />
        )}
        <button type="submit" className={pageStyles.primary} disabled={busy} aria-busy={busy}>
          {signUp ? 'Create account' : 'Sign in'}
        </button>
      </form>
      <p className={pageStyles.row}>
        {signUp ? 'Already have an account?' : 'New here?'}
        <button
          type="button"
          className={pageStyles.secondary}
          onClick={() => actorRef.send({ type: 'mode.switch', mode: signUp ? 'signIn' : 'signUp' })}
        >
          {signUp ? 'Sign in instead' : 'Create an account'}
        </button>
      </p>
      {!signUp && (
        <p className={pageStyles.row}>
          <Link
            href={accountPath(FORGOT_PASSWORD_PATH, { type: type ?? undefined, redirect, back })}
            className={pageStyles.link}
          >
            Forgot password?
          </Link>
        </p>
      )}
      <p className={pageStyles.row}>
        <Link href={back} className={pageStyles.link}>
          Go back without signing in
        </Link>
      </p>
    </section>
  );
}
