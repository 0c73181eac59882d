import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { useLocation } from 'wouter';
import { safeConsoleReturn } from '../../../domain/console-paths.ts';
import { selectMember } from '../../../machines/console-shell/console-shell.selectors.ts';
import type { ConsoleSignInActorRef } from '../../../machines/console-sign-in/console-sign-in.machine.ts';
import {
  selectEmail,
  selectError,
  selectIsSubmitting,
  selectReturnTo,
  selectSignedInMember,
  selectStep,
} from '../../../machines/console-sign-in/console-sign-in.selectors.ts';
import { card } from '../../../styled-system/recipes';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { useConsoleShell } from '../app/console-shell.tsx';
import { consoleStyles } from '../layout/console-styles.ts';
import { consoleSignInLogic } from './wiring.ts';

const text = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * `/dealer/sign-in`: the dealer's staff sign in with email and password, then — with two-step sign-in
 * on — the code from their authenticator app; the server's message shows a wrong password, a wrong
 * code or too many attempts. Signed in, the console opens the page the member came for (`?return=`).
 */
export function ConsoleSignInPage({ actorRef }: { actorRef: ConsoleSignInActorRef }) {
  const step = useSelector(actorRef, selectStep);
  const isSubmitting = useSelector(actorRef, selectIsSubmitting);
  const error = useSelector(actorRef, selectError);
  const email = useSelector(actorRef, selectEmail);
  const returnTo = useSelector(actorRef, selectReturnTo);
  const signedIn = useSelector(actorRef, selectSignedInMember);
  const member = useSelector(useConsoleShell(), selectMember);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (signedIn || member) navigate(returnTo, { replace: true });
  }, [signedIn, member, navigate, returnTo]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (step === 'code') actorRef.send({ type: 'submitCode', code: text(form, 'code') });
    else actorRef.send({ type: 'submit', email: text(form, 'email'), password: text(form, 'password') });
  };
  const { root } = card({ padding: 'fluid' });
  return (
    <section className={consoleStyles.narrow}>
      <div className={root}>
        <h1 className={pageStyles.heading}>Sign in to the console</h1>
        {step === 'code' ? (
          <p className={pageStyles.text}>
            Two-step sign-in is on for {email}. Enter the 6-digit code from your authenticator app.
          </p>
        ) : (
          <p className={pageStyles.text}>For the dealership's staff. Your manager sends you an invitation.</p>
        )}
        {error && (
          <p role="alert" className={pageStyles.alert}>
            {error}
          </p>
        )}
        <form method="post" className={pageStyles.form} onSubmit={submit} aria-busy={isSubmitting}>
          {step === 'code' ? (
            <label className={pageStyles.label}>
              Code
              <input
                key="code"
                name="code"
                className={pageStyles.input}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                // biome-ignore lint/a11y/noAutofocus: the step shows only this field, which the member came to type
                autoFocus
              />
            </label>
          ) : (
            <>
              <label className={pageStyles.label}>
                Email
                <input
                  key="email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  defaultValue={email}
                  className={pageStyles.input}
                  required
                />
              </label>
              <label className={pageStyles.label}>
                Password
                <input
                  key="password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  className={pageStyles.input}
                  required
                />
              </label>
            </>
          )}
          <button type="submit" className={pageStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Signing in…' : step === 'code' ? 'Verify code' : 'Sign in'}
          </button>
          {step === 'code' && (
            <button
              type="button"
              className={pageStyles.secondary}
              onClick={() => actorRef.send({ type: 'startOver' })}
            >
              Use another account
            </button>
          )}
        </form>
      </div>
    </section>
  );
}

/** Route `/dealer/sign-in` (`?return=` a console page). Signed in already: straight to that page. */
export const consoleSignInPage = defineConsolePage({
  logic: consoleSignInLogic,
  input: ({ search }) => ({ returnTo: safeConsoleReturn(new URLSearchParams(search).get('return')) }),
  head: (snapshot, { site, member }) => ({
    title: consolePageTitle('Sign in', site),
    status: 200,
    ...(member ? { redirectTo: snapshot.context.returnTo } : {}),
  }),
  View: ConsoleSignInPage,
});
