import { useSelector } from '@xstate/react';
import { Link, Redirect } from 'wouter';
import type { GateType } from '../../domain/gated-routes.ts';
import type { GatedRouteActorRef } from '../../machines/gated-route/gated-route.machine.ts';
import {
  selectGateError,
  selectGateType,
  selectIsChecking,
  selectSignInUrl,
} from '../../machines/gated-route/gated-route.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { gatedRouteLogic } from './wiring.gated.ts';

const TITLES: Record<GateType, string> = { checkout: 'Reserve this car', finance: 'Apply for finance' };

/**
 * A checkout or finance route behind the gate (`locations-forms-tradein-site.md` §4 Gated routes). An
 * anonymous visitor on a personalised-flow site is sent to sign-in: on a first load the server
 * answers 302 to the machine's sign-in URL (`head.redirectTo`); on a client-side navigation the
 * `redirecting` state replaces the URL with it (and shows a sign-in link meanwhile). Everyone else sees the route; its form arrives with the
 * checkout and finance issues, which render it in place of the placeholder below.
 */
export function GatedPage({ actorRef }: { actorRef: GatedRouteActorRef }) {
  const site = useSite();
  const checking = useSelector(actorRef, selectIsChecking);
  const signInUrl = useSelector(actorRef, selectSignInUrl);
  const error = useSelector(actorRef, selectGateError);
  const type = useSelector(actorRef, selectGateType) ?? 'finance';
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (checking) return <PageSkeleton label="Loading" />;
  if (signInUrl !== null) {
    return (
      <section className={accountStyles.narrow}>
        <Redirect to={signInUrl} replace />
        <h1 className={accountStyles.heading}>Please sign in to continue</h1>
        <p className={accountStyles.text}>
          <Link href={signInUrl} className={accountStyles.link}>
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>{TITLES[type]}</h1>
      <p className={accountStyles.text}>
        Call us on <a href={`tel:${site.phone.replace(/\s+/g, '')}`}>{site.phone}</a> and our team will take
        you through it.
      </p>
    </section>
  );
}

/** Every gated route pattern (`domain/gated-routes.ts`, listed in `pages.ts`) is run by the `gatedRoute` machine. */
export const gatedPage = definePage({
  logic: gatedRouteLogic,
  input: ({ site, path, search }) => ({ path, search, personalisedFlow: site.features.personalisedFlow }),
  head: (snapshot, { site, path, search }) => {
    const redirectTo = selectSignInUrl(snapshot);
    return {
      title: `${redirectTo !== null ? 'Please sign in' : TITLES[snapshot.context.gate?.type ?? 'finance']} | ${site.name}`,
      description: `${TITLES[snapshot.context.gate?.type ?? 'finance']} with ${site.name}.`,
      status: snapshot.matches('failed') ? 500 : redirectTo !== null ? 302 : 200,
      canonicalPath: search ? `${path}?${search}` : path,
      ...(redirectTo !== null && { redirectTo }),
    };
  },
  View: GatedPage,
});
