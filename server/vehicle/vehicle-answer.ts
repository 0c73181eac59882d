import type { Car, FinanceLender, FinanceLenders, FinanceProvider } from '../../domain/car.ts';
import type { CarAnswer, CarDealer, CarFinance } from '../../domain/contracts/vehicle.ts';
import { FINANCE_DISCLAIMER } from '../../domain/finance.ts';
import type { PricePoint } from '../../domain/price-history.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';

function withoutDisclaimers(lenders: FinanceLenders): FinanceLenders {
  return Object.fromEntries(
    Object.entries(lenders).map(([provider, { disclaimer: _disclaimer, ...entry }]) => [provider, entry]),
  );
}

/** The dealership of a car among the site's dealerships (tenant scoping already done by the query). */
export function dealerOf(site: SiteConfig, car: Car): CarDealer {
  const dealership = site.dealerships.find((d) => d.id === car.dealership_id);
  return {
    id: car.dealership_id,
    slug: dealership?.slug ?? car.dealership_slug,
    name: dealership?.name ?? site.name,
    phone: dealership?.phone ?? null,
  };
}

/** The car page's answer. */
export function carAnswer(
  site: SiteConfig,
  car: Car,
  now: Date,
  origin: string,
  priceHistory: readonly PricePoint[] = [],
): CarAnswer {
  return {
    car: { ...car, finance_lenders: withoutDisclaimers(car.finance_lenders) },
    dealer: dealerOf(site, car),
    price_history: [...priceHistory],
    as_of: now.toISOString(),
    origin,
  };
}

/** §7 Car finance details: finance_lenders with a disclaimer per provider (the spec's default where none). */
export function carFinanceAnswer(car: Car): CarFinance {
  const lenders = Object.entries(car.finance_lenders) as [FinanceProvider, FinanceLender][];
  return {
    car_id: car.id,
    finance_lenders: Object.fromEntries(
      lenders.map(([provider, entry]) => [
        provider,
        { ...entry, disclaimer: entry.disclaimer?.trim() || FINANCE_DISCLAIMER },
      ]),
    ),
  };
}
