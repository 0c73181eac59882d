import type { CarLocation, FinanceProvider } from '../../domain/car.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';

/**
 * What the seed and stock import need to know about a tenant: its dealerships and locations. A
 * validated `SiteConfig` converts with {@link toSeedTenant}; tests use `DEMO_TENANTS`.
 */

/** The kind of stock a dealership carries, which decides what the seed generates for it. */
export type StockProfile = 'franchise' | 'used' | 'mixed' | 'caravans' | 'motorcycles';

/** A dealership within a tenant. */
export interface SeedDealership {
  id: number;
  slug: string;
  name: string;
  /** The franchise make's slug, or null for multi-make yards. */
  manufacturer_slug: string | null;
  stock: StockProfile;
}

/** A location of a dealership. */
export interface SeedLocation {
  id: number;
  slug: string;
  name: string;
  location_type: 'sales' | 'service' | 'parts' | '';
  dealership_id: number;
  dealership_slug: string;
  phone: string;
  address: { street: string; city: string; state: string; postcode: string; place_url?: string | undefined };
}

/** A tenant (dealer site) as the seed and import see it. */
export interface SeedTenant {
  id: number;
  slug: string;
  name: string;
  finance_provider: FinanceProvider | null;
  dealerships: readonly SeedDealership[];
  locations: readonly SeedLocation[];
}

function profileOf(site: SiteConfig, dealership: SiteConfig['dealerships'][number]): StockProfile {
  const words = `${dealership.slug} ${dealership.name}`.toLowerCase();
  if (site.vehicle_kinds.includes('caravans') && /caravan|camper|\brv\b/.test(words)) return 'caravans';
  if (site.vehicle_kinds.includes('motorcycles') && /motorcycle|motorbike|bike|moto/.test(words)) {
    return 'motorcycles';
  }
  if (site.template === 'leisure') return 'mixed';
  return dealership.manufacturer_slug ? 'franchise' : 'used';
}

/**
 * A validated site config as a seed tenant. A dealership whose slug or name mentions caravans or
 * motorcycles (on a site that sells them) carries those, its manufacturer's first; other cars on a
 * leisure site are mixed new and used stock; elsewhere a dealership with a manufacturer is a
 * franchise and one without is a used yard.
 */
export function toSeedTenant(site: SiteConfig): SeedTenant {
  return {
    id: site.id,
    slug: site.slug,
    name: site.name,
    finance_provider: site.finance_provider,
    dealerships: site.dealerships.map((dealership) => ({
      id: dealership.id,
      slug: dealership.slug,
      name: dealership.name,
      manufacturer_slug: dealership.manufacturer_slug,
      stock: profileOf(site, dealership),
    })),
    locations: site.locations.map((location) => ({
      id: location.id,
      slug: location.slug,
      name: location.name,
      location_type: location.location_type,
      dealership_id: location.dealership_id,
      dealership_slug: location.dealership_slug,
      phone: location.phone,
      address: location.address,
    })),
  };
}

/** The location a dealership's cars are shown at: its sales location, else any of its own, else the first. */
export function salesLocationOf(
  tenant: Pick<SeedTenant, 'locations'>,
  dealershipId: number,
): SeedLocation | null {
  const own = tenant.locations.filter((location) => location.dealership_id === dealershipId);
  return own.find((location) => location.location_type === 'sales') ?? own[0] ?? tenant.locations[0] ?? null;
}

/** A car's `location` object for a dealership of the tenant, or null when the tenant has no locations. */
export function carLocationOf(
  tenant: Pick<SeedTenant, 'locations'>,
  dealershipId: number,
): CarLocation | null {
  const location = salesLocationOf(tenant, dealershipId);
  if (!location) return null;
  const state = location.address.state.toUpperCase();
  return {
    phone: location.phone,
    slug: location.slug,
    city: location.address.city,
    state,
    location_name: location.name,
    name: location.name,
    address: {
      id: location.id,
      street: location.address.street,
      city: location.address.city,
      state,
      postcode: location.address.postcode,
      place_url: location.address.place_url ?? null,
    },
    distribution_locations: tenant.locations
      .filter((other) => other.location_type === 'sales' && other.id !== location.id)
      .map((other) => other.slug),
  };
}
