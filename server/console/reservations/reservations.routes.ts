import { STATE_TIME_ZONES } from '../../../domain/au-state.ts';
import { RESERVATION_REFUSALS } from '../../../domain/console-reservations.ts';
import {
  CONSOLE_RESERVATIONS_LIMIT,
  type ConsoleReservation,
  confirmReservationRequest,
  consoleReservationsRequest,
  releaseReservationRequest,
} from '../../../domain/contracts/console-reservations.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { apiError } from '../../api/api-error.ts';
import { type ApiContext, type ServedEndpoint, serve } from '../../api/serve.ts';
import type { Db } from '../../store/db.ts';
import {
  confirmSale,
  countSiteReservations,
  type HoldRefusal,
  listSiteReservations,
  releaseHold,
  type WithinDecision,
} from '../../store/reservations.repo.ts';
import { recordAudit } from '../audit.ts';
import { toConsoleReservation } from './console-reservation.ts';

/** What the console's reservations use: the store, search's refresh and the clock (tests pin it). */
export interface ReservationsConsoleDeps {
  db: Db;
  /**
   * Refreshes these cars in search (and so every kept page) after a sale or a release: the server
   * binds `refreshCars`; nothing by default (a test without search).
   */
  carsChanged?: (carIds: readonly number[]) => Promise<void>;
  now?: () => Date;
}

/** A refused decision in the house's error body: 404 for none of this site's, else 409 saying why. */
function refuse(c: ApiContext, refusal: HoldRefusal) {
  if (refusal.kind === 'not_found') {
    return apiError(c, 404, 'reservation_not_found', RESERVATION_REFUSALS.notFound);
  }
  if (refusal.kind === 'expired') return apiError(c, 409, 'hold_expired', RESERVATION_REFUSALS.expired);
  switch (refusal.status) {
    case 'confirmed':
      return apiError(c, 409, 'already_confirmed', RESERVATION_REFUSALS.alreadyConfirmed);
    case 'released':
      return refusal.releasedEarly
        ? apiError(c, 409, 'already_released', RESERVATION_REFUSALS.alreadyReleased)
        : apiError(c, 409, 'hold_expired', RESERVATION_REFUSALS.expired);
    case 'pending':
      return apiError(c, 409, 'not_held', RESERVATION_REFUSALS.awaitingPayment);
    default:
      return apiError(c, 409, 'not_held', RESERVATION_REFUSALS.failed);
  }
}

/** The member `serve()` let through (its contract's `staff` guard ran first). */
function memberOf(c: ApiContext): StaffMember {
  const member = c.get('staff');
  if (!member) throw new Error('a console endpoint ran without its staff guard');
  return member;
}

/**
 * The dealer console's reservations (issue 36 item 4; contracts in
 * `domain/contracts/console-reservations.ts`, any signed-in member of the site's staff): the list by
 * state with the time left on each hold; confirming a sale through the same `confirmSale` as `npm run
 * reservations`; releasing a hold early (`releaseHold`). Each decision writes its audit entry in its
 * own transaction and refreshes the car in search after the commit. Only this site's reservations:
 * another's id is 404.
 */
export function reservationsConsoleEndpoints(deps: ReservationsConsoleDeps): ServedEndpoint[] {
  const now = deps.now ?? (() => new Date());
  const carsChanged = deps.carsChanged ?? (async () => {});
  const audited =
    (member: StaffMember, action: 'reservation.confirm' | 'reservation.release'): WithinDecision =>
    (tx, reservation) =>
      recordAudit(tx, {
        siteId: member.site_id,
        staffId: member.id,
        action,
        subject: `reservation ${reservation.id}`,
        detail: {
          car_id: reservation.car_id,
          deposit: reservation.amount_cents / 100,
          currency: reservation.currency,
          payment_reference: reservation.charge_id,
        },
      });
  /** The reservation as it now is, with its car, for the answer. */
  const answerFor = async (site: SiteConfig, id: string, at: Date): Promise<ConsoleReservation> => {
    const [row] = await listSiteReservations(deps.db, site.id, { filter: null, now: at, limit: 1, id });
    const listed = row ? toConsoleReservation(row, site, at) : null;
    if (!listed) throw new Error(`reservation ${id} vanished after its decision`);
    return listed;
  };
  return [
    serve(consoleReservationsRequest, async (c, { query }) => {
      const site = c.get('site');
      const at = now();
      const filter = query.state ?? null;
      const [rows, counts] = await Promise.all([
        listSiteReservations(deps.db, site.id, { filter, now: at, limit: CONSOLE_RESERVATIONS_LIMIT }),
        countSiteReservations(deps.db, site.id, at),
      ]);
      return {
        reservations: rows.flatMap((row) => toConsoleReservation(row, site, at) ?? []),
        counts,
        as_of: at.toISOString(),
        time_zone: STATE_TIME_ZONES[site.address.state],
      };
    }),
    serve(confirmReservationRequest, async (c, { params }) => {
      const site = c.get('site');
      const at = now();
      const member = memberOf(c);
      const result = await confirmSale(
        deps.db,
        site.id,
        params.reservation,
        at,
        audited(member, 'reservation.confirm'),
      );
      if (result.kind !== 'confirmed') return refuse(c, result);
      await carsChanged([result.reservation.car_id]);
      return { reservation: await answerFor(site, result.reservation.id, at) };
    }),
    serve(releaseReservationRequest, async (c, { params }) => {
      const site = c.get('site');
      const at = now();
      const member = memberOf(c);
      const result = await releaseHold(
        deps.db,
        site.id,
        params.reservation,
        at,
        audited(member, 'reservation.release'),
      );
      if (result.kind !== 'released') return refuse(c, result);
      await carsChanged([result.reservation.car_id]);
      return { reservation: await answerFor(site, result.reservation.id, at) };
    }),
  ];
}
