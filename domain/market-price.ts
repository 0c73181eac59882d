import type { AutograbData } from './car.ts';

/**
 * The below-market badge (`search-detail-finance-watchlist.md` §5 "Below-market badge", §9 "Market
 * price threshold: $499 below"). See `docs/decisions/030-domain-rule-readings.md`: the spec's
 * sentence read literally can never be met, so this implements the reading its name, §9 and its
 * second condition agree on — the price is more than $499 under the market average.
 */

/** §5/§9: `price − market average` must be below this (exclusive) for the badge. */
export const BELOW_MARKET_THRESHOLD = -499;

/** Both of §5's conditions, with the figures behind them. */
export interface BelowMarketCheck {
  /** The state average market price, else the national average; `null` when neither is known. */
  readonly marketAverage: number | null;
  /** `price − marketAverage`, or `null` without a market average. */
  readonly difference: number | null;
  /** Condition 1: the price is more than $499 under the market average (`difference < -499`). */
  readonly beyondThreshold: boolean;
  /** Condition 2: `price < state average`; holds trivially when no state average is known. */
  readonly belowStateAverage: boolean;
  /** Both conditions hold. */
  readonly shown: boolean;
}

/** §5: the market average (state first, else national) and whether the price is far enough under it. */
export function checkBelowMarket(
  price: number,
  marketPrices: AutograbData | null | undefined,
): BelowMarketCheck {
  const state = marketPrices?.state_average_market_price ?? null;
  const national = marketPrices?.average_market_price ?? null;
  const marketAverage = state ?? national;
  const difference = marketAverage === null ? null : price - marketAverage;
  const beyondThreshold = difference !== null && difference < BELOW_MARKET_THRESHOLD;
  const belowStateAverage = state === null || price < state;
  return {
    marketAverage,
    difference,
    beyondThreshold,
    belowStateAverage,
    shown: beyondThreshold && belowStateAverage,
  };
}

/** §5: whether the below-market badge shows. */
export function showBelowMarketBadge(price: number, marketPrices: AutograbData | null | undefined): boolean {
  return checkBelowMarket(price, marketPrices).shown;
}
