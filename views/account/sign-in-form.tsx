import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { needsPhone, SIGN_IN_NOTICES } from '../../domain/auth.ts';
import type { AuthActorRef } from '../../machines/auth/auth.machine.ts';
import {
  selectAuthError,
  selectBack,
  selectFieldErrors,
  selectIsBusy,
  selectMode,
  selectNotice,
  selectSignInType,
} from '../../machines/auth/auth.selectors.ts';
import { accountStyles } from '../ui/account-styles.ts';
import { FormField, formValues } from './form-field.tsx';

const REASONS = {
  watchlist: 'to use your watchlist',
  checkout: 'to reserve this car',
  finance: 'to apply for finance',
  'trade-in': 'to value your car',
} as const;

/** Sign in, or create an account, with email and password (and a phone number, optional unless needed). */
export function SignInForm({ actorRef }: { actorRef: AuthActorRef }) {
  const mode = useSelector(actorRef, selectMode);
  const type = useSelector(actorRef, selectSignInType);
  const back = useSelector(actorRef, selectBack);
  const busy = useSelector(actorRef, selectIsBusy);
  const error = useSelector(actorRef, selectAuthError);
  const fields = useSelector(actorRef, selectFieldErrors);
  const notice = useSelector(actorRef, selectNotice);
  const signUp = mode === 'signUp';
  const reason = type ? ` ${REASONS[type]}` : '';
  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>{signUp ? `Create an account${reason}` : `Sign in${reason}`}</h1>
      <form
        noValidate
        className={accountStyles.form}
        aria-label={signUp ? 'Create an account' : 'Sign in'}
        onSubmit={(event) => {
          event.preventDefault();
          const { email = '', password = '', phone_number = '' } = formValues(event.currentTarget);
          actorRef.send({ type: 'credentials.submit', email, password, phone_number });
        }}
      >
        {error && (
          <p role="alert" className={accountStyles.alert}>
            {error}
          </p>
        )}
        {!error && notice && (
          <p role="status" className={accountStyles.text} data-testid="sign-in-notice">
            {SIGN_IN_NOTICES[notice]}
          </p>
        )}
        <FormField name="email" label="Email" type="email" autoComplete="email" error={fields.email} />
        <FormField
          name="password"
          label="Password"
          type="password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          error={fields.password}
        />
        {signUp && (
          <FormField
            name="phone_number"
            label={needsPhone(type) ? 'Phone number' : 'Phone number (optional)'}
            type="tel"
            autoComplete="tel"
            required={needsPhone(type)}
            error={fields.phone_number}
          />
        )}
        <button type="submit" className={accountStyles.primary} disabled={busy} aria-busy={busy}>
          {signUp ? 'Create account' : 'Sign in'}
        </button>
      </form>
      <p className={accountStyles.row}>
        {signUp ? 'Already have an account?' : 'New here?'}
        <button
          type="button"
          className={accountStyles.secondary}
          onClick={() => actorRef.send({ type: 'mode.switch', mode: signUp ? 'signIn' : 'signUp' })}
        >
          {signUp ? 'Sign in instead' : 'Create an account'}
        </button>
      </p>
      <p className={accountStyles.row}>
        <Link href={back} className={accountStyles.link}>
          Go back without signing in
        </Link>
      </p>
    </section>
  );
}
