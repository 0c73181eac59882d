import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarHit, CarSearchRequest, CarSearchResult } from '../../domain/search-result.ts';
import { carHit, renderSearchListing } from './support/search-listing.tsx';

/**
 * What the listing shows beyond a page of cars (issue 31 items 19 and 21): an empty result, a page
 * past the end, the make filter of a franchise dealer's used stock, the words for a leisure dealer's
 * vehicles and the tiles' links.
 */

const result = (hits: CarHit[], overrides: Partial<CarSearchResult> = {}): CarSearchResult => ({
  hits,
  nbHits: hits.length,
  page: 0,
  nbPages: hits.length > 0 ? 1 : 0,
  facets: {},
  facetsStats: {},
  processingTimeMS: 1,
  ...overrides,
});

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  // The search box's make and model suggestions have no search endpoint here: they stay empty.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const notice = () => screen.findByTestId('listing-notice');

describe('an empty result and a page past the end (issue 31 item 21)', { timeout: 15_000 }, () => {
  /** Five SUVs; a Ute or the words `zzz` match nothing (and then no stats exist). */
  const answer = (request: CarSearchRequest): CarSearchResult => {
    if (request.state.body?.includes('Ute') || request.state.query === 'zzz') return result([]);
    const hits = Array.from({ length: 5 }, (_, i) => carHit(i + 1, 'SUV'));
    return result(hits, {
      facets: { body: { SUV: 5, Ute: 2 }, make: { Toyota: 5 }, car_type: { used: 5 } },
      facetsStats: { price: { min: 30_001, max: 30_005 }, year: { min: 2022, max: 2022 } },
    });
  };

  it('says no cars match, offers to clear the filters, and shows no slider at the sentinel range', async () => {
    const { memory, requests } = renderSearchListing(answer, '/search?refinementList[body][0]=Ute');
    expect(within(await notice()).getByText('No cars match your search.')).toBeTruthy();
    expect(screen.queryByText(/100,000/)).toBeNull();
    expect(screen.queryByTestId('filter-year')).toBeNull();
    expect(screen.queryByTestId('filter-price')).toBeNull();
    await userEvent.click(within(await notice()).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/search'));
    expect(requests.at(-1)?.state).toEqual({});
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
    expect(screen.queryByTestId('listing-notice')).toBeNull();
    expect(screen.getByTestId('filter-price')).toBeTruthy();
  });

  it('an empty search by words offers to clear the words', async () => {
    const { requests } = renderSearchListing(answer, '/search?query=zzz');
    await userEvent.click(within(await notice()).getByRole('button', { name: 'Clear the search words' }));
    await waitFor(() => expect(requests.at(-1)?.state).toEqual({}));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
  });

  it('an empty listing route offers all the stock', async () => {
    renderSearchListing(() => result([]), '/search/new-cars');
    const link = within(await notice()).getByRole('link', { name: 'See all our stock' });
    expect(link.getAttribute('href')).toBe('/search');
    expect(within(await notice()).getByText('No new cars match your search.')).toBeTruthy();
  });

  it('?page=999 names the last page and links to it', async () => {
    const pages = (request: CarSearchRequest): CarSearchResult => {
      const page = (request.state.page ?? 1) - 1;
      const hits = page < 3 ? Array.from({ length: 21 }, (_, i) => carHit(page * 21 + i + 1, 'SUV')) : [];
      return result(hits, { nbHits: 50, nbPages: 3, page });
    };
    const { requests } = renderSearchListing(pages, '/search?page=999');
    const box = await notice();
    expect(within(box).getByText('There is no page 999 of these results; they end on page 3.')).toBeTruthy();
    const last = within(box).getByRole('link', { name: 'Go to page 3' });
    expect(last.getAttribute('href')).toBe('/search?page=3');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/search?page=3',
    );
    await userEvent.click(last);
    await waitFor(() => expect(requests.at(-1)?.state).toEqual({ page: 3 }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(21));
    expect(screen.queryByTestId('listing-notice')).toBeNull();
  });
});

describe('a franchise dealer’s used stock (issue 31 item 19)', { timeout: 15_000 }, () => {
  /** Bayside's stock: Mazdas new and used, and used cars of other makes. */
  const answer = (request: CarSearchRequest): CarSearchResult => {
    const used = request.filters.includes('car_type:used');
    const hits = [carHit(1, 'SUV', { make: 'Mazda', model: 'CX-5', car_type: used ? 'used' : 'new' })];
    return result(hits, {
      nbHits: used ? 86 : 140,
      facets: used
        ? {
            make: { Mazda: 60, Toyota: 15, Ford: 5, Kia: 4, Holden: 2 },
            make_model: { 'Mazda CX-5': 9, 'Toyota Corolla': 3, 'Toyota RAV4': 4, 'Ford Ranger': 5 },
            model: { 'CX-5': 9, RAV4: 4, Corolla: 3, Ranger: 5 },
            body: { SUV: 50, Hatch: 36 },
            car_type: { used: 86 },
          }
        : {
            make: { Mazda: 140 },
            make_model: { 'Mazda CX-5': 30, 'Mazda BT-50': 20 },
            model: { 'CX-5': 30, 'BT-50': 20 },
            body: { SUV: 78, Ute: 20 },
            car_type: { new: 119, demo: 21 },
          },
      modelMakes: used
        ? { 'CX-5': 'Mazda', RAV4: 'Toyota', Corolla: 'Toyota', Ranger: 'Ford' }
        : { 'CX-5': 'Mazda', 'BT-50': 'Mazda' },
    });
  };

  it('the used listing offers the make picker and names each model with its make', async () => {
    renderSearchListing(answer, '/search/used-cars', 'bayside-mazda');
    const makes = await screen.findByTestId('filter-make');
    expect(within(makes).getByRole('button', { name: /^Toyota/ })).toBeTruthy();
    const models = await screen.findByTestId('filter-model');
    expect(within(models).getByRole('checkbox', { name: /^Toyota Corolla/ })).toBeTruthy();
    expect(within(models).getByRole('checkbox', { name: /^Mazda CX-5/ })).toBeTruthy();
    expect(within(models).queryByRole('checkbox', { name: /^Corolla/ })).toBeNull();
  });

  it('the new-and-demo listing, all Mazdas, keeps plain model names and no make picker', async () => {
    renderSearchListing(answer, '/search', 'bayside-mazda');
    const models = await screen.findByTestId('filter-model');
    expect(within(models).getByRole('checkbox', { name: /^CX-5/ })).toBeTruthy();
    expect(screen.queryByTestId('filter-make')).toBeNull();
  });

  it('a body tile links to the listing it counted: the new-and-demo SUVs, not every SUV', async () => {
    renderSearchListing(answer, '/search', 'bayside-mazda');
    const tiles = await screen.findAllByTestId('body-tile');
    const suv = tiles.find((tile) => tile.textContent?.includes('SUV'));
    expect(suv?.textContent).toContain('78');
    expect(suv?.getAttribute('href')).toBe('/search?refinementList[body][0]=SUV');
  });
});

describe('a leisure dealer’s vehicles are not all cars (issue 31 item 21)', { timeout: 15_000 }, () => {
  const answer = (request: CarSearchRequest): CarSearchResult => {
    const kind = request.state.item_type;
    const hits = [carHit(1, 'Caravan', { vehicle_kind: 'caravans' })];
    return result(hits, {
      nbHits: kind === 'caravans' ? 40 : 118,
      facets: {
        item_type: kind === 'caravans' ? { caravans: 40 } : { cars: 50, caravans: 40, motorcycles: 28 },
        categories: { cars: 50, caravans: 40, motorcycles: 28, SUV: 30 },
        car_type: { used: 60, new: 58 },
      },
    });
  };

  it('the mixed listing counts vehicles, and the category filter names the kinds', async () => {
    renderSearchListing(answer, '/search', 'outback-rv');
    expect(await screen.findByRole('heading', { level: 1, name: /^Vehicles for sale in / })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('118 Vehicles'));
    const categories = await screen.findByTestId('filter-categories');
    expect(within(categories).getByRole('checkbox', { name: /^Caravans/ })).toBeTruthy();
    expect(within(categories).getByRole('checkbox', { name: /^Motorcycles/ })).toBeTruthy();
    expect(within(categories).queryByRole('checkbox', { name: /^caravans/ })).toBeNull();
  });

  it('the caravans listing counts caravans', async () => {
    renderSearchListing(answer, '/search/caravans', 'outback-rv');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('40 Caravans'));
  });
});
