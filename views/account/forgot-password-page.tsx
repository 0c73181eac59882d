import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { RESET_EMAIL_MESSAGE } from '../../domain/auth.ts';
import { FORGOT_PASSWORD_PATH, signInPath } from '../../domain/return-path.ts';
import type { ForgotPasswordActorRef } from '../../machines/auth/forgot-password.machine.ts';
import {
  selectEmailFieldError,
  selectForgotError,
  selectForgotSignInLink,
  selectIsSending,
  selectSentTo,
} from '../../machines/auth/forgot-password.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { FormField, formValues } from './form-field.tsx';
import { forgotPasswordPageLogic } from './wiring.password.ts';

/**
 * `/sign-in/forgot-password?type=…&redirect=…&back=…`: the email to send a link to; then "check your
 * email", the same whether the address has an account or not (issue 31 item 2).
 */
export function ForgotPasswordPage({ actorRef }: { actorRef: ForgotPasswordActorRef }) {
  const sentTo = useSelector(actorRef, selectSentTo);
  const busy = useSelector(actorRef, selectIsSending);
  const error = useSelector(actorRef, selectForgotError);
  const fieldError = useSelector(actorRef, selectEmailFieldError);
  const signIn = signInPath(useSelector(actorRef, selectForgotSignInLink));
  const backToSignIn = (
    <p className={pageStyles.row}>
      <Link href={signIn} className={pageStyles.link}>
        Back to sign in
      </Link>
    </p>
  );
  if (sentTo !== null) {
    return (
      <section className={pageStyles.narrow} data-testid="check-email">
        <h1 className={pageStyles.heading}>Check your email</h1>
        <p className={pageStyles.text} role="status">
          {RESET_EMAIL_MESSAGE(sentTo)}
        </p>
        {backToSignIn}
      </section>
    );
  }
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>Forgot your password?</h1>
      <p className={pageStyles.text}>
        Enter your account’s email address: we will email you a link to choose a new one.
      </p>
      <form
        noValidate
        className={pageStyles.form}
        aria-label="Forgot your password?"
        onSubmit={(event) => {
          event.preventDefault();
          const { email = '' } = formValues(event.currentTarget);
          actorRef.send({ type: 'email.submit', email });
        }}
      >
        {error && (
          <p role="alert" className={pageStyles.alert}>
            {error}
          </p>
        )}
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={fieldError ?? undefined}
        />
        <button type="submit" className={pageStyles.primary} disabled={busy} aria-busy={busy}>
          Email me a link
        </button>
      </form>
      {backToSignIn}
    </section>
  );
}

/** Route `/sign-in/forgot-password`: the `forgotPassword` machine with the sign-in page's parameters. */
export const forgotPasswordPage = definePage({
  logic: forgotPasswordPageLogic,
  input: ({ search }) => {
    const params = new URLSearchParams(search);
    return { type: params.get('type'), redirect: params.get('redirect'), back: params.get('back') };
  },
  head: (_, { site }) => ({
    title: `Forgot your password? | ${site.name}`,
    description: `Choose a new password for your ${site.name} account.`,
    status: 200,
    canonicalPath: FORGOT_PASSWORD_PATH,
  }),
  View: ForgotPasswordPage,
});
