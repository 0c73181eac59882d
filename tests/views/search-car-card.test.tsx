import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CarHit } from '../../domain/search-result.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { CarCard } from '../../views/search/car-card.tsx';

const NOW = 1_750_000_000;
const DAY = 86_400;
const sites = loadTenants();
const connection = {
  appId: 'forecourt',
  apiKey: 'key',
  host: 'localhost/search-api',
  protocol: 'http' as const,
  indices: { cars: 'cars', models: 'models', items: 'items' },
  replicas: {
    relevant: 'cars',
    latest: 'cars_latest',
    priceDesc: 'cars_price_desc',
    priceAsc: 'cars_price_asc',
  },
};

const hit = (overrides: Partial<CarHit> = {}): CarHit => ({
  objectID: '101',
  id: 101,
  slug: '2021-toyota-corolla-ascent-sport-101',
  name: '2021 Toyota Corolla Ascent Sport',
  year: 2021,
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  series: 'MZEA12R',
  car_type: 'used',
  status: 'in_stock',
  tag: null,
  km: 45_210,
  body: 'Hatch',
  fuel: 'Petrol',
  transmission: 'Automatic',
  price: 24_990,
  before_price: null,
  offer_price: null,
  subscription_price: null,
  preorder: false,
  price_type: 'Drive Away',
  city: 'Brookvale',
  state: 'NSW',
  location_name: 'Harbour Toyota Brookvale',
  dealership_slug: 'harbour-toyota',
  created_at: NOW - 30 * DAY,
  primary_image_url: '/media/vehicles/hatch-white.svg',
  vehicle_kind: 'cars',
  reserved: false,
  certified: false,
  sold: false,
  image_count: 5,
  ...overrides,
});

function renderCard(slug: string, car: CarHit, eager = false) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  const { hook } = memoryLocation({ path: '/search' });
  const { container } = render(
    <SiteProvider site={toPublicSite(config, connection)}>
      <Router hook={hook}>
        <CarCard hit={car} nowSeconds={NOW} eager={eager} />
      </Router>
    </SiteProvider>,
  );
  return within(container).getByTestId('car-card');
}

/** The tag banner's text. */
const tagOf = (card: HTMLElement) => card.querySelector('[data-kind]')?.textContent ?? null;

describe('car card (search-detail-finance-watchlist.md §2 Car card; locations-forms-tradein-site.md §2 Search cards)', () => {
  it('shows the photo, title link, details strip, chips, price with type and the location overlay', () => {
    const card = renderCard('harbour-auto-group', hit());
    expect(
      within(card).getByRole('link', { name: '2021 Toyota Corolla Ascent Sport' }).getAttribute('href'),
    ).toBe('/cars/2021-toyota-corolla-ascent-sport-101');
    expect(within(card).getByTestId('car-details').textContent).toBe(
      '2021 · Toyota · Corolla · Ascent Sport · MZEA12R',
    );
    const chips = within(within(card).getByRole('list', { name: 'Features' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['45,210 km', 'Automatic', 'Petrol', 'Hatch']);
    expect(within(card).getByTestId('car-price').textContent).toBe('$24,990 Drive Away');
    expect(within(card).getByTestId('car-location').textContent).toBe('Harbour Toyota Brookvale');
  });

  it('sets the photo size (no layout shift) and loads it lazily below the first row', () => {
    const image = renderCard('metro-used', hit()).querySelector('img');
    expect(image?.getAttribute('width')).toBe('400');
    expect(image?.getAttribute('height')).toBe('300');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it('the first row’s photos load eagerly', () => {
    expect(renderCard('metro-used', hit(), true).querySelector('img')?.getAttribute('loading')).toBe('eager');
  });

  it('§4 tag precedence: JUST SOLD for a car not for sale; COMING SOON; New Arrival within 8 days; else none', () => {
    expect(tagOf(renderCard('metro-used', hit({ status: 'sold', sold: true })))).toBe('JUST SOLD');
    expect(tagOf(renderCard('metro-used', hit({ status: 'coming_soon' })))).toBe('COMING SOON');
    expect(tagOf(renderCard('metro-used', hit({ created_at: NOW - DAY })))).toBe('New Arrival');
    expect(tagOf(renderCard('metro-used', hit()))).toBeNull();
  });

  it('§4 the Electric tag wins on a site with the fuel-tag switch', () => {
    expect(tagOf(renderCard('harbour-auto-group', hit({ fuel: 'Electric', reserved: true })))).toBe(
      'Electric',
    );
  });

  it('§4 without the switch a reserved car shows Reserved', () => {
    expect(tagOf(renderCard('metro-used', hit({ fuel: 'Electric', reserved: true })))).toBe('Reserved');
  });

  it('§4 price priority: the reduced price with a was-price only when before_price is higher', () => {
    const card = renderCard('metro-used', hit({ offer_price: 22_990, before_price: 26_990 }));
    expect(within(card).getByTestId('car-price').textContent).toBe('$22,990 Drive Away Was $26,990');
    const same = renderCard('harbour-auto-group', hit({ before_price: 20_000 }));
    expect(within(same).getByTestId('car-price').textContent).toBe('$24,990 Drive Away');
  });

  it('§4 no price shows the site’s own text (metro-used: “Call for price.”)', () => {
    const card = renderCard('metro-used', hit({ price: 0 }));
    expect(within(card).getByTestId('car-price').textContent).toBe('Call for price.');
  });

  it('§5 favourite and compare show for a car for sale, and hide when sold or the storage setting is off', () => {
    const shown = renderCard('harbour-auto-group', hit());
    expect(
      within(shown).getByRole('button', { name: 'Save 2021 Toyota Corolla Ascent Sport to favourites' }),
    ).toBeTruthy();
    expect(
      within(shown).getByRole('button', { name: 'Compare 2021 Toyota Corolla Ascent Sport' }),
    ).toBeTruthy();
    const sold = renderCard('harbour-auto-group', hit({ objectID: '102', status: 'sold' }));
    expect(within(sold).queryByRole('button')).toBeNull();
    const storageOff = renderCard('outback-rv', hit({ objectID: '103' }));
    expect(within(storageOff).queryByRole('button')).toBeNull();
  });
});
