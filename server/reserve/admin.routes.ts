import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod/mini';
import { routePath } from '../../domain/contracts/endpoint.ts';
import {
  type AdminReservation,
  confirmSaleRequest,
  reservationsListRequest,
} from '../../domain/contracts/reserve.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { apiError } from '../api/api-error.ts';
import { adminOnly } from '../auth/admin-token.ts';
import { refuseUnstorableText } from '../auth/request.ts';
import type { Db } from '../store/db.ts';
import { confirmSale, listReservations, type StoredReservation } from '../store/reservations.repo.ts';

/** The admin sub-app's paths, relative to its `/api/admin` mount. */
const LIST_ROUTE = routePath(reservationsListRequest).slice('/admin'.length);
const CONFIRM_ROUTE = routePath(confirmSaleRequest).slice('/admin'.length);

/** A confirmation names a site and a reservation: far below this. */
const MAX_CONFIRM_BODY = 4 * 1024;

/** A stored reservation as the dealer's command shows it, with its deposit's payment (issue 34 item 6). */
export function toAdminReservation(reservation: StoredReservation): AdminReservation {
  return {
    id: reservation.id,
    car_id: reservation.car_id,
    status: reservation.status,
    amount: reservation.amount_cents / 100,
    currency: reservation.currency,
    customer: { name: reservation.customer.name, email: reservation.customer.email },
    held_until: reservation.held_until ? new Date(reservation.held_until).toISOString() : null,
    created_at: new Date(reservation.created_at).toISOString(),
    payment: {
      processor: reservation.processor,
      intent_id: reservation.charge_id,
      state: reservation.payment_state,
      brand: reservation.card_brand,
      last4: reservation.card_last4,
    },
  };
}

/**
 * `GET /api/admin/reservations` and `POST /api/admin/reservations/confirm` (contracts in
 * `domain/contracts/reserve.ts`): what `npm run reservations` calls while a server holds the store.
 * A confirmed sale refreshes the car in search (and so every kept page) before the answer.
 */
export function reservationsAdminRoutes(deps: {
  db: Db;
  sites: readonly SiteConfig[];
  adminToken: string;
  carsChanged: (carIds: readonly number[]) => Promise<void>;
  now?: () => Date;
}): Hono {
  const now = deps.now ?? (() => new Date());
  const listQuery = reservationsListRequest.request().query;
  const confirmBody = confirmSaleRequest.request().body;
  const siteOf = (slug: string) => deps.sites.find((site) => site.slug === slug);
  const limit = bodyLimit({
    maxSize: MAX_CONFIRM_BODY,
    onError: (c) =>
      apiError(c, 413, 'payload_too_large', `The request body is over ${MAX_CONFIRM_BODY / 1024} kB`),
  });
  return new Hono()
    .get(LIST_ROUTE, adminOnly(deps.adminToken), async (c) => {
      const parsed = z.safeParse(listQuery, c.req.query());
      if (!parsed.success) return apiError(c, 400, 'invalid_request', 'Expected ?tenant=<slug>');
      const site = siteOf(parsed.data.tenant);
      if (!site) return apiError(c, 404, 'unknown_tenant', `No dealer site ${parsed.data.tenant}`);
      const reservations = await listReservations(deps.db, site.id);
      return c.json({ reservations: reservations.map(toAdminReservation) });
    })
    .post(CONFIRM_ROUTE, limit, adminOnly(deps.adminToken), async (c) => {
      const body = await c.req.json().catch(() => undefined);
      const unstorable = refuseUnstorableText(c, body, 400);
      if (unstorable) return unstorable;
      const parsed = z.safeParse(confirmBody, body);
      if (!parsed.success) {
        return apiError(c, 400, 'invalid_request', 'Expected { tenant, reservation } with a reservation id');
      }
      const site = siteOf(parsed.data.tenant);
      if (!site) return apiError(c, 404, 'unknown_tenant', `No dealer site ${parsed.data.tenant}`);
      const result = await confirmSale(deps.db, site.id, parsed.data.reservation, now());
      if (result.kind === 'not_found') {
        return apiError(
          c,
          404,
          'reservation_not_found',
          `${site.name} has no reservation ${parsed.data.reservation}`,
        );
      }
      if (result.kind === 'expired') {
        return apiError(
          c,
          409,
          'not_held',
          `Only a held car can be sold: this hold ran out at ${result.heldUntil}`,
        );
      }
      if (result.kind === 'not_held') {
        return apiError(
          c,
          409,
          'not_held',
          `Only a held car can be sold: this reservation is ${result.status}`,
        );
      }
      await deps.carsChanged([result.reservation.car_id]);
      return c.json({ reservation: toAdminReservation(result.reservation) });
    });
}
