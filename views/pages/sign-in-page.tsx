import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, Redirect } from 'wouter';
import { SIGN_IN_PATH } from '../../domain/return-path.ts';
import type { AuthActorRef } from '../../machines/auth/auth.machine.ts';
import { selectAuthError, selectAuthView, selectRedirect } from '../../machines/auth/auth.selectors.ts';
import { AccountPanel } from '../account/account-panel.tsx';
import { accountStyles } from '../account/account-styles.ts';
import { SignInForm } from '../account/sign-in-form.tsx';
import { definePage } from '../app/page-definition.ts';
import { signInPageLogic } from '../app/wiring.sign-in.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { useSavedCars } from '../watchlist/saved-cars-provider.tsx';

/**
 * `/sign-in?type=…&redirect=…&back=…`: sign in or up, then land on `redirect`; `back` returns without
 * signing in. Every change of session reloads the app's watchlist (a save made before signing in
 * goes through then).
 */
export function SignInPage({ actorRef }: { actorRef: AuthActorRef }) {
  const view = useSelector(actorRef, selectAuthView);
  const redirect = useSelector(actorRef, selectRedirect);
  const error = useSelector(actorRef, selectAuthError);
  const { watchlist } = useSavedCars();
  useEffect(() => {
    const subscription = actorRef.on('session.change', () => {
      // A list never loaded (no save button seen yet) loads now, so the header shows the change.
      watchlist.send({ type: 'list.load' });
      watchlist.send({ type: 'session.refresh' });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, watchlist]);

  if (view === 'checking') return <PageSkeleton label="Checking whether you are signed in" />;
  if (view === 'failed') {
    return <PageError message={error ?? ''} onRetry={() => actorRef.send({ type: 'retry' })} />;
  }
  if (view === 'finished') {
    return (
      <section className={accountStyles.narrow}>
        <Redirect to={redirect} replace />
        <h1 className={accountStyles.heading}>You are signed in</h1>
        <p className={accountStyles.text}>
          <Link href={redirect} className={accountStyles.link}>
            Continue
          </Link>
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
    return { type: params.get('type'), redirect: params.get('redirect'), back: params.get('back') };
  },
  head: (snapshot, { site }) => ({
    title: snapshot.matches('failed') ? `Something went wrong | ${site.name}` : `Sign in | ${site.name}`,
    description: `Sign in to your ${site.name} account to keep a watchlist of cars.`,
    status: snapshot.matches('failed') ? 500 : 200,
    canonicalPath: SIGN_IN_PATH,
  }),
  View: SignInPage,
});
