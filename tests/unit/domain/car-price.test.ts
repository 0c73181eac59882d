import { describe, expect, it } from 'vitest';
import { type PriceDisplay, type PriceFacts, priceDisplay, sortingPrice } from '../../../domain/car-price.ts';

const car: PriceFacts = {
  price: 34_990,
  before_price: null,
  offer_price: null,
  subscription_price: null,
  preorder: false,
  price_type: 'Drive Away',
};
const priced = (text: string, amount: number, extra: Partial<PriceDisplay & { kind: 'price' }> = {}) => ({
  kind: 'price',
  amount,
  text,
  reduced: false,
  wasText: null,
  priceType: 'Drive Away',
  ...extra,
});

describe('price display (search-detail-finance-watchlist.md §4 Price display priority)', () => {
  it.each<[string, Partial<PriceFacts>, object]>([
    [
      '§4 Price display priority 1: subscription price when above 0',
      { subscription_price: 189 },
      { kind: 'subscription', amount: 189, text: '$189', period: 'per week' },
    ],
    [
      '§4 Price display priority 1: subscription beats a reduced price and preorder',
      { subscription_price: 189.5, offer_price: 30_000, preorder: true },
      { kind: 'subscription', amount: 189.5, text: '$189.50', period: 'per week' },
    ],
    [
      '§4 Price display priority 1: a subscription price of 0 is not offered',
      { subscription_price: 0 },
      priced('$34,990', 34_990),
    ],
    ['§4 Price display priority 2: the car price above 10', {}, priced('$34,990', 34_990)],
    [
      '§4 Price display priority 2: a reduced price differing from price is marked reduced',
      { offer_price: 32_990 },
      priced('$32,990', 32_990, { reduced: true }),
    ],
    [
      '§4 Price display priority 2: a reduced price equal to price is not marked reduced',
      { offer_price: 34_990 },
      priced('$34,990', 34_990),
    ],
    [
      '§4 Price display priority 2: a reduced price of 10 or less falls back to the price',
      { offer_price: 10 },
      priced('$34,990', 34_990),
    ],
    ['§4 Price display priority 2: a price of 11 shows', { price: 11 }, priced('$11', 11)],
    [
      '§4 Price display priority 2: was-price shows when before_price is greater',
      { before_price: 36_990 },
      priced('$34,990', 34_990, { wasText: '$36,990' }),
    ],
    [
      '§4 Price display priority 2: no was-price when before_price equals the price',
      { before_price: 34_990 },
      priced('$34,990', 34_990),
    ],
    [
      '§4 Price display priority 2: no was-price when before_price is lower',
      { before_price: 30_000 },
      priced('$34,990', 34_990),
    ],
    [
      '§4 Price display priority 2: was-price compares with the reduced price',
      { offer_price: 32_990, before_price: 33_990 },
      priced('$32,990', 32_990, { reduced: true, wasText: '$33,990' }),
    ],
    [
      '§4 Price display priority 2: a blank price type is none',
      { price_type: ' ' },
      priced('$34,990', 34_990, { priceType: null }),
    ],
    [
      '§4 Price display priority 3: PREORDER when the price is 10 or less',
      { price: 10, preorder: true },
      { kind: 'preorder', text: 'PREORDER' },
    ],
    [
      '§4 Price display priority 3: a search record preorder number counts',
      { price: 0, preorder: 1 },
      { kind: 'preorder', text: 'PREORDER' },
    ],
    [
      '§4 Price display priority 3: a price above 10 beats preorder',
      { preorder: true },
      priced('$34,990', 34_990),
    ],
    [
      '§4 Price display priority 4: no price and no preorder: Enquire for price.',
      { price: 0 },
      { kind: 'noPrice', text: 'Enquire for price.' },
    ],
    [
      '§4 Price display priority 4: a preorder of 0 is not a preorder',
      { price: 0, preorder: 0 },
      { kind: 'noPrice', text: 'Enquire for price.' },
    ],
  ])('%s', (_name, facts, expected) => {
    expect(priceDisplay({ ...car, ...facts })).toEqual(expected);
  });

  it.each<[string, string | undefined, string]>([
    ["§4 Price display priority 4: the site's no-price text", 'Call for price', 'Call for price'],
    ['§4 Price display priority 4: an empty site text falls back to the default', '', 'Enquire for price.'],
    ['§4 Price display priority 4: no site text gives the default', undefined, 'Enquire for price.'],
  ])('%s', (_name, noPrice, text) => {
    expect(priceDisplay({ ...car, price: 0 }, { no_price: noPrice })).toEqual({ kind: 'noPrice', text });
  });
});

describe('what the price sorts order by (decisions 100 and 105; issue 31 item 15)', () => {
  it.each<[string, Partial<PriceFacts>, number | null]>([
    ['the price the card shows', { price: 34_990 }, 34_990],
    ['the offer when the card shows it', { price: 34_990, offer_price: 32_990 }, 32_990],
    ['PREORDER: no price to order by', { price: 0, preorder: true }, null],
    ["'Enquire for price.' (price 0): none", { price: 0 }, null],
    ['§9 a price of 10 or less is not shown: none', { price: 10 }, null],
  ])('%s', (_name, facts, expected) => {
    expect(sortingPrice({ ...car, ...facts })).toBe(expected);
  });
});
