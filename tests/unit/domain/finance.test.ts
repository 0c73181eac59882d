import { describe, expect, it } from 'vitest';
import {
  type CarInput,
  type FinanceLender,
  type FinanceProvider,
  financeProviderSchema,
} from '../../../domain/car.ts';
import {
  COMPARISON_RATE_BASIS,
  chooseFinanceEstimate,
  FINANCE_DISCLAIMER,
  type FinanceHiddenReason,
  financeEstimate,
  financeVerdict,
  LENDER_TYPES,
} from '../../../domain/finance.ts';
import { buildCar } from '../../fixtures/cars.ts';

const NOW = new Date('2025-06-01T00:00:00Z');

const FULL_ENTRY: FinanceLender = {
  interestRate: 7.99,
  comparisonRate: 8.64,
  paymentWeek: 141.6,
  paymentMonth: 613.4,
  termMonths: 60,
  termYears: 5,
  deposit: 3000,
  balloon: 0,
  disclaimer: 'Indicative only. Lender criteria apply.',
};

const allEntries = Object.fromEntries(financeProviderSchema.options.map((p) => [p, FULL_ENTRY]));

function carOf(overrides: Partial<CarInput> = {}) {
  return buildCar({ finance_lenders: allEntries, ...overrides });
}

type Row = {
  provider: FinanceProvider;
  case: string;
  car?: Partial<CarInput>;
  entry?: Partial<FinanceLender> | null;
  financeHidden?: boolean;
  expected: 'shown' | FinanceHiddenReason;
};

function verdictOf(row: Row): 'shown' | FinanceHiddenReason {
  const entry = row.entry === null ? {} : { ...FULL_ENTRY, ...row.entry };
  const car = carOf({ finance_lenders: { [row.provider]: entry }, ...row.car });
  const verdict = financeVerdict(car, {
    provider: row.provider,
    financeHidden: row.financeHidden ?? false,
    now: NOW,
  });
  return verdict.shown ? 'shown' : verdict.reason;
}

const PROVIDERS = financeProviderSchema.options;

/** Rules every lender type shares (§5 first paragraph), both sides, for each of the eight providers. */
const COMMON_ROWS: Row[] = PROVIDERS.flatMap((provider): Row[] => [
  { provider, case: 'a complete entry on an available car', expected: 'shown' },
  { provider, case: 'an empty entry', entry: null, expected: 'emptyEntry' },
  {
    provider,
    case: 'an entry whose fields are all null',
    entry: Object.fromEntries(Object.keys(FULL_ENTRY).map((k) => [k, null])),
    expected: 'emptyEntry',
  },
  { provider, case: 'interestRate null', entry: { interestRate: null }, expected: 'noInterestRate' },
  { provider, case: 'interestRate 0 (non-null)', entry: { interestRate: 0 }, expected: 'shown' },
  { provider, case: 'comparisonRate null', entry: { comparisonRate: null }, expected: 'noComparisonRate' },
  { provider, case: 'the hidden manufacturer', car: { make: 'Ferrari' }, expected: 'hiddenManufacturer' },
  { provider, case: 'a flagged site or dealership', financeHidden: true, expected: 'financeHidden' },
]);

/** §5 lender table: each type's own rules, both sides. */
const TYPE_ROWS: Row[] = [
  // Type A (taurus)
  { provider: 'taurus', case: 'car 12 years old (2013 in 2025)', car: { year: 2013 }, expected: 'shown' },
  { provider: 'taurus', case: 'car 13 years old (2012 in 2025)', car: { year: 2012 }, expected: 'carAge' },
  { provider: 'taurus', case: 'price 501', car: { price: 501 }, expected: 'shown' },
  { provider: 'taurus', case: 'price 500', car: { price: 500 }, expected: 'minPrice' },
  { provider: 'taurus', case: 'coming_soon', car: { status: 'coming_soon' }, expected: 'shown' },
  { provider: 'taurus', case: 'sold', car: { status: 'sold', sold: true }, expected: 'available' },
  {
    provider: 'taurus',
    case: 'comparison rate missing',
    entry: { comparisonRate: null },
    expected: 'noComparisonRate',
  },
  {
    provider: 'taurus',
    case: 'no weekly payment (not a Type A rule)',
    entry: { paymentWeek: null },
    expected: 'shown',
  },
  // Type B (carclarity): rules not shown; the common core of price above 500 and car available
  { provider: 'carclarity', case: 'price 501', car: { price: 501 }, expected: 'shown' },
  { provider: 'carclarity', case: 'price 500', car: { price: 500 }, expected: 'minPrice' },
  { provider: 'carclarity', case: 'coming_soon', car: { status: 'coming_soon' }, expected: 'shown' },
  { provider: 'carclarity', case: 'sold', car: { status: 'sold', sold: true }, expected: 'available' },
  { provider: 'carclarity', case: 'car 30 years old (no age rule)', car: { year: 1995 }, expected: 'shown' },
  // Types C and D (360, ausloans): car available only
  ...(['360', 'ausloans'] as const).flatMap((provider): Row[] => [
    { provider, case: 'in_stock', expected: 'shown' },
    { provider, case: 'coming_soon', car: { status: 'coming_soon' }, expected: 'shown' },
    { provider, case: 'status sold', car: { status: 'sold', sold: true }, expected: 'available' },
    { provider, case: 'in_stock but flagged sold', car: { sold: true }, expected: 'available' },
    { provider, case: 'price 100 (no price rule)', car: { price: 100 }, expected: 'shown' },
    { provider, case: 'car 30 years old (no age rule)', car: { year: 1995 }, expected: 'shown' },
    {
      provider,
      case: 'no payments (no payment rule)',
      entry: { paymentWeek: null, paymentMonth: null },
      expected: 'shown',
    },
  ]),
  // Types E, F and G (manual, angle, powertorque): price, available, weekly payment
  ...(['manual', 'angle', 'powertorque'] as const).flatMap((provider): Row[] => [
    { provider, case: 'price 501', car: { price: 501 }, expected: 'shown' },
    { provider, case: 'price 500', car: { price: 500 }, expected: 'minPrice' },
    { provider, case: 'coming_soon', car: { status: 'coming_soon' }, expected: 'shown' },
    { provider, case: 'sold', car: { status: 'sold', sold: true }, expected: 'available' },
    { provider, case: 'weekly payment 1', entry: { paymentWeek: 1 }, expected: 'shown' },
    { provider, case: 'weekly payment null', entry: { paymentWeek: null }, expected: 'weeklyPayment' },
    { provider, case: 'weekly payment 0', entry: { paymentWeek: 0 }, expected: 'weeklyPayment' },
    { provider, case: 'no monthly payment (not its rule)', entry: { paymentMonth: null }, expected: 'shown' },
    { provider, case: 'car 30 years old (no age rule)', car: { year: 1995 }, expected: 'shown' },
  ]),
  // Type H (oem): price, available, monthly payment
  { provider: 'oem', case: 'price 501', car: { price: 501 }, expected: 'shown' },
  { provider: 'oem', case: 'price 500', car: { price: 500 }, expected: 'minPrice' },
  { provider: 'oem', case: 'coming_soon', car: { status: 'coming_soon' }, expected: 'shown' },
  { provider: 'oem', case: 'sold', car: { status: 'sold', sold: true }, expected: 'available' },
  { provider: 'oem', case: 'monthly payment 1', entry: { paymentMonth: 1 }, expected: 'shown' },
  {
    provider: 'oem',
    case: 'monthly payment null',
    entry: { paymentMonth: null },
    expected: 'monthlyPayment',
  },
  { provider: 'oem', case: 'monthly payment 0', entry: { paymentMonth: 0 }, expected: 'monthlyPayment' },
  {
    provider: 'oem',
    case: 'no weekly payment (not its rule)',
    entry: { paymentWeek: null },
    expected: 'shown',
  },
];

describe('finance-estimate eligibility (search-detail-finance-watchlist.md §5 Finance-estimate display)', () => {
  it.each(COMMON_ROWS)('§5 common rules: $provider with $case → $expected', (row) => {
    expect(verdictOf(row)).toBe(row.expected);
  });

  it.each(TYPE_ROWS)('§5 lender table: $provider with $case → $expected', (row) => {
    expect(verdictOf(row)).toBe(row.expected);
  });

  it.each([
    ['taurus', 'A'],
    ['carclarity', 'B'],
    ['360', 'C'],
    ['ausloans', 'D'],
    ['manual', 'E'],
    ['angle', 'F'],
    ['powertorque', 'G'],
    ['oem', 'H'],
  ] as const)('§5 grouping: %s is Type %s', (provider, type) => {
    expect(LENDER_TYPES[provider]).toBe(type);
  });

  it.each([
    {
      case: 'car 2012, 23:00 on 31 Dec 2024 in Australia',
      now: '2024-12-31T13:00:00Z',
      year: 2012,
      shown: true,
    },
    {
      case: 'car 2012, 01:00 on 1 Jan 2025 in Australia',
      now: '2024-12-31T15:00:00Z',
      year: 2012,
      shown: false,
    },
  ])('§5 Type A car age is counted in Australian years: $case', ({ now, year, shown }) => {
    const car = carOf({ year });
    expect(financeVerdict(car, { provider: 'taurus', financeHidden: false, now: new Date(now) }).shown).toBe(
      shown,
    );
  });

  it.each([
    { case: 'a site without a finance provider', provider: null, lenders: allEntries, expected: null },
    { case: "the site's provider's entry", provider: 'angle', lenders: allEntries, expected: 'angle' },
    {
      case: 'no entry of the site provider (no fallback)',
      provider: 'taurus',
      lenders: { oem: FULL_ENTRY },
      expected: null,
    },
  ] as const)(
    '§5 chooses the estimate by the site finance_provider: $case',
    ({ provider, lenders, expected }) => {
      const choice = chooseFinanceEstimate(carOf({ finance_lenders: lenders }), {
        provider,
        financeHidden: false,
        now: NOW,
      });
      expect(choice?.provider ?? null).toBe(expected);
    },
  );
});

describe('finance-estimate display (search-detail-finance-watchlist.md §5, §9 Finance)', () => {
  const show = (
    provider: FinanceProvider,
    entry: Partial<FinanceLender> = {},
    car: Partial<CarInput> = {},
    now = NOW,
  ) =>
    financeEstimate(carOf({ finance_lenders: { [provider]: { ...FULL_ENTRY, ...entry } }, ...car }), {
      provider,
      financeHidden: false,
      now,
    });

  it.each([
    { paymentWeek: 141.49, weekly: '$141' },
    { paymentWeek: 141.5, weekly: '$142' },
    { paymentWeek: 1234.2, weekly: '$1,234' },
  ])('§9 weekly payments are rounded to whole dollars: $paymentWeek → $weekly', ({ paymentWeek, weekly }) => {
    expect(show('manual', { paymentWeek })?.weekly).toBe(weekly);
  });

  it.each([
    { provider: 'manual', frequency: 'weekly' },
    { provider: 'oem', frequency: 'monthly' },
    { provider: '360', frequency: 'weekly' },
  ] as const)('§5 the leading payment of $provider is $frequency', ({ provider, frequency }) => {
    expect(show(provider)?.frequency).toBe(frequency);
  });

  it('§5 Type A: deposit 10% of the price and an offer valid one month ahead', () => {
    const estimate = show('taurus', { deposit: 999 }, { price: 34_990 });
    expect(estimate).toMatchObject({ deposit: '$3,499', validUntil: '1 July 2025' });
  });

  it.each([
    { now: '2025-01-30T20:00:00Z', validUntil: '28 February 2025' },
    { now: '2025-06-01T00:00:00Z', validUntil: '1 July 2025' },
  ])(
    '§5 Type A validity is one calendar month from the Australian date: $now → $validUntil',
    ({ now, validUntil }) => {
      expect(show('taurus', {}, {}, new Date(now))?.validUntil).toBe(validUntil);
    },
  );

  it('§5, §9 every estimate carries rates, term, the comparison-rate basis and the disclaimer', () => {
    expect(show('360', { balloon: 6000 })).toEqual({
      provider: '360',
      lenderType: 'C',
      frequency: 'weekly',
      weekly: '$142',
      monthly: '$613',
      interestRate: '7.99%',
      comparisonRate: '8.64%',
      term: '5 years',
      deposit: '$3,000',
      balloon: '$6,000',
      validUntil: null,
      lenderDisclaimer: 'Indicative only. Lender criteria apply.',
      comparisonBasis: 'Comparison rate based on a $30,000 secured loan over a 5-year term.',
      disclaimer: 'The figure is indicative only and not a quote.',
    });
    expect(COMPARISON_RATE_BASIS).toContain('$30,000 secured loan');
    expect(FINANCE_DISCLAIMER).toContain('indicative only and not a quote');
  });

  it.each([
    { entry: { termYears: 5 }, term: '5 years' },
    { entry: { termYears: null, termMonths: 48 }, term: '48 months' },
    { entry: { termYears: null, termMonths: null }, term: '5 years' },
  ])('§9 term: entry $entry → $term', ({ entry, term }) => {
    expect(show('oem', entry)?.term).toBe(term);
  });

  it('§5 a hidden estimate has no display', () => {
    expect(show('oem', { paymentMonth: null })).toBeNull();
  });
});
