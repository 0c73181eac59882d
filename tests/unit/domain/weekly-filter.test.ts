import { describe, expect, it } from 'vitest';
import {
  listingFinance,
  listingWeeklyRepayment,
  providerShowsWeekly,
} from '../../../domain/finance-rules.ts';
import { describeSearch } from '../../../domain/search-description.ts';
import { numericFiltersOf } from '../../../domain/search-filters.ts';
import { clearRefinements, hasRefinements, setWeekly } from '../../../domain/search-state.ts';
import { parseSearchUrl, serialiseSearchUrl } from '../../../domain/search-url.ts';
import { WEEKLY_STEPS, weeklyLabel, weeklyOptions } from '../../../domain/weekly-filter.ts';
import { buildCar } from '../../fixtures/cars.ts';

/**
 * Issue 37 item 5 "Under $X a week": the state, its address (`weekly=200`, bad values ignored), its
 * search filter, and the figure it filters on being the card's own.
 */
describe('"Under $X a week" in the Search state and the address', () => {
  it('reads weekly=200 and writes it back, beside the other refinements', () => {
    const state = parseSearchUrl('refinementList[make][0]=Toyota&weekly=200&page=2');
    expect(state).toEqual({ make: ['Toyota'], weekly: 200, page: 2 });
    expect(parseSearchUrl(serialiseSearchUrl(state))).toEqual(state);
    expect(serialiseSearchUrl({ weekly: 150 })).toBe('weekly=150');
  });

  it.each(['weekly=abc', 'weekly=0', 'weekly=-5', 'weekly=1.5', 'weekly=999999', 'weekly=', 'weekly=1e3'])(
    'ignores %s and keeps the rest',
    (bad) => {
      expect(parseSearchUrl(`${bad}&refinementList[body][0]=SUV`)).toEqual({ body: ['SUV'] });
    },
  );

  it('counts as a filter: setting it drops the page, Clear filters and null clear it', () => {
    const set = setWeekly({ query: 'corolla', page: 3 }, 250);
    expect(set).toEqual({ query: 'corolla', weekly: 250 });
    expect(hasRefinements(set)).toBe(true);
    expect(clearRefinements(set)).toEqual({ query: 'corolla' });
    expect(setWeekly(set, null)).toEqual({ query: 'corolla' });
  });

  it('searches weekly_repayment below X, and says so in a saved search’s words', () => {
    expect(numericFiltersOf({ weekly: 200, price: { max: 30_000 } })).toEqual([
      'price<=30000',
      'weekly_repayment<200',
    ]);
    expect(numericFiltersOf({ weekly: 200 }, 'make')).toEqual(['weekly_repayment<200']);
    expect(describeSearch({ make: ['Toyota'], weekly: 200 })).toBe('Toyota · under $200 a week');
  });

  it('offers the steps, and a value only the address named among them', () => {
    expect(WEEKLY_STEPS).toEqual([100, 150, 200, 250, 300, 400]);
    expect(weeklyLabel(200)).toBe('Under $200 a week');
    expect(weeklyOptions(undefined)).toEqual(WEEKLY_STEPS);
    expect(weeklyOptions(175)).toEqual([100, 150, 175, 200, 250, 300, 400]);
  });
});

describe('the weekly figure is the card’s', () => {
  const NOW = new Date('2026-06-01T00:00:00Z');
  const entry = {
    interestRate: 7.99,
    comparisonRate: 8.64,
    paymentWeek: 141.6,
    paymentMonth: 613.4,
    termMonths: 60,
    termYears: 5,
    deposit: 3000,
    balloon: 0,
    disclaimer: null,
  };
  const car = buildCar({
    year: 2022,
    finance_lenders: { taurus: entry, angle: entry, oem: entry, '360': entry },
  });

  it('is the weekly strip’s amount, rounded to whole dollars', () => {
    const context = { provider: 'taurus', financeHidden: false, now: NOW } as const;
    expect(listingWeeklyRepayment(car, context)).toBe(142);
    expect(listingFinance(car, context)).toMatchObject({ layout: 'weekly', amount: '$142' });
    expect(listingWeeklyRepayment(car, { ...context, provider: 'angle' })).toBe(142);
  });

  it('is absent where the card leads with the month or the rate, or hides finance', () => {
    expect(listingWeeklyRepayment(car, { provider: 'oem', financeHidden: false, now: NOW })).toBeNull();
    expect(listingWeeklyRepayment(car, { provider: '360', financeHidden: false, now: NOW })).toBeNull();
    expect(listingWeeklyRepayment(car, { provider: 'taurus', financeHidden: true, now: NOW })).toBeNull();
    expect(listingWeeklyRepayment(car, { provider: null, financeHidden: false, now: NOW })).toBeNull();
    expect(providerShowsWeekly('taurus')).toBe(true);
    expect(providerShowsWeekly('oem')).toBe(false);
    expect(providerShowsWeekly(null)).toBe(false);
  });
});
