import type { SnapshotFrom } from 'xstate';
import type { Reservation, ReserveTerms } from '../../domain/contracts/reserve.ts';
import type { PayWith } from '../../domain/reserve.ts';
import { prefillContact } from '../../domain/shopper-contact.ts';
import { paymentComponentOf } from './reserve.context.ts';
import type { reserveMachine } from './reserve.machine.ts';

type ReserveSnapshot = SnapshotFrom<typeof reserveMachine>;

/**
 * What the page shows: a redirect, a failure, a skeleton, not found, or the wizard (its step, or an
 * outcome). `payment` covers the whole payment step, the `paymentStep` child (`selectPaymentStep`):
 * starting the reservation, the processor's component, its confirmation and the server's check.
 */
export type ReserveView =
  | 'signIn'
  | 'failed'
  | 'loading'
  | 'notFound'
  | 'unavailable'
  | 'confirmed'
  | 'terms'
  | 'details'
  | 'tradeIn'
  | 'paymentOption'
  | 'payment';

/** The page's view of the machine's state. */
export const selectView = (snapshot: ReserveSnapshot): ReserveView => {
  if (snapshot.matches('signIn')) return snapshot.context.signInUrl ? 'signIn' : 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches('notFound') || !snapshot.context.terms) return 'notFound';
  if (snapshot.matches('confirmed')) return snapshot.context.reservation ? 'confirmed' : 'payment';
  for (const step of ['unavailable', 'terms', 'details', 'tradeIn', 'paymentOption'] as const) {
    if (snapshot.matches(step)) return step;
  }
  return 'payment';
};

/** The payment step's actor (the `paymentStep` child) while the page is on it, else undefined. */
export const selectPaymentStep = (snapshot: ReserveSnapshot) => snapshot.children.paymentStep;

/**
 * The processor whose component the page loads, once the car's terms are known: `stripe` for a
 * reservable car whose deposit goes through Stripe (its document's policy must allow Stripe's hosts).
 */
export const selectPaymentComponent = (snapshot: ReserveSnapshot): 'stripe' | null =>
  paymentComponentOf(snapshot.context);

/** Where an anonymous visitor signs in (§4 Gated routes), once the gate sent them there. */
export const selectSignInUrl = (snapshot: ReserveSnapshot): string | null =>
  snapshot.matches('signIn') ? snapshot.context.signInUrl : null;

/** Why loading failed, when it did. */
export const selectLoadError = (snapshot: ReserveSnapshot): string | null =>
  snapshot.matches('failed') ? (snapshot.context.error ?? 'Something went wrong') : null;

/** Whether the slug names no car of this site (or the dealer does not sell online). */
export const selectIsNotFound = (snapshot: ReserveSnapshot): boolean => snapshot.matches('notFound');

/** Whether this is the checkout journey (`/checkout-journey`), not a plain reservation. */
export const selectIsJourney = (snapshot: ReserveSnapshot): boolean => snapshot.context.journey;

/** The page's query (the journey's `car_id`, the gate's way back). */
export const selectSearch = (snapshot: ReserveSnapshot): string => snapshot.context.search;

/** The car and its hold terms, once loaded. */
export const selectTerms = (snapshot: ReserveSnapshot): ReserveTerms | null => snapshot.context.terms;

/** The car's name, once its terms are loaded. */
export const selectCarName = (snapshot: ReserveSnapshot): string | null =>
  snapshot.context.terms?.car.name ?? null;

/** Why the car cannot be reserved. */
export const selectUnavailable = (snapshot: ReserveSnapshot): string | null => snapshot.context.unavailable;

/** The hold, once the deposit is taken. */
export const selectReservation = (snapshot: ReserveSnapshot): Reservation | null =>
  snapshot.context.reservation;

/** How the journey's shopper pays the rest. */
export const selectPayWith = (snapshot: ReserveSnapshot): PayWith | null => snapshot.context.payWith;

/** Whether the journey's shopper trades a car in. */
export const selectTradeIn = (snapshot: ReserveSnapshot): boolean => snapshot.context.tradeIn === true;

/**
 * What step two's fields start with: the details as accepted (on Back), and in the fields still
 * blank a signed-in shopper's email and phone (issue 37 item 9). A field the shopper has typed in
 * keeps what they typed. Compare with `shallowEqual`.
 */
export const selectDetailValues = (snapshot: ReserveSnapshot): Record<string, unknown> =>
  prefillContact(snapshot.context.customer ?? {}, snapshot.context.contact);

/** Step two's messages by field. */
export const selectFieldErrors = (snapshot: ReserveSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;

/** Step two's form message, if any. */
export const selectFormError = (snapshot: ReserveSnapshot): string | null => snapshot.context.error;

/** The HTTP status the server answers the page with. */
export const selectStatus = (snapshot: ReserveSnapshot): 200 | 302 | 404 | 500 =>
  snapshot.matches('notFound')
    ? 404
    : snapshot.matches('failed')
      ? 500
      : selectSignInUrl(snapshot)
        ? 302
        : 200;
