import type { Car, FinanceLender, FinanceLenders, FinanceProvider } from '../../domain/car.ts';
import { FINANCE_DISCLAIMER } from '../../domain/finance.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';

/** The dealership a car belongs to, as the car page shows it. */
export interface VehicleDealer {
  id: number;
  slug: string;
  name: string;
  phone: string | null;
}

/**
 * `GET /api/cars/{slug}`: the car, its dealership and the server's clock. The lenders' disclaimers are
 * left out: the finance disclaimer loads lazily from `GET /api/car-finance` (§4 Other).
 */
export interface VehicleAnswer {
  car: Car;
  dealer: VehicleDealer;
  /** When the answer was made (ISO): the "now" of time rules, so server and browser render alike. */
  as_of: string;
  /** The site's canonical origin (`https://domain`, else the origin asked on), for JSON-LD URLs. */
  origin: string;
}

/** `GET /api/car-finance?car_id=`: every lender entry of the car, each with its provider's disclaimer. */
export interface CarFinanceAnswer {
  car_id: number;
  finance_lenders: Partial<Record<FinanceProvider, FinanceLender & { disclaimer: string }>>;
}

function withoutDisclaimers(lenders: FinanceLenders): FinanceLenders {
  return Object.fromEntries(
    Object.entries(lenders).map(([provider, { disclaimer: _disclaimer, ...entry }]) => [provider, entry]),
  );
}

/** The dealership of a car among the site's dealerships (tenant scoping already done by the query). */
export function dealerOf(site: SiteConfig, car: Car): VehicleDealer {
  const dealership = site.dealerships.find((d) => d.id === car.dealership_id);
  return {
    id: car.dealership_id,
    slug: dealership?.slug ?? car.dealership_slug,
    name: dealership?.name ?? site.name,
    phone: dealership?.phone ?? null,
  };
}

/** The car page's answer. */
export function vehicleAnswer(site: SiteConfig, car: Car, now: Date, origin: string): VehicleAnswer {
  return {
    car: { ...car, finance_lenders: withoutDisclaimers(car.finance_lenders) },
    dealer: dealerOf(site, car),
    as_of: now.toISOString(),
    origin,
  };
}

/** §7 Car finance details: finance_lenders with a disclaimer per provider (the spec's default where none). */
export function carFinanceAnswer(car: Car): CarFinanceAnswer {
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
