import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { driveAwayEstimate } from '../../domain/drive-away.ts';
import type { CarSearchRequest, CarSearchResult } from '../../domain/search-result.ts';
import { DriveAwayEstimate } from '../../views/vehicle/drive-away-estimate.tsx';
import { carHit as car, renderSearchListing } from './support/search-listing.tsx';

/**
 * Issue 37 item 5: the "Under $X a week" select and its chip on a dealer whose cards lead with the
 * week's repayment (and not on one whose cards do not), and the car page's drive-away breakdown.
 */
function answer(request: CarSearchRequest): CarSearchResult {
  const hits = Array.from({ length: request.state.weekly ? 3 : 9 }, (_, i) => car(i + 1, 'SUV'));
  return {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: 1,
    facets: { body: { SUV: hits.length }, car_type: { used: hits.length } },
    facetsStats: { price: { min: 10_000, max: 50_000 } },
    processingTimeMS: 1,
  };
}

describe('"Under $X a week"', () => {
  it('searches under the chosen figure, shows a chip that clears it, and puts it in the address', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const { requests, memory } = renderSearchListing(answer, '/search', 'harbour-auto-group');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const select = within(filters).getByRole('combobox', { name: 'Weekly finance estimate' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any',
      'Under $100 a week',
      'Under $150 a week',
      'Under $200 a week',
      'Under $250 a week',
      'Under $300 a week',
      'Under $400 a week',
    ]);
    await user.selectOptions(select, 'Under $200 a week');
    await waitFor(() => expect(requests.at(-1)?.state.weekly).toBe(200));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/search?weekly=200'));
    const chip = screen.getByRole('button', { name: 'Remove filter: Under $200 a week' });
    await user.click(chip);
    // Back to the first search, answered from the cache: no new request, the address without it.
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/search'));
    expect(screen.queryByRole('button', { name: /Remove filter: Under/ })).toBeNull();
    expect(select).toHaveProperty('value', '');
  });

  it('is not offered where the cards lead with the month or the rate', () => {
    renderSearchListing(answer, '/search', 'bayside-mazda');
    expect(screen.queryByRole('combobox', { name: 'Weekly finance estimate' })).toBeNull();
  });
});

describe('drive-away estimate', () => {
  it('shows the total, the breakdown, the table’s date and the disclaimer', () => {
    const estimate = driveAwayEstimate({ price: 30_000, priceType: 'Excl. Govt. Charges', state: 'nsw' });
    if (!estimate) throw new Error('no estimate');
    render(<DriveAwayEstimate estimate={estimate} />);
    const box = screen.getByRole('region', { name: /^Estimated drive-away \$[\d,]+$/ });
    expect(within(box).getByText('Stamp duty (NSW)').nextSibling?.textContent).toBe('$900');
    expect(box.textContent).toContain('Tables as at 1 July 2025');
    expect(box.textContent).toContain('the dealer confirms the drive-away price');
  });
});
