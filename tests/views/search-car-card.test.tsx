import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CarHit } from '../../domain/search-result.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { FAVOURITES_KEY } from '../../services/watchlist/favourites.storage.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import type { AppDeps } from '../../views/app/app-deps.ts';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { CarCard } from '../../views/ui/car-card.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { fakeAccountApi, WithSavedCars } from './support/saved-cars.tsx';

const NOW = 1_750_000_000;
/** The card's width in the grid that holds it, as the listing passes it. */
const CARD_SIZES = '(min-width: 576px) 50vw, 100vw';
const PHOTO_HASH = '0123456789abcdef0123456789abcdef';
const DAY = 86_400;
const sites = loadTenants();
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
  primary_image_thumbhash: null,
  vehicle_kind: 'cars',
  reserved: false,
  certified: false,
  sold: false,
  image_count: 5,
  finance_lenders: {},
  ...overrides,
});

function card(
  slug: string,
  car: CarHit,
  options: {
    eager?: boolean;
    deps?: AppDeps;
    signedIn?: boolean;
    router?: 'memory' | 'server' | 'browser';
  } = {},
) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  const { hook } = memoryLocation({ path: '/search' });
  const router = options.router ?? 'memory';
  // As the app renders: a fixed path on the server, the browser's location when hydrating.
  const location = router === 'memory' ? { hook } : router === 'server' ? { ssrPath: '/search' } : {};
  return (
    <SiteProvider site={toPublicSite(config, connection)}>
      <Router {...location}>
        <WithSavedCars signedIn={options.signedIn ?? false} {...(options.deps ? { deps: options.deps } : {})}>
          <CarCard hit={car} nowSeconds={NOW} eager={options.eager ?? false} sizes={CARD_SIZES} />
        </WithSavedCars>
      </Router>
    </SiteProvider>
  );
}

function renderCard(slug: string, car: CarHit, eager = false) {
  const { container } = render(card(slug, car, { eager }));
  return within(container).getByTestId('car-card');
}

afterEach(() => {
  localStorage.clear();
  window.history.pushState(null, '', '/');
});

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

  it('shows the finance strip in the layout of the site’s provider (§2, §5), none where finance is hidden', () => {
    const entry = { interestRate: 6.99, comparisonRate: 7.45, paymentWeek: 98.4, paymentMonth: 426.2 };
    const lenders = { oem: entry, taurus: entry, '360': entry, angle: entry };
    const stripOf = (slug: string, overrides: Partial<CarHit> = {}) =>
      within(renderCard(slug, hit({ finance_lenders: lenders, ...overrides }))).queryByTestId('car-finance');
    expect(stripOf('bayside-mazda')?.textContent).toBe('$426 per month* at 6.99% p.a.');
    expect(stripOf('harbour-auto-group', { dealership_slug: 'harbour-toyota' })?.textContent).toBe(
      '$98 per week* at 6.99% p.a.',
    );
    expect(stripOf('metro-used')?.textContent).toBe('Finance from 6.99% p.a.* · comparison rate 7.45% p.a.');
    expect(stripOf('outback-rv')?.getAttribute('data-layout')).toBe('weekly');
    expect(stripOf('harbour-auto-group', { dealership_slug: 'harbour-volkswagen' })).toBeNull();
    expect(stripOf('bayside-mazda', { status: 'sold', sold: true })).toBeNull();
  });

  it('sets the photo size (no layout shift), names it by the car, and loads it lazily below the first row', () => {
    const image = renderCard('metro-used', hit()).querySelector('img');
    expect(image?.getAttribute('width')).toBe('400');
    expect(image?.getAttribute('height')).toBe('300');
    expect(image?.getAttribute('alt')).toBe('2021 Toyota Corolla Ascent Sport');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('decoding')).toBe('async');
    expect(image?.hasAttribute('fetchpriority')).toBe(false);
  });

  it('the first row’s photos are the page’s LCP candidates: loaded at once, first', () => {
    const image = renderCard('metro-used', hit(), true).querySelector('img');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
  });

  it('issue 35: a stored photo offers every width the site serves, for the card’s width in its grid', () => {
    const photo = `/media/photos/${PHOTO_HASH}/960`;
    const image = renderCard('metro-used', hit({ primary_image_url: photo })).querySelector('img');
    expect(image?.getAttribute('src')).toBe(photo);
    expect(image?.getAttribute('srcset')).toBe(
      [320, 640, 800, 960, 1280, 1920].map((w) => `/media/photos/${PHOTO_HASH}/${w} ${w}w`).join(', '),
    );
    expect(image?.getAttribute('sizes')).toBe(CARD_SIZES);
    expect(image?.getAttribute('width')).toBe('400');
    expect(image?.getAttribute('height')).toBe('300');
  });

  it('issue 35: a stored photo shows its thumbhash’s blurred colours behind it while it loads; none without one', () => {
    const photo = `/media/photos/${PHOTO_HASH}/960`;
    const thumbhash = 'FRoDBYBaiT95iIiIiLd4dAiJhpBo';
    const image = renderCard(
      'metro-used',
      hit({ primary_image_url: photo, primary_image_thumbhash: thumbhash }),
    ).querySelector('img') as HTMLImageElement;
    expect(image.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/);
    expect(image.style.backgroundSize).toBe('cover');
    const plain = renderCard('metro-used', hit({ primary_image_url: photo })).querySelector('img');
    expect(plain?.style.backgroundImage).toBe('');
    // A drawing keeps its plain `src`, and no placeholder is drawn behind it.
    const drawing = renderCard(
      'metro-used',
      hit({ primary_image_url: '/media/vehicles/hatch-white.svg', primary_image_thumbhash: thumbhash }),
    ).querySelector('img');
    expect(drawing?.style.backgroundImage).toBe('');
  });

  it.each([
    ['a generated drawing', '/media/vehicles/hatch-white.svg'],
    ['the placeholder of a photo not fetched yet', '/media/photos/placeholder.svg'],
  ])('issue 35: %s keeps its one address (no srcset)', (_, address) => {
    const image = renderCard('metro-used', hit({ primary_image_url: address })).querySelector('img');
    expect(image?.getAttribute('src')).toBe(address);
    expect(image?.hasAttribute('srcset')).toBe(false);
    expect(image?.hasAttribute('sizes')).toBe(false);
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
      within(shown).getByRole('button', { name: 'Add 2021 Toyota Corolla Ascent Sport to favourites' }),
    ).toBeTruthy();
    expect(
      within(shown).getByRole('button', { name: 'Compare 2021 Toyota Corolla Ascent Sport' }),
    ).toBeTruthy();
    const sold = renderCard('harbour-auto-group', hit({ objectID: '102', status: 'sold' }));
    expect(within(sold).queryByRole('button')).toBeNull();
    const storageOff = renderCard('outback-rv', hit({ objectID: '103' }));
    expect(within(storageOff).queryByRole('button')).toBeNull();
  });

  it('§6 a visitor’s card keeps a local favourite (analytics event 39) that is still there on the next visit', async () => {
    const api = fakeAccountApi();
    const first = render(card('harbour-auto-group', hit(), { deps: api.deps }));
    const favourite = await screen.findByRole('button', {
      name: 'Add 2021 Toyota Corolla Ascent Sport to favourites',
    });
    await waitFor(() => expect(favourite).toHaveProperty('disabled', false));
    expect(screen.queryByRole('button', { name: /to watchlist$/ })).toBeNull();
    await userEvent.click(favourite);
    expect(favourite.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toMatchObject([{ id: 101 }]);
    await waitFor(() =>
      expect(api.requests).toContainEqual({
        method: 'POST',
        path: '/api/analytics',
        body: expect.objectContaining({ event_id: 39, car_id: 101 }),
      }),
    );
    first.unmount();
    render(card('harbour-auto-group', hit()));
    const again = screen.getByRole('button', { name: 'Add 2021 Toyota Corolla Ascent Sport to favourites' });
    await waitFor(() => expect(again.getAttribute('aria-pressed')).toBe('true'));
  });

  it('§6 a signed-in shopper’s card saves to the watchlist, showing the saved state once the list has loaded', async () => {
    const api = fakeAccountApi({ signed_in: true, phone_number: '0400111222', cars: [] });
    render(card('harbour-auto-group', hit(), { deps: api.deps, signedIn: true }));
    const save = screen.getByRole('button', { name: 'Save 2021 Toyota Corolla Ascent Sport to watchlist' });
    expect(screen.queryByRole('button', { name: /to favourites$/ })).toBeNull();
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await userEvent.click(save);
    expect(save.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(api.requests).toContainEqual({
        method: 'POST',
        path: '/api/watchlist/save-car',
        body: { phone_number: '0400111222', car_id: 101 },
      }),
    );
  });

  it('the server render and hydration match for visitors and shoppers; the saved state follows after', async () => {
    localStorage.setItem(
      FAVOURITES_KEY,
      JSON.stringify([{ id: 101, slug: 'x', name: 'x', price: 1, primary_image_url: null }]),
    );
    window.history.pushState(null, '', '/search');
    const saved = {
      id: 102,
      slug: 'saved-102',
      name: 'Saved car',
      price: 24_990,
      status: 'in_stock' as const,
      sold: false,
      primary_image_url: null,
      saved_at: '2026-03-02T00:00:00.000Z',
    };
    const cases = [
      { signedIn: false, car: hit(), name: 'Add 2021 Toyota Corolla Ascent Sport to favourites' },
      {
        signedIn: true,
        car: hit({ objectID: '102', id: 102 }),
        name: 'Save 2021 Toyota Corolla Ascent Sport to watchlist',
      },
    ];
    for (const { signedIn, car, name } of cases) {
      const api = fakeAccountApi({
        signed_in: signedIn,
        phone_number: signedIn ? '0400111222' : null,
        cars: signedIn ? [saved] : [],
      });
      const container = document.createElement('div');
      container.innerHTML = renderToString(
        card('harbour-auto-group', car, { deps: fakeAccountApi().deps, signedIn, router: 'server' }),
      );
      document.body.append(container);
      const server = within(container).getByRole('button', { name });
      expect(server.getAttribute('aria-pressed')).toBe('false');
      expect(server).toHaveProperty('disabled', true);
      const mismatches: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(
          container,
          card('harbour-auto-group', car, { deps: api.deps, signedIn, router: 'browser' }),
          {
            onRecoverableError: (error) => mismatches.push(error),
          },
        ),
      );
      await waitFor(() =>
        expect(within(container).getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true'),
      );
      expect(mismatches).toEqual([]);
      act(() => root.unmount());
      container.remove();
    }
  });
});
