import { describe, expect, it } from 'vitest';
import type { FinanceLender, FinanceProvider } from '../../../domain/car.ts';
import { financeEstimate } from '../../../domain/finance.ts';
import { type ListingFinance, listingFinance } from '../../../domain/finance-rules.ts';
import { buildCar } from '../../fixtures/cars.ts';

/**
 * The listing card's finance strip (`search-detail-finance-watchlist.md` §2 "Finance summary strips on
 * listing and detail pages, in several layouts chosen by the finance provider"; §5 rules; §9 whole
 * dollars): the layout per provider, the fallback to the rate, and agreement with the car page.
 */
const NOW = new Date('2025-06-01T00:00:00Z');
const ENTRY: FinanceLender = {
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

const strip = (provider: FinanceProvider, entry: Partial<FinanceLender> = {}, financeHidden = false) =>
  listingFinance(
    buildCar({ year: 2022, price: 30_000, finance_lenders: { [provider]: { ...ENTRY, ...entry } } }),
    {
      provider,
      financeHidden,
      now: NOW,
    },
  );

const weekly = { layout: 'weekly', amount: '$142', rate: '7.99%' } as const;
const monthly = { layout: 'monthly', amount: '$613', rate: '7.99%' } as const;
const rate = { layout: 'rate', rate: '7.99%', comparisonRate: '8.64%' } as const;

describe('the listing’s finance strip, by provider', () => {
  it.each<[FinanceProvider, string, Partial<ListingFinance>]>([
    ['taurus', 'Type A: the week’s repayment', weekly],
    ['manual', 'Type E: the week’s repayment', weekly],
    ['angle', 'Type F: the week’s repayment', weekly],
    ['powertorque', 'Type G: the week’s repayment', weekly],
    ['oem', 'Type H (vehicle maker): the month’s repayment', monthly],
    ['carclarity', 'Type B: the rate', rate],
    ['360', 'Type C: the rate', rate],
    ['ausloans', 'Type D: the rate', rate],
  ])('%s — %s', (provider, _case, expected) => {
    expect(strip(provider)).toEqual({ provider, ...expected });
  });

  it('a weekly provider whose entry has no weekly payment shows the rate (Type A needs none)', () => {
    expect(strip('taurus', { paymentWeek: null })).toEqual({ provider: 'taurus', ...rate });
  });

  it('no strip where the car page shows no estimate: hidden dealership, a weekly type without its payment', () => {
    expect(strip('angle', {}, true)).toBeNull();
    expect(strip('angle', { paymentWeek: 0 })).toBeNull();
    expect(strip('oem', { paymentMonth: null })).toBeNull();
  });

  it.each<FinanceProvider>(['taurus', 'oem', 'angle'])(
    '%s: the strip’s figure is the car page’s headline repayment',
    (provider) => {
      const car = buildCar({ year: 2022, price: 30_000, finance_lenders: { [provider]: ENTRY } });
      const context = { provider, financeHidden: false, now: NOW };
      const listing = listingFinance(car, context);
      const page = financeEstimate(car, context);
      const headline = page?.frequency === 'weekly' ? page.weekly : page?.monthly;
      expect(listing && 'amount' in listing ? listing.amount : null).toBe(headline);
    },
  );
});
