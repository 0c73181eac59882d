import { describe, expect, it } from 'vitest';
import type { CarInput } from '../../../domain/car.ts';
import { vehicleView } from '../../../machines/vehicle-page/vehicle-view.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { toPublicSite } from '../../../tenants/public-site.ts';
import { vehicleSettings } from '../../../views/vehicle/vehicle-settings.ts';
import { buildCar } from '../../fixtures/cars.ts';
import { testConnection } from '../../fixtures/public-site.ts';

const sites = loadTenants();
const settingsOf = (slug: string) => {
  const config = sites.find((site) => site.slug === slug);
  if (!config) throw new Error(`no site ${slug}`);
  return vehicleSettings(toPublicSite(config, testConnection));
};
const viewOf = (slug: string, dealership: { id: number; slug: string }, overrides: Partial<CarInput>) =>
  vehicleView(
    {
      car: buildCar({
        dealership_id: dealership.id,
        dealership_slug: dealership.slug,
        payment_processors: ['stripe'],
        ...overrides,
      }),
      dealer: { id: dealership.id, slug: dealership.slug, name: slug, phone: '07 5550 1100' },
      as_of: '2026-03-01T00:00:00.000Z',
      origin: 'https://www.example.com.au',
      price_history: [],
    },
    settingsOf(slug),
  );

/**
 * `search-detail-finance-watchlist.md` §2 Routes "/cars/{slug}/checkout: Reserve a car.
 * /cars/{slug}/buy-online on some dealer sites" and "/checkout-journey?car_id={slug}: Online purchase;
 * used cars only; some sites"; §2 collapsible sections (Reserve Online) and sidebar (reserve).
 */
describe('where a car page reserves and sells a car', () => {
  it('Metro: the sidebar buys the used car on the checkout journey; Reserve Online holds it at /buy-online', () => {
    const view = viewOf('metro-used', { id: 1041, slug: 'metro-used-cars' }, { car_type: 'used' });
    const slug = view.car.slug;
    expect(view.sidebar.find((action) => action.id === 'reserve')).toEqual({
      id: 'reserve',
      label: 'Buy Online',
      href: `/checkout-journey?car_id=${slug}`,
    });
    expect(view.reserve?.href).toBe(`/cars/${slug}/buy-online`);
  });

  it('Bayside: Reserve Online and the sidebar both reserve at /checkout', () => {
    const view = viewOf('bayside-mazda', { id: 1011, slug: 'bayside-mazda' }, { car_type: 'used' });
    const slug = view.car.slug;
    expect(view.sidebar.find((action) => action.id === 'reserve')?.href).toBe(`/cars/${slug}/checkout`);
    expect(view.reserve?.href).toBe(`/cars/${slug}/checkout`);
  });

  it('a caravan is reserved as a caravan and has no odometer row', () => {
    const view = viewOf(
      'outback-rv',
      { id: 1031, slug: 'outback-caravans' },
      { vehicle_kind: 'caravans', car_type: 'new', km: 0 },
    );
    expect(view.noun).toBe('caravan');
    expect(view.reserve?.text).toMatch(/^Reserve this caravan with a fully refundable/);
    for (const rows of [view.details, view.keyInformation, view.specifications])
      expect(rows.map((row) => row.label)).not.toContain('Odometer');
  });
});
