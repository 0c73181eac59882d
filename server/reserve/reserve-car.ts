import type { ParsedRequest } from '../../domain/contracts/endpoint.ts';
import type { Reservation, ReservationPayment, reserveRequest } from '../../domain/contracts/reserve.ts';
import {
  BUY_ONLINE_LEAD_CATEGORY,
  holdUntil,
  PAY_WITH,
  RESERVE_LEAD_CATEGORY,
  RESERVE_MESSAGES,
} from '../../domain/reserve.ts';
import { reserveDeposit } from '../../domain/vehicle-actions.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import {
  type PaymentIntent,
  type PaymentProvider,
  type PaymentProviders,
  PaymentUnavailableError,
  providerFor,
} from '../payments/provider.ts';
import { getCarById } from '../store/cars.repo.ts';
import type { Db } from '../store/db.ts';
import { queuePaymentActions } from '../store/payment-actions.repo.ts';
import {
  claimCar,
  failClaim,
  holdCar,
  recordPaymentFailure,
  reservationById,
  type StoredReservation,
  setIntent,
} from '../store/reservations.repo.ts';
import { dealerOf } from '../vehicle/vehicle-answer.ts';
import { carNotFound, type ReserveRefusal, refusal, refuse } from './refusals.ts';

/**
 * What a reservation needs of the server: the store, the payment providers, the dealers' configs (a
 * webhook or the sweep settles a reservation of any site), the clock, and search's refresh.
 */
export interface ReserveDeps {
  db: Db;
  payments: PaymentProviders;
  sites: readonly SiteConfig[];
  now: () => Date;
  carsChanged: (carIds: readonly number[]) => Promise<void>;
}

/**
 * Said when the processor could not be asked how a payment stands: never "you have not been
 * charged", which only the processor knows (issue 34 item 3). The browser asks again.
 */
export const PAYMENT_UNKNOWN_MESSAGE =
  'We could not reach our payment provider to check your payment. Please wait a moment: we will check again.';

/** Said when a claim ended before its deposit was authorised, or as it was. */
const CLAIM_ENDED_MESSAGE =
  'Sorry, we could not hold this car: the time to pay ran out. Any amount authorised on your card is being released, and nothing was taken.';

/** The idempotency key of a reservation's intent: a resend, a retry or the sweep finds the same one. */
export const intentKey = (reservationId: string): string => `reserve-${reservationId}`;

/** A stored reservation as the shopper's pages show it, with its payment while it waits for one. */
function answer(reservation: StoredReservation, payment: ReservationPayment | null): Reservation {
  const pending = reservation.status === 'pending';
  return {
    reservation_id: reservation.id,
    car_id: reservation.car_id,
    status: pending ? 'awaiting_payment' : reservation.status === 'confirmed' ? 'confirmed' : 'held',
    amount: reservation.amount_cents / 100,
    currency: reservation.currency,
    held_until: !pending && reservation.held_until ? new Date(reservation.held_until).toISOString() : null,
    lead_id: reservation.lead_id,
    payment: pending ? payment : null,
  };
}

/** What the browser's payment component needs of an intent that waits for the card. */
function paymentOf(provider: PaymentProvider, intent: PaymentIntent): ReservationPayment {
  const waitsForCard = intent.status === 'requires_payment_method';
  return {
    processor: provider.name,
    intent_id: intent.id,
    client_secret: intent.clientSecret,
    publishable_key: provider.publishableKey,
    account: intent.account,
    state: waitsForCard ? 'awaiting_card' : 'processing',
    failure: waitsForCard ? intent.lastFailure : null,
  };
}

/** The site a reservation was made on. */
function siteOf(deps: ReserveDeps, reservation: StoredReservation): SiteConfig {
  const site = deps.sites.find((s) => s.id === reservation.site_id);
  if (!site) throw new Error(`no site ${reservation.site_id} for reservation ${reservation.id}`);
  return site;
}

/** The provider a reservation's intent lives with. */
function providerOf(deps: ReserveDeps, reservation: StoredReservation): PaymentProvider {
  const provider = deps.payments[reservation.processor];
  if (!provider) throw new PaymentUnavailableError(`no ${reservation.processor} provider on this server`);
  return provider;
}

/**
 * Makes the claim's intent with the processor — authorise-only, the site's deposit, on the dealer's
 * connected account with its statement descriptor — and stores its id. The idempotency key is the
 * reservation's, so calling it again (a resend after a timeout, the sweep after a crash mid-create)
 * answers the same intent and never makes a second one.
 */
export async function createIntentFor(
  deps: ReserveDeps,
  reservation: StoredReservation,
): Promise<{ reservation: StoredReservation; intent: PaymentIntent }> {
  const site = siteOf(deps, reservation);
  const provider = providerOf(deps, reservation);
  const car = await getCarById(
    deps.db,
    site.dealerships.map((d) => d.id),
    reservation.car_id,
  );
  const label = reserveDeposit(reservation.amount_cents / 100).label;
  const intent = await provider.createIntent({
    amountCents: reservation.amount_cents,
    currency: 'aud',
    idempotencyKey: intentKey(reservation.id),
    description: `${site.name}: ${label} deposit to reserve ${car ? `${car.name} (stock ${car.stocknum})` : `car ${reservation.car_id}`}`,
    statementDescriptor: site.payments?.statement_descriptor ?? null,
    account: reservation.stripe_account,
    metadata: { site: site.slug, car: String(reservation.car_id), reservation: reservation.id },
  });
  const stored = await setIntent(deps.db, reservation.id, intent.id);
  return { reservation: stored ?? reservation, intent };
}

/**
 * Reserving a car online, its first step (issue 34; issue 17 items 1, 2, 5; decisions 088, 120). The
 * deposit is the site's, computed here. The car is claimed first (one pending or held claim per car,
 * decided by the store), then the deposit's payment intent is made with the car's processor,
 * authorise-only, and its id stored: the answer is `awaiting_payment` with what the browser's payment
 * component needs (the card goes to the processor, never here). A claim lost to another shopper is
 * refused before any intent is made. A resend with the same idempotency `key` answers the same
 * reservation as it now stands — never a second intent. The processor out of reach answers 502 and
 * keeps the claim: the browser resends with the same key, or the sweep settles it.
 */
export async function startReservation(
  deps: ReserveDeps,
  site: SiteConfig,
  key: string,
  body: ParsedRequest<typeof reserveRequest>['body'],
  linkOrigin: string | null = null,
): Promise<Reservation | ReserveRefusal> {
  const car = await getCarById(
    deps.db,
    site.dealerships.map((d) => d.id),
    body.car_id,
  );
  if (!car?.show_on_dealer_website) return carNotFound();
  if (body.purchase) {
    // §2: the checkout journey is for used cars, on the dealers switched on.
    if (!hasFeature(site, 'checkoutJourney'))
      return refuse(404, 'not_found', 'This dealer does not sell cars online');
    if (car.car_type !== 'used') return refuse(409, 'not_used', RESERVE_MESSAGES.notUsed);
  }
  const chosen = providerFor(deps.payments, car.payment_processors);
  const deposit = reserveDeposit(site.reserve_deposit);
  const claim = await claimCar(deps.db, {
    siteId: site.id,
    dealershipId: car.dealership_id,
    carId: car.id,
    amountCents: Math.round(deposit.amount * 100),
    currency: 'aud',
    processor: chosen?.processor ?? 'none',
    idempotencyKey: key,
    customer: body.customer,
    account: chosen?.provider.name === 'stripe' ? (site.payments?.stripe_account ?? null) : null,
    purchase: body.purchase ?? null,
    linkOrigin,
  });
  if (claim.kind === 'replayed') {
    // A key answers only its own reservation: reused for another car it is a client's bug or a
    // probe, and answering the first car's hold would say the second was reserved (issue 31 item 9).
    if (claim.reservation.car_id !== car.id) {
      return refuse(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used for another car: send a new key for a new reservation',
        { 'Idempotency-Key': 'Used for another car' },
      );
    }
    return currentState(deps, claim.reservation);
  }
  if (claim.kind === 'taken') return refuse(409, 'car_reserved', RESERVE_MESSAGES.taken);
  const reservation = claim.reservation;
  // Checked after the claim, so a car reserved a moment ago is seen by one of the two checks.
  const refused =
    refusal(car) ??
    (chosen ? null : { code: 'not_reservable' as const, message: RESERVE_MESSAGES.notReservable });
  if (refused || !chosen) {
    await failClaim(deps.db, reservation.id, refused?.code ?? 'not_reservable');
    return refuse(409, refused?.code ?? 'not_reservable', refused?.message ?? RESERVE_MESSAGES.notReservable);
  }
  try {
    const made = await createIntentFor(deps, reservation);
    return answer(made.reservation, paymentOf(chosen.provider, made.intent));
  } catch (error) {
    // The intent may have been made before the answer was lost: the claim keeps waiting, and a
    // resend (or the sweep) asks again with the same key. No card was given yet: nothing is taken.
    if (error instanceof PaymentUnavailableError) {
      return refuse(502, 'payment_unavailable', RESERVE_MESSAGES.unavailable);
    }
    throw error;
  }
}

/**
 * The browser finished the processor's confirmation, or lost its answer (issue 34 item 3):
 * `POST /api/reservations/:id/authorisation` with the reservation's own key. The intent is looked up
 * with the processor and settled (`settleIntent`); an id with another key is not found.
 */
export async function checkAuthorisation(
  deps: ReserveDeps,
  site: SiteConfig,
  reservationId: string,
  key: string,
): Promise<Reservation | ReserveRefusal> {
  const reservation = await reservationById(deps.db, reservationId);
  if (!reservation || reservation.site_id !== site.id || reservation.idempotency_key !== key) {
    return refuse(404, 'reservation_not_found', 'No such reservation');
  }
  return currentState(deps, reservation);
}

/**
 * A reservation as it stands now: a hold or a sale as stored; a claim that ended, refused with why;
 * a pending claim settled from its intent as the processor reports it (made again with the same key
 * when none was stored, the process having stopped mid-create).
 */
async function currentState(
  deps: ReserveDeps,
  reservation: StoredReservation,
): Promise<Reservation | ReserveRefusal> {
  if (reservation.status === 'held' || reservation.status === 'confirmed') return answer(reservation, null);
  try {
    if (reservation.status === 'pending' && !reservation.charge_id) {
      const made = await createIntentFor(deps, reservation);
      return await settleIntent(deps, made.reservation, made.intent);
    }
    if (!reservation.charge_id) return ended(reservation);
    const intent = await providerOf(deps, reservation).retrieveIntent(
      reservation.charge_id,
      reservation.stripe_account,
    );
    return await settleIntent(deps, reservation, intent);
  } catch (error) {
    if (error instanceof PaymentUnavailableError) {
      return refuse(502, 'payment_unavailable', PAYMENT_UNKNOWN_MESSAGE);
    }
    throw error;
  }
}

/**
 * Settles a reservation by its intent as the processor reports it — the one rule the browser's
 * authorisation call, a webhook and the sweep all run, so they agree whatever their order (issue 34
 * items 2, 3). Authorised (`requires_capture`, or `succeeded`) while the claim is pending: one
 * transaction holds the car (payment `authorised`, the card's brand and last four), marks it
 * reserved, stores the dealer's lead (`payment_reference`: the intent) and the shopper's `held`
 * receipt → `held`. Refused: the failure is kept and shown, the claim waits for another card →
 * `awaiting_payment`, `awaiting_card`. Not decided yet → `awaiting_payment`, `processing`. The claim
 * already ended while the intent is authorised: its cancel is queued (no fee; nothing taken) → 409
 * `reservation_failed`. A held or sold reservation answers as it stands.
 */
export async function settleIntent(
  deps: ReserveDeps,
  reservation: StoredReservation,
  intent: PaymentIntent,
): Promise<Reservation | ReserveRefusal> {
  if (reservation.status === 'held' || reservation.status === 'confirmed') return answer(reservation, null);
  const authorised = intent.status === 'requires_capture' || intent.status === 'succeeded';
  if (reservation.status !== 'pending') {
    if (authorised) await queuePaymentActions(deps.db, [{ ...reservation, charge_id: intent.id }], 'cancel');
    return ended(reservation);
  }
  if (authorised) return holdAuthorised(deps, reservation, intent);
  if (intent.status === 'canceled') {
    await failClaim(deps.db, reservation.id, 'The payment was cancelled');
    return refuse(409, 'reservation_failed', CLAIM_ENDED_MESSAGE);
  }
  const failure = intent.status === 'requires_payment_method' ? intent.lastFailure : null;
  await recordPaymentFailure(deps.db, reservation.id, failure);
  return answer(reservation, paymentOf(providerOf(deps, reservation), intent));
}

/** An authorised claim held: the car, its lead and its receipt; or given back if it was sold meanwhile. */
async function holdAuthorised(
  deps: ReserveDeps,
  reservation: StoredReservation,
  intent: PaymentIntent,
): Promise<Reservation | ReserveRefusal> {
  const site = siteOf(deps, reservation);
  const car = await getCarById(
    deps.db,
    site.dealerships.map((d) => d.id),
    reservation.car_id,
  );
  if (!car || car.sold || car.status === 'sold') {
    await failClaim(deps.db, reservation.id, 'car_sold', true);
    return refuse(409, 'car_sold', RESERVE_MESSAGES.sold);
  }
  const deposit = reserveDeposit(reservation.amount_cents / 100);
  const heldUntil = holdUntil(deps.now(), deposit.holdHours);
  const { purchase, customer } = reservation;
  const held = await holdCar(deps.db, {
    id: reservation.id,
    chargeId: intent.id,
    heldUntil,
    linkOrigin: reservation.link_origin,
    card: intent.card,
    lead: {
      siteId: site.id,
      dealershipId: car.dealership_id,
      carId: car.id,
      payload: {
        category: purchase ? BUY_ONLINE_LEAD_CATEGORY : RESERVE_LEAD_CATEGORY,
        subcategory: purchase
          ? `${PAY_WITH[purchase.pay_with]}; ${deposit.label} deposit authorised`
          : `${deposit.label} deposit authorised`,
        ...(purchase ? { pay_with: purchase.pay_with, trade_in: purchase.trade_in } : {}),
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        car_id: car.id,
        car_dealership_id: car.dealership_id,
        dealership_slug: dealerOf(site, car).slug,
        form_completed: true,
        payment_reference: intent.id,
        message: `Reserved online with a ${deposit.label} deposit, authorised on the shopper's card and not yet taken (payment ${intent.id}): it is taken when you confirm the sale, and released if the hold ends. Held until ${heldUntil.toISOString()}.`,
      },
    },
  });
  if (held) {
    await deps.carsChanged([car.id]);
    return answer(held, null);
  }
  // Another path settled it a moment ago (the webhook and the browser at once), or the sweep ended it.
  const now = await reservationById(deps.db, reservation.id);
  if (!now) throw new Error(`reservation ${reservation.id} vanished`);
  return settleIntent(deps, now, intent);
}

/** A claim that ended, refused as the shopper is told. */
function ended(reservation: StoredReservation): ReserveRefusal {
  const failure = reservation.failure;
  if (failure === 'car_sold') return refuse(409, 'car_sold', RESERVE_MESSAGES.sold);
  if (failure === 'not_reservable') return refuse(409, 'not_reservable', RESERVE_MESSAGES.notReservable);
  if (failure === 'car_reserved') return refuse(409, 'car_reserved', RESERVE_MESSAGES.taken);
  if (reservation.status === 'released') {
    return refuse(409, 'reservation_failed', 'This reservation has ended. Please reserve the car again.');
  }
  return refuse(409, 'reservation_failed', CLAIM_ENDED_MESSAGE);
}
