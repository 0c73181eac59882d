import type { Car } from '../../domain/car.ts';
import { askingPrice, MIN_SHOWN_PRICE } from '../../domain/car-price.ts';
import { createRng, hashSeed } from './prng.ts';

/** One back-dated asking price of a demo car. */
export interface SeedPricePoint {
  car_id: number;
  price: number;
  at: string;
}

const DAY = 86_400_000;

/**
 * Demo price history (issue 19 item 3), told by the car itself so that the page never contradicts
 * it (issue 31 item 21): a car whose `before_price` differs from its asking price (about one in
 * eight was reduced, a few raised) was listed at `before_price` when it arrived and changed to its
 * asking price 1 to 45 days before now (or its sale), never sooner than a day after it was listed —
 * so the car pages show a chart, some a 'Price dropped' note beside the was-price, and the listing's
 * "Recent price drops" sort has cars to rank. A car that never changed price has no history. Same
 * cars, seed and `now`: the same history.
 */
export function generatePriceHistory(cars: readonly Car[], seed: number, now: Date): SeedPricePoint[] {
  return cars.flatMap((car) => {
    const asking = askingPrice(car);
    const before = car.before_price;
    if (before === null || before === asking || asking <= MIN_SHOWN_PRICE) return [];
    const rng = createRng(hashSeed(seed, 'prices', car.id));
    const listed = Date.parse(car.created_at);
    const end = car.sold_at === null ? now.getTime() : Date.parse(car.sold_at);
    const changed = Math.max(listed + DAY, end - rng.int(1, 45) * DAY - rng.int(0, 86_399) * 1000);
    if (changed >= end) return [];
    return [
      { car_id: car.id, price: before, at: new Date(listed).toISOString() },
      { car_id: car.id, price: asking, at: new Date(changed).toISOString() },
    ];
  });
}
