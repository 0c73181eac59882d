import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarHit, CarSearchRequest, CarSearchResult } from '../../domain/search-result.ts';
import { carHit, renderSearchListing } from './support/search-listing.tsx';

/**
 * Issue 37 item 2: an empty result says so and suggests the nearest searches that do have cars,
 * each a link with its count, and never shows "Year 0 – 100000".
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
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('an empty result suggests searches that have cars (issue 37 item 2)', { timeout: 15_000 }, () => {
  /** `white ute zzz` finds nothing; the service found `white ute` (2 cars) and everything (5). */
  const answer = (request: CarSearchRequest): CarSearchResult => {
    if (request.state.query === 'white ute zzz')
      return result([], {
        suggestions: [
          { state: { query: 'white ute', year: { min: 0, max: 100_000 } }, label: '“white ute”', count: 2 },
          { state: {}, label: 'All stock', count: 5 },
        ],
      });
    const hits = Array.from({ length: request.state.query === 'white ute' ? 2 : 5 }, (_, i) =>
      carHit(i + 1, 'Ute'),
    );
    return result(hits, { facets: { body: { Ute: hits.length } } });
  };

  it('links each suggestion with its count, and the link lists its cars', async () => {
    const { memory, requests } = renderSearchListing(answer, '/search?query=white%20ute%20zzz');
    const suggestions = await screen.findByTestId('search-suggestions');
    expect(
      within(await screen.findByTestId('listing-notice')).getByText('No cars match your search.'),
    ).toBeTruthy();
    const links = within(suggestions).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['“white ute”2 cars', 'All stock5 cars']);
    expect(screen.queryByText(/100000|100,000/)).toBeNull();
    await userEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(requests.at(-1)?.state.query).toBe('white ute'));
    expect(memory.history.at(-1)).toContain('white');
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(2));
    expect(screen.queryByTestId('search-suggestions')).toBeNull();
  });
});
