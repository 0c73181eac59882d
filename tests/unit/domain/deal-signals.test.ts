import { describe, expect, it } from 'vitest';
import {
  cardPriceDrop,
  daysListedText,
  median,
  priceRatingRule,
  priceRatings,
  type RatedCar,
  ratingLevel,
} from '../../../domain/deal-signals.ts';

const DAY = 86_400;
const NOW = 1_780_000_000;

let nextId = 1;
const car = (overrides: Partial<RatedCar> = {}): RatedCar => ({
  id: nextId++,
  siteId: 1,
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  km: 50_000,
  price: 25_000,
  forSale: true,
  ...overrides,
});

/** A car at `price` and three comparables at $25,000 (their median). */
function rated(price: number, extra: Partial<RatedCar> = {}) {
  const subject = car({ price, ...extra });
  const ratings = priceRatings([subject, car(), car(), car()]);
  return ratings.get(subject.id) ?? null;
}

describe('deal signals: the price rating (issue 37 item 4, decision 130)', () => {
  it.each<[string, number, string]>([
    ['10% below the median is Great', 22_500, 'great'],
    ['just over 10% below is still Good', 22_510, 'good'],
    ['3% below is Good', 24_250, 'good'],
    ['just under 3% below is Fair', 24_260, 'fair'],
    ['the median itself is Fair', 25_000, 'fair'],
    ['3% above is Fair', 25_750, 'fair'],
    ['more than 3% above is High', 25_760, 'high'],
  ])('%s', (_name, price, level) => {
    expect(rated(price)?.level).toBe(level);
  });

  it('thresholds: ≤ −10 % Great, ≤ −3 % Good, ≤ +3 % Fair, above High', () => {
    expect([-0.2, -0.1, -0.05, -0.03, 0, 0.03, 0.031].map(ratingLevel)).toEqual([
      'great',
      'great',
      'good',
      'good',
      'fair',
      'fair',
      'high',
    ]);
  });

  it('rates against the median of the comparables, not counting the car itself', () => {
    const subject = car({ price: 20_000 });
    const others = [
      car({ price: 24_000 }),
      car({ price: 25_000 }),
      car({ price: 30_000 }),
      car({ price: 31_000 }),
    ];
    const rating = priceRatings([subject, ...others]).get(subject.id);
    expect(rating).toEqual({ level: 'great', median: 27_500, comparables: 4, difference: -0.273 });
    expect(median([3, 1, 2])).toBe(2);
  });

  it('needs at least three comparables: with two, no rating', () => {
    const subject = car({ price: 20_000 });
    expect(priceRatings([subject, car(), car()]).has(subject.id)).toBe(false);
    expect(priceRatings([subject, car(), car(), car()]).has(subject.id)).toBe(true);
  });

  it('year band: within one year either side', () => {
    expect(rated(20_000, { year: 2021 })).not.toBeNull();
    expect(rated(20_000, { year: 2019 })).not.toBeNull();
    expect(rated(20_000, { year: 2022 })).toBeNull();
  });

  it('kilometres band: within 20,000 km either side', () => {
    expect(rated(20_000, { km: 70_000 })).not.toBeNull();
    expect(rated(20_000, { km: 30_000 })).not.toBeNull();
    expect(rated(20_000, { km: 70_001 })).toBeNull();
  });

  it('only the same site, make and model (letter case ignored) count', () => {
    expect(rated(20_000, { siteId: 2 })).toBeNull();
    expect(rated(20_000, { model: 'Camry' })).toBeNull();
    expect(rated(20_000, { make: 'TOYOTA', model: 'corolla' })).not.toBeNull();
  });

  it('a car not for sale or without a shown price, year or km is neither rated nor a comparable', () => {
    for (const blank of [{ forSale: false }, { price: null }, { year: null }, { km: null }]) {
      expect(rated(20_000, blank)).toBeNull();
      const subject = car({ price: 20_000 });
      expect(priceRatings([subject, car(), car(), car(blank)]).has(subject.id)).toBe(false);
    }
  });

  it('the rule the chip shows says how the car compares, with which cars, and the thresholds', () => {
    const rating = rated(22_000);
    if (!rating) throw new Error('no rating');
    expect(priceRatingRule(rating, { make: 'Toyota', model: 'Corolla', year: 2020, km: 50_000 })).toBe(
      '12% below the median asking price ($25,000) of 3 other Toyota Corolla cars in this dealer’s stock ' +
        'from 2019–2021 with 30,000–70,000 km. Great: 10% or more below; Good: 3%–10% below; ' +
        'Fair: within 3%; High: more than 3% above.',
    );
    const fair = rated(25_000);
    if (!fair) throw new Error('no rating');
    expect(priceRatingRule(fair, { make: 'Toyota', model: 'Corolla', year: 2020, km: 5_000 })).toMatch(
      /^the same as the median .* with 0–25,000 km\./,
    );
  });
});

describe('deal signals: the drop and days listed', () => {
  it('a drop within 30 days shows its amount; older, none', () => {
    expect(cardPriceDrop({ at: NOW - 10 * DAY, amount: 1_500 }, NOW)).toEqual({
      amount: '$1,500',
      text: 'Price dropped $1,500',
    });
    expect(cardPriceDrop({ at: NOW - 31 * DAY, amount: 1_500 }, NOW)).toBeNull();
    expect(cardPriceDrop({ at: NOW - DAY }, NOW)).toBeNull();
    expect(cardPriceDrop({}, NOW)).toBeNull();
  });

  it('days listed: New today, then whole days', () => {
    expect(daysListedText(NOW - 3_600, NOW)).toBe('New today');
    expect(daysListedText(NOW - DAY, NOW)).toBe('Listed 1 day ago');
    expect(daysListedText(NOW - 12 * DAY - 5, NOW)).toBe('Listed 12 days ago');
    expect(daysListedText(NOW + 60, NOW)).toBe('New today');
  });
});
