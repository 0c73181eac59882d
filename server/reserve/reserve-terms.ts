import type { ReserveTerms } from '../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES } from '../../domain/reserve.ts';
import { reserveDeposit } from '../../domain/vehicle-actions.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { providerFor } from '../payments/provider.ts';
import { getCarBySlug } from '../store/cars.repo.ts';
import { dealerOf } from '../vehicle/vehicle-answer.ts';
import { carNotFound, type ReserveRefusal, refusal } from './refusals.ts';
import type { ReserveDeps } from './reserve-car.ts';

/** A car's hold terms on a site (`GET /api/cars/:slug/reserve`): the deposit, and why not when it cannot be reserved. */
export async function reserveTerms(
  deps: Pick<ReserveDeps, 'db' | 'payments'>,
  site: SiteConfig,
  slug: string,
): Promise<ReserveTerms | ReserveRefusal> {
  const car = await getCarBySlug(
    deps.db,
    site.dealerships.map((d) => d.id),
    slug,
  );
  if (!car?.show_on_dealer_website) return carNotFound();
  const deposit = reserveDeposit(site.reserve_deposit, car.vehicle_kind);
  const chosen = providerFor(deps.payments, car.payment_processors);
  const why = refusal(car) ?? (chosen ? null : { message: RESERVE_MESSAGES.notReservable });
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
    test_mode: chosen?.provider.name === 'local',
    reservable: why === null,
    reason: why?.message ?? null,
    deposit: {
      amount: deposit.amount,
      label: deposit.label,
      hold_hours: deposit.holdHours,
      text: deposit.text,
    },
  };
}
