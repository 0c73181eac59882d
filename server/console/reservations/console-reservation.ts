import { consoleStateOf, secondsLeft } from '../../../domain/console-reservations.ts';
import type { ConsoleReservation } from '../../../domain/contracts/console-reservations.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import type { ListedReservation } from '../../store/reservations.repo.ts';

/**
 * A stored reservation as the console shows it at `now` (issue 36 item 4): its state for the dealer
 * (a hold past its time is expired before the sweep gets to it; a release is the dealer's when it was
 * early), the car, the shopper, the deposit and its payment, and the time left on a live hold. Null
 * for a claim that never held the car (the console does not list those).
 */
export function toConsoleReservation(
  row: ListedReservation,
  site: SiteConfig,
  now: Date,
): ConsoleReservation | null {
  const state = consoleStateOf(
    { status: row.status, held_until: row.held_until, released_early: row.released_early_at !== null },
    now,
  );
  if (!state) return null;
  const dealership = site.dealerships.find((d) => d.id === row.dealership_id);
  return {
    id: row.id,
    state,
    car: {
      id: row.car_id,
      name: row.car_name ?? `Car ${row.car_id}`,
      stocknum: row.car_stocknum,
      slug: row.car_slug,
    },
    dealership: dealership?.name ?? site.name,
    shopper: { name: row.customer.name, email: row.customer.email, phone: row.customer.phone },
    deposit: { amount: row.amount_cents / 100, currency: row.currency },
    payment: {
      processor: row.processor,
      state: row.payment_state,
      reference: row.charge_id,
      brand: row.card_brand,
      last4: row.card_last4,
    },
    held_until: row.held_until ? new Date(row.held_until).toISOString() : null,
    seconds_left: state === 'held' ? secondsLeft(row.held_until, now) : null,
    created_at: new Date(row.created_at).toISOString(),
    decided_at:
      state === 'confirmed' && row.confirmed_at
        ? new Date(row.confirmed_at).toISOString()
        : state === 'released' && row.released_early_at
          ? new Date(row.released_early_at).toISOString()
          : null,
  };
}
