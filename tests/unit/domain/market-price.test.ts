import { describe, expect, it } from 'vitest';
import {
  BELOW_MARKET_THRESHOLD,
  checkBelowMarket,
  showBelowMarketBadge,
} from '../../../domain/market-price.ts';

const prices = (state: number | null, national: number | null) => ({
  state_average_market_price: state,
  average_market_price: national,
});

describe('below-market badge (search-detail-finance-watchlist.md §5 Below-market badge, §9 $499 below)', () => {
  it('§9 the threshold is $499', () => {
    expect(BELOW_MARKET_THRESHOLD).toBe(-499);
  });

  it.each([
    {
      case: 'state average first',
      price: 30_000,
      market: prices(31_000, 29_000),
      average: 31_000,
      difference: -1000,
    },
    { case: 'else national', price: 30_000, market: prices(null, 29_000), average: 29_000, difference: 1000 },
    { case: 'no market prices', price: 30_000, market: null, average: null, difference: null },
    {
      case: 'both averages null',
      price: 30_000,
      market: prices(null, null),
      average: null,
      difference: null,
    },
  ])('§5 market average: $case', ({ price, market, average, difference }) => {
    expect(checkBelowMarket(price, market)).toMatchObject({ marketAverage: average, difference });
  });

  it.each([
    { case: '$500 under the state average', price: 29_500, market: prices(30_000, 40_000), shown: true },
    {
      case: '$499 under the state average (not beyond $499)',
      price: 29_501,
      market: prices(30_000, null),
      shown: false,
    },
    { case: '$5,000 under the state average', price: 25_000, market: prices(30_000, 20_000), shown: true },
    { case: 'equal to the state average', price: 30_000, market: prices(30_000, null), shown: false },
    { case: 'above the state average', price: 31_000, market: prices(30_000, null), shown: false },
    {
      case: '$1,000 under the national average, no state average',
      price: 29_000,
      market: prices(null, 30_000),
      shown: true,
    },
    {
      case: '$100 under the national average, no state average',
      price: 29_900,
      market: prices(null, 30_000),
      shown: false,
    },
    { case: 'no market data', price: 10_000, market: null, shown: false },
  ])('§5 badge: $case → $shown', ({ price, market, shown }) => {
    expect(showBelowMarketBadge(price, market)).toBe(shown);
  });
});
