import type { Hono } from 'hono';
import type { Car } from '../../domain/car.ts';
import { reserveRequest, reserveTermsRequest } from '../../domain/contracts/reserve.ts';
import {
  BUY_ONLINE_LEAD_CATEGORY,
  holdUntil,
  PAY_WITH,
  RESERVE_LEAD_CATEGORY,
  RESERVE_MESSAGES,
} from '../../domain/reserve.ts';
import { isReservable, reserveDeposit } from '../../domain/vehicle-actions.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import {
  PaymentDeclinedError,
  type PaymentProviders,
  PaymentUnavailableError,
  paymentProvidersFromEnv,
  providerFor,
} from '../payments/provider.ts';
import { getCarById, getCarBySlug } from '../store/cars.repo.ts';
import { claimCar, failClaim, holdCar, type StoredReservation } from '../store/reservations.repo.ts';
import { dealerOf } from '../vehicle/vehicle-answer.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the payment providers and the limiter. */
export interface ReserveRouteOptions {
  payments?: PaymentProviders;
  limiter?: Limiter;
}

/** Reservations: 10 at once, then one every 30 s per address (a shopper reserves one car, maybe retries). */
const RESERVE_BUCKET = { capacity: 10, perSecond: 1 / 30 };
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

const carNotFound = (c: ApiContext) => apiError(c, 404, 'car_not_found', 'No such car on this site');

/** Why a car of this site cannot be reserved now, as the shopper is told; null when it can. */
function refusal(car: Car): { code: 'car_sold' | 'car_reserved' | 'not_reservable'; message: string } | null {
  if (car.sold || car.status === 'sold') return { code: 'car_sold', message: RESERVE_MESSAGES.sold };
  if (car.reserved) return { code: 'car_reserved', message: RESERVE_MESSAGES.taken };
  if (!isReservable(car)) return { code: 'not_reservable', message: RESERVE_MESSAGES.notReservable };
  return null;
}

function answer(reservation: StoredReservation) {
  return {
    reservation_id: reservation.id,
    car_id: reservation.car_id,
    status: reservation.status === 'confirmed' ? ('confirmed' as const) : ('held' as const),
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
 * car for 48 hours, marks it reserved and stores the dealer's lead; search is refreshed before the
 * answer, so listings, the car page's tag and the reserve button change at once. A claim lost to
 * another shopper is refused before any charge; a refused charge frees the car; a resend with the
 * same `Idempotency-Key` answers the same reservation and charges nothing.
 */
export function reserveRoutes(deps: ApiDeps, options: ReserveRouteOptions = {}): Hono<AppEnv> {
  const payments = options.payments ?? deps.payments ?? paymentProvidersFromEnv({});
  const limiter = options.limiter ?? limiterFor(deps, RESERVE_BUCKET, 'reservations');
  const now = deps.now ?? (() => new Date());
  const carsChanged = deps.carsChanged ?? (async () => {});
  return apiRouter(
    serve(reserveTermsRequest, async (c, { params }) => {
      const site = c.get('site');
      const car = await getCarBySlug(
        deps.db,
        site.dealerships.map((d) => d.id),
        params.slug,
      );
      if (!car?.show_on_dealer_website) return carNotFound(c);
      const deposit = reserveDeposit(site.reserve_deposit, car.vehicle_kind);
      const why =
        refusal(car) ??
        (providerFor(payments, car.payment_processors)
          ? null
          : {
              message: RESERVE_MESSAGES.notReservable,
            });
      return {
        car: {
          id: car.id,
          slug: car.slug,
          name: car.name,
          price: car.price,
          primary_image_url: car.primary_image_url,
          dealership_slug: dealerOf(site, car).slug,
        },
        car_type: car.car_type,
        test_mode: providerFor(payments, car.payment_processors)?.provider.name === 'local',
        reservable: why === null,
        reason: why?.message ?? null,
        deposit: {
          amount: deposit.amount,
          label: deposit.label,
          hold_hours: deposit.holdHours,
          text: deposit.text,
        },
      };
    }),
    serve(
      reserveRequest,
      async (c, { body }) => {
        const key = c.req.header('idempotency-key') ?? '';
        if (!IDEMPOTENCY_KEY.test(key)) {
          return apiError(c, 400, 'invalid_request', 'A reservation needs an Idempotency-Key header', {
            'Idempotency-Key': '8 to 200 visible characters',
          });
        }
        const site = c.get('site');
        const car = await getCarById(
          deps.db,
          site.dealerships.map((d) => d.id),
          body.car_id,
        );
        if (!car?.show_on_dealer_website) return carNotFound(c);
        if (body.purchase) {
          // §2: the checkout journey is for used cars, on the dealers switched on.
          if (!hasFeature(site, 'checkoutJourney')) {
            return apiError(c, 404, 'not_found', 'This dealer does not sell cars online');
          }
          if (car.car_type !== 'used') return apiError(c, 409, 'not_used', RESERVE_MESSAGES.notUsed);
        }
        const chosen = providerFor(payments, car.payment_processors);
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
            return apiError(
              c,
              422,
              'idempotency_key_reused',
              'This Idempotency-Key was used for another car: send a new key for a new reservation',
              { 'Idempotency-Key': 'Used for another car' },
            );
          }
          return replay(c, claim.reservation);
        }
        if (claim.kind === 'taken') {
          return apiError(c, 409, 'car_reserved', RESERVE_MESSAGES.taken);
        }
        const reservation = claim.reservation;
        // Checked after the claim, so a car reserved a moment ago is seen by one of the two checks.
        const refused =
          refusal(car) ??
          (chosen ? null : { code: 'not_reservable' as const, message: RESERVE_MESSAGES.notReservable });
        if (refused || !chosen) {
          await failClaim(deps.db, reservation.id, refused?.code ?? 'not_reservable');
          return apiError(
            c,
            409,
            refused?.code ?? 'not_reservable',
            refused?.message ?? RESERVE_MESSAGES.notReservable,
          );
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
            return apiError(c, 402, 'payment_declined', error.message, { card_number: error.message });
          }
          await failClaim(deps.db, reservation.id, String(error));
          if (error instanceof PaymentUnavailableError) {
            return apiError(c, 502, 'payment_unavailable', RESERVE_MESSAGES.unavailable);
          }
          throw error;
        }
        const giveBack = async () => {
          await chosen.provider.refund(chargeId, `refund-${reservation.id}`).catch(() => undefined);
          await failClaim(deps.db, reservation.id, 'not held; refunded');
        };
        const at = now();
        let held: StoredReservation | null;
        try {
          held = await holdCar(deps.db, {
            id: reservation.id,
            chargeId,
            heldUntil: holdUntil(at, deposit.holdHours),
            lead: {
              siteId: site.id,
              dealershipId: car.dealership_id,
              carId: car.id,
              payload: {
                category: body.purchase ? BUY_ONLINE_LEAD_CATEGORY : RESERVE_LEAD_CATEGORY,
                subcategory: body.purchase
                  ? `${PAY_WITH[body.purchase.pay_with]}; ${deposit.label} deposit paid`
                  : `${deposit.label} deposit paid`,
                ...(body.purchase
                  ? { pay_with: body.purchase.pay_with, trade_in: body.purchase.trade_in }
                  : {}),
                name: body.customer.name,
                email: body.customer.email,
                phone: body.customer.phone,
                car_id: car.id,
                car_dealership_id: car.dealership_id,
                dealership_slug: dealerOf(site, car).slug,
                form_completed: true,
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
          return apiError(
            c,
            409,
            'reservation_failed',
            'Sorry, we could not hold this car. Your deposit has been refunded.',
          );
        }
        await carsChanged([car.id]);
        return answer(held);
      },
      [rateLimit(limiter, 'reservations')],
    ),
  );
}

/** A resend of a reservation: its outcome again, never a second charge. */
function replay(c: ApiContext, reservation: StoredReservation) {
  if (reservation.status === 'held' || reservation.status === 'confirmed') return answer(reservation);
  if (reservation.status === 'pending') {
    return apiError(
      c,
      409,
      'reservation_failed',
      'This reservation is still being processed. Please wait a moment.',
    );
  }
  const failure = reservation.failure ?? RESERVE_MESSAGES.declined;
  if (failure === 'car_sold') return apiError(c, 409, 'car_sold', RESERVE_MESSAGES.sold);
  if (failure === 'not_reservable') return apiError(c, 409, 'not_reservable', RESERVE_MESSAGES.notReservable);
  if (failure === 'car_reserved') return apiError(c, 409, 'car_reserved', RESERVE_MESSAGES.taken);
  if (reservation.status === 'released') {
    return apiError(
      c,
      409,
      'reservation_failed',
      'This reservation has ended. Please reserve the car again.',
    );
  }
  return /^Your card|^This is a demonstration/.test(failure)
    ? apiError(c, 402, 'payment_declined', failure)
    : apiError(c, 502, 'payment_unavailable', RESERVE_MESSAGES.unavailable);
}
