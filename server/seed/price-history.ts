import type { Car } from '../../domain/car.ts';
import { isCarAvailable } from '../../domain/car-availability.ts';
import { createRng, hashSeed } from './prng.ts';

/** One back-dated asking price of a demo car. */
export interface SeedPricePoint {
  car_id: number;
  price: number;
  at: string;
}

const DAY = 86_400_000;

/**
 * Demo price history (issue 19 item 3): about one car for sale in eight had a higher asking price
 * first — listed 35 to 70 days ago, reduced by $500 to $3,000 (rounded to $10) 1 to 45 days ago — so
 * the car pages show a chart, some a 'Price dropped' note, and the listing's "Recent price drops" sort
 * has cars to rank. Same cars, seed and `now`: the same history.
 */
export function generatePriceHistory(cars: readonly Car[], seed: number, now: Date): SeedPricePoint[] {
  return cars.flatMap((car) => {
    const rng = createRng(hashSeed(seed, 'prices', car.id));
    if (!isCarAvailable(car) || !rng.chance(0.125)) return [];
    const asking = car.offer_price !== null && car.offer_price > 10 ? car.offer_price : car.price;
    if (asking <= 1000) return [];
    const drop = Math.round(rng.int(500, 3000) / 10) * 10;
    const listed = new Date(now.getTime() - rng.int(35, 70) * DAY - rng.int(0, 86_399) * 1000);
    const reduced = new Date(now.getTime() - rng.int(1, 45) * DAY - rng.int(0, 86_399) * 1000);
    return [
      { car_id: car.id, price: asking + drop, at: listed.toISOString() },
      { car_id: car.id, price: asking, at: reduced.toISOString() },
    ];
  });
}
