import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_MESSAGES,
  clampRepayment,
  financePrefill,
  initialRepayment,
  readRepayment,
  weeklyRepayment,
} from '../../../domain/finance-application.ts';

/** The finance page's calculator and URL (issue 17 item 4; `search-detail-finance-watchlist.md` §2, §9). */
describe('the repayment calculator', () => {
  it.each([
    // price, deposit, years, balloon, rate → weekly (whole dollars, §9)
    [30_000, 0, 5, 0, 8.5, 142],
    [30_000, 3_000, 5, 0, 8.5, 128],
    [30_000, 0, 5, 10_000, 8.5, 111],
    [30_000, 0, 5, 0, 0, 115],
    [52_000, 0, 7, 0, 8.5, 190],
    [10_000, 10_000, 5, 0, 8.5, 0],
  ])(
    '$%i less $%i over %i years with a $%i balloon at %f%% → $%i a week',
    (price, deposit, termYears, balloon, ratePercent, weekly) => {
      expect(weeklyRepayment({ price, deposit, termYears, balloon, ratePercent })).toBe(weekly);
    },
  );

  it('keeps inputs within sense: no negatives, a deposit at most the price, a balloon at most the rest, 1 to 7 years', () => {
    expect(clampRepayment({ price: -5, deposit: 10, termYears: 0, balloon: 3, ratePercent: 8.5 })).toEqual({
      price: 0,
      deposit: 0,
      termYears: 1,
      balloon: 0,
      ratePercent: 8.5,
    });
    expect(
      clampRepayment({ price: 20_000, deposit: 25_000, termYears: 12, balloon: 1, ratePercent: 8.5 }),
    ).toMatchObject({
      deposit: 20_000,
      balloon: 0,
      termYears: 7,
    });
    expect(
      clampRepayment({ price: Number.NaN, deposit: 1, termYears: 5, balloon: 0, ratePercent: 8.5 }).price,
    ).toBe(0);
  });

  it('starts from the car’s price (or $30,000) with 10 % down over 5 years', () => {
    expect(initialRepayment(36_990, 8.5)).toEqual({
      price: 36_990,
      deposit: 3_699,
      termYears: 5,
      balloon: 0,
      ratePercent: 8.5,
    });
    expect(initialRepayment(null, 10).price).toBe(30_000);
  });
});

describe('the finance page’s query (§2)', () => {
  it('reads preferredDealership, vehiclePriceBudget, car_id and car_type', () => {
    expect(
      financePrefill('preferredDealership=harbour-kia&vehiclePriceBudget=25000&car_id=501&car_type=used'),
    ).toEqual({
      preferredDealership: 'harbour-kia',
      vehiclePriceBudget: 25_000,
      carId: 501,
      carType: 'used',
    });
  });

  it('leaves out what is malformed, never failing', () => {
    expect(
      financePrefill('preferredDealership=%3Cscript%3E&vehiclePriceBudget=-1&car_id=1e9&car_type=boat'),
    ).toEqual({
      preferredDealership: null,
      vehiclePriceBudget: null,
      carId: null,
      carType: null,
    });
    expect(financePrefill('')).toEqual({
      preferredDealership: null,
      vehiclePriceBudget: null,
      carId: null,
      carType: null,
    });
  });
});

describe('the calculator reads what the shopper typed (issue 31 item 21)', () => {
  const entry = { price: '30000', deposit: '3000', balloon: '0', termYears: '5' };

  it('reads whole dollars as typed, "$36,990" included, and an empty deposit or balloon as none', () => {
    expect(readRepayment({ ...entry, price: '$36,990', deposit: '', balloon: ' ' }, 8.5)).toEqual({
      ok: true,
      input: { price: 36_990, deposit: 0, balloon: 0, termYears: 5, ratePercent: 8.5 },
    });
  });

  it.each([
    ['a price in words', { price: 'thirty grand' }, 'price'],
    ['no price', { price: '' }, 'price'],
    ['a price in cents', { price: '30000.50' }, 'price'],
    ['a deposit of the whole price', { deposit: '30000' }, 'deposit'],
    ['a balloon above the price', { balloon: '45000' }, 'balloon'],
    ['a balloon of all that is borrowed', { balloon: '27000' }, 'balloon'],
    ['a term of 9 years', { termYears: '9' }, 'termYears'],
  ] as const)('refuses %s beside that input (never a figure of $0)', (_, change, field) => {
    const read = readRepayment({ ...entry, ...change }, 8.5);
    expect(read).toEqual({ ok: false, errors: { [field]: CALCULATOR_MESSAGES[field] } });
  });
});
