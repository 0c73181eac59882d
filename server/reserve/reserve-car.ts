import type { ParsedRequest } from '../../domain/contracts/endpoint.ts';
import type { Reservation, reserveRequest } from '../../domain/contracts/reserve.ts';
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
  PaymentDeclinedError,
  type PaymentProviders,
  PaymentUnavailableError,
  providerFor,
} from '../payments/provider.ts';
import { getCarById } from '../store/cars.repo.ts';
import type { Db } from '../store/db.ts';
import { claimCar, failClaim, holdCar, type StoredReservation } from '../store/reservations.repo.ts';
import { dealerOf } from '../vehicle/vehicle-answer.ts';
import { carNotFound, type ReserveRefusal, refusal, refuse } from './refusals.ts';

/** What a reservation needs of the server: the store, the deposit takers, the clock, and search's refresh. */
export interface ReserveDeps {
  db: Db;
  payments: PaymentProviders;
  now: () => Date;
  carsChanged: (carIds: readonly number[]) => Promise<void>;
}

/** A stored reservation as the shopper's confirmation shows it. */
function answer(reservation: StoredReservation): Reservation {
  return {
    reservation_id: reservation.id,
    car_id: reservation.car_id,
    status: reservation.status === 'confirmed' ? 'confirmed' : 'held',
    amount: reservation.amount_cents / 100,
    currency: reservation.currency,
    held_until: new Date(reservation.held_until ?? reservation.created_at).toISOString(),
    lead_id: reservation.lead_id,
  };
}

/**
 * Reserving a car online (issue 17 items 1, 2, 5; decision 088). The deposit is the site's, computed
 * here. A reservation first claims the car (one pending or held claim per car, decided by the store),
 * then charges the deposit through the car's payment processor, then — in one transaction — holds the
 * car for 48 hours, marks it reserved and stores the dealer's lead (`Buy Online` with the shopper's
 * pay-with and trade-in choices on the checkout journey, `Reserve Online` otherwise); search is
 * refreshed before the answer, so listings, the car page's tag and the reserve button change at once.
 * A claim lost to another shopper is refused before any charge; a refused charge frees the car; a
 * resend with the same idempotency `key` answers the same reservation and charges nothing. The lead
 * carries the payment reference (the provider's charge id); the hold's transaction also stores the
 * shopper's receipt, whose links start at `linkOrigin` (`emailLinkOrigin`, issue 34 item 5).
 */
export async function reserveCar(
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
    return replay(claim.reservation);
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
  let chargeId: string;
  try {
    ({ chargeId } = await chosen.provider.charge({
      amountCents: reservation.amount_cents,
      currency: 'aud',
      paymentMethod: body.payment_method,
      idempotencyKey: `reserve-${reservation.id}`,
      description: `${site.name}: ${deposit.label} deposit to reserve ${car.name} (stock ${car.stocknum})`,
    }));
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await failClaim(deps.db, reservation.id, error.message);
      return refuse(402, 'payment_declined', error.message, { card_number: error.message });
    }
    await failClaim(deps.db, reservation.id, String(error));
    if (error instanceof PaymentUnavailableError) {
      return refuse(502, 'payment_unavailable', RESERVE_MESSAGES.unavailable);
    }
    throw error;
  }
  const giveBack = async () => {
    await chosen.provider.refund(chargeId, `refund-${reservation.id}`).catch(() => undefined);
    await failClaim(deps.db, reservation.id, 'not held; refunded');
  };
  const at = deps.now();
  let held: StoredReservation | null;
  try {
    held = await holdCar(deps.db, {
      id: reservation.id,
      chargeId,
      heldUntil: holdUntil(at, deposit.holdHours),
      linkOrigin,
      lead: {
        siteId: site.id,
        dealershipId: car.dealership_id,
        carId: car.id,
        payload: {
          category: body.purchase ? BUY_ONLINE_LEAD_CATEGORY : RESERVE_LEAD_CATEGORY,
          subcategory: body.purchase
            ? `${PAY_WITH[body.purchase.pay_with]}; ${deposit.label} deposit paid`
            : `${deposit.label} deposit paid`,
          ...(body.purchase ? { pay_with: body.purchase.pay_with, trade_in: body.purchase.trade_in } : {}),
          name: body.customer.name,
          email: body.customer.email,
          phone: body.customer.phone,
          car_id: car.id,
          car_dealership_id: car.dealership_id,
          dealership_slug: dealerOf(site, car).slug,
          form_completed: true,
          payment_reference: chargeId,
          message: `Reserved online with a ${deposit.label} deposit (charge ${chargeId}). Held until ${holdUntil(at, deposit.holdHours).toISOString()}.`,
        },
      },
    });
  } catch (error) {
    // The hold could not be written: the deposit goes back before the fault is reported.
    await giveBack();
    throw error;
  }
  if (!held) {
    // The sweep gave the claim up while the charge was in flight: the deposit goes back.
    await giveBack();
    return refuse(
      409,
      'reservation_failed',
      'Sorry, we could not hold this car. Your deposit has been refunded.',
    );
  }
  await deps.carsChanged([car.id]);
  return answer(held);
}

/** A resend of a reservation: its outcome again, never a second charge. */
function replay(reservation: StoredReservation): Reservation | ReserveRefusal {
  if (reservation.status === 'held' || reservation.status === 'confirmed') return answer(reservation);
  if (reservation.status === 'pending') {
    return refuse(
      409,
      'reservation_failed',
      'This reservation is still being processed. Please wait a moment.',
    );
  }
  const failure = reservation.failure ?? RESERVE_MESSAGES.declined;
  if (failure === 'car_sold') return refuse(409, 'car_sold', RESERVE_MESSAGES.sold);
  if (failure === 'not_reservable') return refuse(409, 'not_reservable', RESERVE_MESSAGES.notReservable);
  if (failure === 'car_reserved') return refuse(409, 'car_reserved', RESERVE_MESSAGES.taken);
  if (reservation.status === 'released') {
    return refuse(409, 'reservation_failed', 'This reservation has ended. Please reserve the car again.');
  }
  return /^Your card|^This is a demonstration/.test(failure)
    ? refuse(402, 'payment_declined', failure)
    : refuse(502, 'payment_unavailable', RESERVE_MESSAGES.unavailable);
}
