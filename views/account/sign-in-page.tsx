import { useSelector } from '@xstate/react';
import { Link, Redirect } from 'wouter';
import { CHECK_EMAIL_MESSAGE } from '../../domain/auth.ts';
import { SIGN_IN_PATH } from '../../domain/return-path.ts';
import type { AuthActorRef } from '../../machines/auth/auth.machine.ts';
import {
  selectAuthError,
  selectAuthView,
  selectCheckEmail,
  selectRedirect,
} from '../../machines/auth/auth.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { AccountPanel } from './account-panel.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { signInPageLogic } from './wiring.sign-in.ts';

/**
 * `/sign-in?type=…&redirect=…&back=…`: sign in or up, then land on `redirect`; `back` returns without
 * signing in. The `auth` machine tells the app's shell of every change of session, which reloads
 * the watchlist (a save made before signing in goes through then).
 */
export function SignInPage({ actorRef }: { actorRef: AuthActorRef }) {
  const view = useSelector(actorRef, selectAuthView);
  const redirect = useSelector(actorRef, selectRedirect);
  const error = useSelector(actorRef, selectAuthError);
  const checkEmail = useSelector(actorRef, selectCheckEmail);

  if (view === 'checking') return <PageSkeleton label="Checking whether you are signed in" />;
  if (view === 'failed') {
    return <PageError message={error ?? ''} onRetry={() => actorRef.send({ type: 'retry' })} />;
  }
  if (view === 'finished') {
    return (
      <section className={pageStyles.narrow}>
        <Redirect to={redirect} replace />
        <h1 className={pageStyles.heading}>You are signed in</h1>
        <p className={pageStyles.text}>
          <Link href={redirect} className={pageStyles.link}>
            Continue
          </Link>
        </p>
      </section>
    );
  }
  if (view === 'checkEmail') {
    return (
      <section className={pageStyles.narrow} data-testid="check-email">
        <h1 className={pageStyles.heading}>Check your email</h1>
        <p className={pageStyles.text} role="status">
          {CHECK_EMAIL_MESSAGE(checkEmail ?? '')}
        </p>
        <p className={pageStyles.text}>
          Already have an account with this email? We have sent you a note instead: sign in with your
          password.
        </p>
        <p className={pageStyles.row}>
          <button
            type="button"
            className={pageStyles.secondary}
            onClick={() => actorRef.send({ type: 'mode.switch', mode: 'signIn' })}
          >
            Sign in instead
          </button>
        </p>
      </section>
    );
  }
  if (view === 'form') return <SignInForm actorRef={actorRef} />;
  return <AccountPanel actorRef={actorRef} />;
}

/** Route `/sign-in` (both documents, §2 Routes): the `auth` machine with the URL's type, redirect and back. */
export const signInPage = definePage({
  logic: signInPageLogic,
  input: ({ search }) => {
    const params = new URLSearchParams(search);
    return {
      type: params.get('type'),
      redirect: params.get('redirect'),
      back: params.get('back'),
    };
  },
  head: (snapshot, { site }) => ({
    title: snapshot.matches('failed') ? `Something went wrong | ${site.name}` : `Sign in | ${site.name}`,
    description: `Sign in to your ${site.name} account to keep a watchlist of cars.`,
    status: snapshot.matches('failed') ? 500 : 200,
    canonicalPath: SIGN_IN_PATH,
  }),
  View: SignInPage,
});
