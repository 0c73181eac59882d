import { describe, expect, it } from 'vitest';
import {
  type AvailabilityFacts,
  isCarAvailable,
  isCarListed,
  type ListingFacts,
  showsSoldNotice,
  soldWindowDays,
  soldWindowStart,
  toUnixSeconds,
} from '../../../domain/car-availability.ts';

const DAY = 86_400;
const NOW = 1_750_000_000;

describe('car availability (search-detail-finance-watchlist.md §4 Car availability and status)', () => {
  it.each<[string, AvailabilityFacts, boolean, boolean]>([
    ['§4 Car availability: in_stock is available', { status: 'in_stock' }, true, false],
    ['§4 Car availability: coming_soon is available', { status: 'coming_soon' }, true, false],
    ['§4 Car availability: sold is not available and shows the SOLD notice', { status: 'sold' }, false, true],
    [
      '§4 Car availability: the sold flag wins over in_stock',
      { status: 'in_stock', sold: true },
      false,
      true,
    ],
    [
      '§4 Car availability: sold false keeps in_stock available',
      { status: 'in_stock', sold: false },
      true,
      false,
    ],
    [
      '§4 Car availability: another status is neither available nor sold',
      { status: 'archived' },
      false,
      false,
    ],
  ])('%s', (_name, car, available, soldNotice) => {
    expect(isCarAvailable(car)).toBe(available);
    expect(showsSoldNotice(car)).toBe(soldNotice);
  });

  it.each<[string, number | null | undefined, number]>([
    ['§4 Sold window: 3 days by default', undefined, 3],
    ['§4 Sold window: 3 days when not configured', null, 3],
    ['§4 Sold window: a configured number of days', 7, 7],
    ['§4 Sold window: 0 days is a valid configuration', 0, 0],
    ['§4 Sold window: a negative value falls back to 3', -1, 3],
    ['§4 Sold window: a fraction falls back to 3', 1.5, 3],
  ])('%s', (_name, configured, days) => {
    expect(soldWindowDays(configured)).toBe(days);
    expect(soldWindowStart(NOW, configured ?? undefined)).toBe(NOW - days * DAY);
  });

  const car: ListingFacts = { status: 'in_stock', show_on_dealer_website: true, sold_at: null };
  it.each<[string, Partial<ListingFacts>, number | undefined, boolean]>([
    ['§4 stock filter: an in-stock car is listed', {}, undefined, true],
    ['§4 stock filter: a coming-soon car is listed', { status: 'coming_soon' }, undefined, true],
    [
      '§4 stock filter: not listed unless show_on_dealer_website',
      { show_on_dealer_website: false },
      undefined,
      false,
    ],
    ['§4 stock filter: sold 1 day ago is listed', { status: 'sold', sold_at: NOW - DAY }, undefined, true],
    [
      '§4 stock filter: sold exactly 3 days ago is listed',
      { status: 'sold', sold_at: NOW - 3 * DAY },
      undefined,
      true,
    ],
    [
      '§4 stock filter: sold 3 days and 1 second ago is not listed',
      { status: 'sold', sold_at: NOW - 3 * DAY - 1 },
      undefined,
      false,
    ],
    [
      '§4 stock filter: sold 5 days ago is listed with a 7-day window',
      { status: 'sold', sold_at: NOW - 5 * DAY },
      7,
      true,
    ],
    ['§4 stock filter: a 0-day window lists no sold car', { status: 'sold', sold_at: NOW }, 0, false],
    [
      '§4 stock filter: an ISO sold_at is read too',
      { status: 'sold', sold_at: new Date((NOW - DAY) * 1000).toISOString() },
      undefined,
      true,
    ],
    [
      '§4 stock filter: a sold car within the window still needs show_on_dealer_website',
      { status: 'sold', sold_at: NOW - DAY, show_on_dealer_website: false },
      undefined,
      false,
    ],
    ['§4 stock filter: another status is not listed', { status: 'archived' }, undefined, false],
    [
      '§4 stock filter: a sold car without sold_at follows the record (listed)',
      { status: 'sold', sold_at: null },
      undefined,
      true,
    ],
  ])('%s', (_name, facts, days, listed) => {
    expect(isCarListed({ ...car, ...facts }, NOW, days)).toBe(listed);
  });

  it.each<[string, string | number | null, number | null]>([
    ['unix seconds stay', 1_700_000_000, 1_700_000_000],
    ['an ISO date-time becomes unix seconds', '2025-01-01T00:00:00Z', 1_735_689_600],
    ['an offset is honoured', '2025-01-01T10:00:00+10:00', 1_735_689_600],
    ['null is null', null, null],
    ['an unreadable date is null', 'soon', null],
  ])('times: %s', (_name, value, seconds) => {
    expect(toUnixSeconds(value)).toBe(seconds);
  });
});
