import { useSelector } from '@xstate/react';
import type { ReserveActorRef } from '../../machines/reserve/reserve.machine.ts';
import {
  selectCarName,
  selectIsJourney,
  selectIsNotFound,
  selectLoadError,
  selectPaymentComponent,
  selectSearch,
  selectSignInUrl,
  selectStatus,
  selectView,
} from '../../machines/reserve/reserve.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { RedirectNotice } from '../ui/redirect-notice.tsx';
import { CarNotFound, NO_ONLINE_SALES_HEADING, NoOnlineSales } from './reserve-not-found.tsx';
import { ReserveWizard } from './reserve-wizard.tsx';
import { isOwnDocument, reservePageLogic } from './wiring.ts';

/**
 * Reserve online (issue 17; `search-detail-finance-watchlist.md` §2, §9): the `reserve` machine's
 * view of its state picks what shows — the gate's redirect, a failure, the skeleton, not found, or
 * the wizard's step. The machine checks the forms with the domain's schemas (the server checks the
 * shopper's details again and computes the deposit itself).
 */
export function ReservePage({ actorRef }: { actorRef: ReserveActorRef }) {
  const site = useSite();
  const view = useSelector(actorRef, selectView);
  const signInUrl = useSelector(actorRef, selectSignInUrl);
  const loadError = useSelector(actorRef, selectLoadError);
  const notFound = useSelector(actorRef, selectIsNotFound);
  const journey = useSelector(actorRef, selectIsJourney);
  const search = useSelector(actorRef, selectSearch);

  switch (view) {
    case 'signIn':
      return <RedirectNotice to={signInUrl ?? '/'} heading="Please sign in to continue" label="Sign in" />;
    case 'failed':
      return <PageError message={loadError ?? ''} onRetry={() => actorRef.send({ type: 'retry' })} />;
    case 'loading':
      return <PageSkeleton label="Loading the car" />;
    case 'notFound':
      return notFound && journey && !site.features.checkoutJourney ? (
        <NoOnlineSales search={search} />
      ) : (
        <CarNotFound />
      );
    default:
      return <ReserveWizard actorRef={actorRef} view={view} />;
  }
}

/** The car's slug in `/cars/{slug}/checkout`; a malformed escape is no slug (the car is not found). */
function slugOf(path: string): string {
  try {
    return decodeURIComponent(path.split('/')[2] ?? '');
  } catch {
    return '';
  }
}

/** The payment intent Stripe names on sending the shopper back after a card issuer's check, or null. */
function returnedIntentOf(search: string): string | null {
  const intent = new URLSearchParams(search).get('payment_intent');
  return intent && /^pi_[A-Za-z0-9_]{1,200}$/.test(intent) ? intent : null;
}

/**
 * The reserve wizard's page: reserving at `/cars/{slug}/checkout` and `/buy-online`, or buying a
 * used car at `/checkout-journey?car_id={slug}` (§2; only on the dealers with the `checkoutJourney`
 * switch — elsewhere it has no car, so it is not found). Both run behind the gate (§4).
 */
function reservePageFor(journey: boolean) {
  return definePage({
    logic: reservePageLogic,
    input: ({ site, path, search }) => ({
      path,
      search,
      personalisedFlow: site.features.personalisedFlow,
      slug: !journey
        ? slugOf(path)
        : site.features.checkoutJourney
          ? (new URLSearchParams(search).get('car_id') ?? '')
          : '',
      journey,
      ownDocument: isOwnDocument(),
      returnedIntent: returnedIntentOf(search),
    }),
    head: (snapshot, { site, path, search }) => {
      const name = selectCarName(snapshot);
      const signInUrl = selectSignInUrl(snapshot);
      const verb = journey ? 'Buy' : 'Reserve';
      const noOnlineSales = journey && !site.features.checkoutJourney;
      const title = name ? `${verb} the ${name}` : noOnlineSales ? NO_ONLINE_SALES_HEADING : `${verb} a car`;
      return {
        title: signInUrl ? `Please sign in | ${site.name}` : `${title} | ${site.name}`,
        description: noOnlineSales
          ? `${site.name} does not sell cars online.`
          : journey
            ? `Buy a used car online from ${site.name}, with our pre-owned promise.`
            : `Reserve a car online with ${site.name}: a fully refundable deposit holds it for 48 hours.`,
        status: selectStatus(snapshot),
        canonicalPath: journey && search ? `${path}?${search}` : path,
        ...(signInUrl ? { redirectTo: signInUrl } : {}),
        // The document's policy allows Stripe's hosts on a Stripe car's page only (decision 121).
        ...(selectPaymentComponent(snapshot) ? { paymentComponent: 'stripe' as const } : {}),
      };
    },
    View: ReservePage,
  });
}

/** `/cars/:slug/checkout` and `/cars/:slug/buy-online` (§2), behind the gate (§4 Gated routes). */
export const reservePage = reservePageFor(false);
/** `/checkout-journey?car_id={slug}` (§2): a used car bought online. */
export const checkoutJourneyPage = reservePageFor(true);
