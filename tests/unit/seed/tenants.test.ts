import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { loadSeedTenants } from '../../../server/seed/load-tenants.ts';
import { carLocationOf, toSeedTenant } from '../../../server/seed/seed-tenant.ts';
import type { SiteConfigInput } from '../../../tenants/tenant.schema.ts';
import { siteConfigSchema } from '../../../tenants/tenant.schema.ts';

const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  status: 'Open' as const,
  open: '08:00',
  close: '17:00',
}));
const address = {
  street: '45 Duckworth Street',
  city: 'Garbutt',
  state: 'qld' as const,
  postcode: '4814',
  lat: -19.26,
  long: 146.77,
};

function location(id: number, dealership: [number, string], type: 'sales' | 'service' = 'sales') {
  return {
    id,
    name: `${dealership[1]} ${type}`,
    slug: `${dealership[1]}-${type}`,
    location_type: type,
    dealership_id: dealership[0],
    dealership_slug: dealership[1],
    phone: '07 4700 1031',
    address,
    opening_hours: hours,
  };
}

const outback: SiteConfigInput = {
  id: 103,
  slug: 'outback-rv',
  name: 'Outback RV',
  template: 'leisure',
  description: 'RVs',
  tagline: 'Go',
  dealership_id: 1031,
  manufacturer: null,
  address,
  phone: '07 4700 1031',
  email: 'sales@outback.example.com',
  vehicle_kinds: ['cars', 'caravans', 'motorcycles'],
  dealerships: [
    {
      id: 1031,
      slug: 'outback-caravans',
      name: 'Outback Caravans',
      manufacturer_slug: null,
      phone: '07 4700 1031',
    },
    {
      id: 1032,
      slug: 'outback-motorcycles',
      name: 'Outback Motorcycles',
      manufacturer_slug: null,
      phone: '07 4700 1032',
    },
    { id: 1033, slug: 'outback-cars', name: 'Outback Cars', manufacturer_slug: null, phone: '07 4700 1033' },
  ],
  locations: [
    location(10311, [1031, 'outback-caravans']),
    location(10331, [1033, 'outback-cars']),
    location(10332, [1033, 'outback-cars'], 'service'),
  ],
};

describe('seed tenants', () => {
  it('come from a site config, with stock profiles from what each dealership sells', () => {
    const tenant = toSeedTenant(siteConfigSchema.parse(outback));
    expect(tenant.dealerships.map((d) => d.stock)).toEqual(['caravans', 'motorcycles', 'mixed']);
    const yamaha = outback.dealerships.map((d) =>
      d.id === 1032 ? { ...d, manufacturer_slug: 'yamaha' } : d,
    );
    expect(
      toSeedTenant(siteConfigSchema.parse({ ...outback, dealerships: yamaha })).dealerships[1]?.stock,
    ).toBe('motorcycles');
    const mazda = {
      id: 1011,
      slug: 'bayside-mazda',
      name: 'Bayside Mazda',
      manufacturer_slug: 'mazda',
      phone: '07 3000 1011',
    };
    const franchise = {
      ...outback,
      template: 'franchise',
      vehicle_kinds: ['cars'],
      dealership_id: 1011,
      dealerships: [mazda],
      locations: [location(10111, [1011, 'bayside-mazda'])],
    };
    expect(toSeedTenant(siteConfigSchema.parse(franchise)).dealerships[0]?.stock).toBe('franchise');
    const used = { ...franchise, template: 'used', dealerships: [{ ...mazda, manufacturer_slug: null }] };
    expect(toSeedTenant(siteConfigSchema.parse(used)).dealerships[0]?.stock).toBe('used');
  });

  it('put a car at its dealership’s sales location, else the tenant’s first', () => {
    const tenant = toSeedTenant(siteConfigSchema.parse(outback));
    expect(carLocationOf(tenant, 1033)).toMatchObject({
      slug: 'outback-cars-sales',
      state: 'QLD',
      address: { id: 10331, postcode: '4814' },
    });
    expect(carLocationOf(tenant, 1032)?.slug).toBe('outback-caravans-sales');
    expect(carLocationOf(tenant, 1031)?.distribution_locations).toEqual(['outback-cars-sales']);
  });

  it('load from tenants/<slug>/site.json, falling back to the demo tenants when there are none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-tenants-'));
    try {
      expect(loadSeedTenants(dir)).toEqual(DEMO_TENANTS);
      mkdirSync(join(dir, 'outback-rv'));
      writeFileSync(join(dir, 'outback-rv', 'site.json'), JSON.stringify(outback));
      expect(loadSeedTenants(dir).map((t) => t.slug)).toEqual(['outback-rv']);
      writeFileSync(join(dir, 'outback-rv', 'site.json'), JSON.stringify({ ...outback, id: 'x' }));
      expect(() => loadSeedTenants(dir)).toThrow(/outback-rv\/site\.json: id:/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fix the demo ids the other folders rely on', () => {
    expect(DEMO_TENANTS.map((t) => [t.slug, t.id, t.dealerships.map((d) => d.id)])).toEqual([
      ['bayside-mazda', 101, [1011]],
      ['harbour-auto-group', 102, [1021, 1022, 1023, 1024]],
      ['outback-rv', 103, [1031, 1032, 1033]],
      ['metro-used', 104, [1041]],
    ]);
  });
});

describe('the tenants the seed loads (the repository’s files, or the demo fallback)', () => {
  it('give each demo dealership stock of the kind it sells', async () => {
    const { generateCars } = await import('../../../server/seed/cars.ts');
    const tenants = loadSeedTenants();
    const cars = generateCars(tenants, { seed: 1, now: new Date('2025-06-01T00:00:00Z') });
    const kinds = (slug: string) =>
      new Set(cars.filter((c) => c.dealership_slug === slug).map((c) => c.vehicle_kind));
    const slugs = tenants.flatMap((t) => t.dealerships.map((d) => d.slug));
    if (slugs.includes('outback-caravans')) expect(kinds('outback-caravans')).toEqual(new Set(['caravans']));
    if (slugs.includes('outback-motorcycles'))
      expect(kinds('outback-motorcycles')).toEqual(new Set(['motorcycles']));
    if (slugs.includes('outback-cars')) expect(kinds('outback-cars')).toEqual(new Set(['cars']));
    if (slugs.includes('bayside-mazda')) {
      expect(
        cars
          .filter((c) => c.dealership_slug === 'bayside-mazda' && c.car_type === 'new')
          .every((c) => c.make === 'Mazda'),
      ).toBe(true);
    }
    expect(cars.length).toBeGreaterThanOrEqual(2000);
  });
});
