import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import {
  type AdminReservation,
  confirmSaleEndpoint,
  confirmSaleRequest,
  reservationsListEndpoint,
} from '../../domain/contracts/reserve.ts';
import { toAdminReservation } from '../reserve/admin.routes.ts';
import { confirmSale, listReservations } from '../store/reservations.repo.ts';
import { findStoreOwner, StoreHeldError } from '../store/store-owner.ts';
import { loadTenants } from '../tenants/load.ts';
import { askHoldingServer, DATA_DIR, withOwnStore } from './holding-server.ts';

/**
 * `npm run reservations -- --tenant <slug> [--confirm <reservation id>]`: a dealer's reservations,
 * newest first, each with its deposit's payment state, card brand and last four and the processor's
 * payment id (issue 34 item 6: `needs_attention` is one an operator settles by hand), or the sale of a
 * held car confirmed (issue 17 item 2: the hold is kept, never released, the car is sold in the store
 * and search, and the deposit's capture is queued — sent by the server). Through the server holding
 * the store of this data folder when one runs, like `npm run leads`.
 */
const USAGE = 'usage: npm run reservations -- --tenant <slug> [--confirm <reservation id>]';

const line = (r: AdminReservation) =>
  [
    r.id,
    r.status.padEnd(9),
    `car ${r.car_id}`,
    `${r.currency} ${r.amount}`,
    r.customer.name,
    r.customer.email,
    r.held_until ? `held until ${r.held_until}` : '',
    `payment ${r.payment.state}${r.payment.brand && r.payment.last4 ? ` (${r.payment.brand} ending ${r.payment.last4})` : ''}`,
    r.payment.intent_id ?? '',
  ]
    .filter(Boolean)
    .join('  ');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { tenant: { type: 'string' }, confirm: { type: 'string' } },
  });
  if (!values.tenant || positionals.length > 0) throw new Error(USAGE);
  const tenant = values.tenant;
  if (
    values.confirm &&
    !z.safeParse(confirmSaleRequest.request().body, { tenant, reservation: values.confirm }).success
  ) {
    throw new Error(`${values.confirm} is not a reservation id; ${USAGE}`);
  }
  const owner = findStoreOwner(DATA_DIR);
  if (owner && !owner.url) throw new StoreHeldError(DATA_DIR, owner);
  if (owner?.url) {
    const server = { ...owner, url: owner.url };
    if (values.confirm) {
      const answer = z.parse(
        confirmSaleEndpoint.answer,
        await askHoldingServer(server, confirmSaleEndpoint.path, {
          method: 'POST',
          body: { tenant, reservation: values.confirm },
        }),
      );
      console.log(`Sale confirmed: ${line(answer.reservation)}`);
      return;
    }
    const answer = z.parse(
      reservationsListEndpoint.answer,
      await askHoldingServer(server, `${reservationsListEndpoint.path}?${new URLSearchParams({ tenant })}`),
    );
    for (const reservation of answer.reservations) console.log(line(reservation));
    return;
  }
  const site = loadTenants(process.env.TENANTS_DIR || undefined).find((s) => s.slug === tenant);
  if (!site) throw new Error(`unknown tenant ${tenant}`);
  await withOwnStore('reservations', async (db) => {
    if (values.confirm) {
      const result = await confirmSale(db, site.id, values.confirm, new Date());
      if (result.kind === 'not_found') throw new Error(`${site.name} has no reservation ${values.confirm}`);
      if (result.kind === 'not_held')
        throw new Error(`Only a held car can be sold: this reservation is ${result.status}`);
      if (result.kind === 'expired')
        throw new Error(`Only a held car can be sold: this hold ran out at ${result.heldUntil}`);
      console.log(`Sale confirmed: ${line(toAdminReservation(result.reservation))}`);
      return;
    }
    for (const reservation of await listReservations(db, site.id))
      console.log(line(toAdminReservation(reservation)));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
