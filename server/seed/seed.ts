import type { Car } from '../../domain/car.ts';
import type { Item } from '../../domain/item.ts';
import type { Make } from '../../domain/make.ts';
import type { Model } from '../../domain/model.ts';
import type { Promotion } from '../../domain/promotion.ts';
import { skipPriceChanges } from '../saved-searches/match.ts';
import { countCars, deleteAllCars, replaceCarPrices, upsertCars } from '../store/cars.repo.ts';
import type { Db, Executor } from '../store/db.ts';
import { countItems, deleteAllItems, upsertItems } from '../store/items.repo.ts';
import { deleteCatalogue, upsertMakes, upsertModels } from '../store/makes.repo.ts';
import { setMeta } from '../store/meta.repo.ts';
import { deletePromotions, upsertPromotions } from '../store/promotions.repo.ts';
import type { ReviewRecord } from '../store/reviews.repo.ts';
import { deleteReviews, upsertReviews } from '../store/reviews.repo.ts';
import type { GenerateOptions } from './cars.ts';
import { generateCars } from './cars.ts';
import { catalogueMakes, catalogueModels } from './catalog-entities.ts';
import { generateItems } from './items.ts';
import { generatePriceHistory, type SeedPricePoint } from './price-history.ts';
import { generatePromotions } from './promotions.ts';
import { generateReviews } from './reviews.ts';
import type { SeedTenant } from './seed-tenant.ts';

/** The seed used unless another is given. */
export const DEFAULT_SEED = 20_250_101;

/** Bumped when the generator changes so a store can tell which demo data it holds. */
export const SEED_VERSION = 3;

/** Everything the demo seed writes. */
export interface DemoData {
  makes: Make[];
  models: Model[];
  cars: Car[];
  reviews: ReviewRecord[];
  promotions: Promotion[];
  items: Item[];
  /** Back-dated asking prices of the cars that were reduced (their whole history). */
  priceHistory: SeedPricePoint[];
}

/** What a seed run did. */
export interface SeedReport {
  /** False when the store already had cars and nothing was written. */
  seeded: boolean;
  cars: number;
  ms: number;
}

/** Options for {@link ensureSeeded} and {@link reseed}. */
export interface SeedOptions {
  seed?: number;
}

/** The demo data for these tenants; the same tenants, seed and `now` always give the same data. */
export function generateDemoData(tenants: readonly SeedTenant[], options: GenerateOptions): DemoData {
  const cars = generateCars(tenants, options);
  return {
    makes: catalogueMakes(),
    models: catalogueModels(),
    cars,
    priceHistory: generatePriceHistory(cars, options.seed, options.now),
    reviews: generateReviews(tenants, options),
    promotions: generatePromotions(tenants, options),
    items: generateItems(tenants, options.seed),
  };
}

async function write(tx: Executor, data: DemoData, options: GenerateOptions): Promise<void> {
  await upsertMakes(tx, data.makes);
  await upsertModels(tx, data.models);
  await upsertCars(tx, data.cars);
  await replaceCarPrices(tx, data.priceHistory);
  await upsertReviews(tx, data.reviews);
  await upsertPromotions(tx, data.promotions);
  await upsertItems(tx, data.items);
  await setMeta(tx, 'seed', {
    seed: options.seed,
    now: options.now.toISOString(),
    version: SEED_VERSION,
    cars: data.cars.length,
  });
  // The demo stock is nobody's news: saved searches are not alerted of it.
  await skipPriceChanges(tx);
}

const lockSeed = (tx: Executor) => tx.query("SELECT pg_advisory_xact_lock(hashtext('forecourt:seed'))");

/**
 * Seeds the demo data when the store has no cars (first start), in one transaction. `now` is the
 * reference moment for "sold within 3 days", "created within 8 days" and promotion windows: pass
 * the time of first start.
 */
export async function ensureSeeded(
  db: Db,
  tenants: readonly SeedTenant[],
  now: Date,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const started = performance.now();
  const generate = { seed: options.seed ?? DEFAULT_SEED, now };
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    if ((await countCars(tx)) > 0) {
      // A store seeded before items existed gets its items on the next start.
      if ((await countItems(tx)) === 0) await upsertItems(tx, generateItems(tenants, generate.seed));
      return { seeded: false, cars: 0, ms: performance.now() - started };
    }
    const data = generateDemoData(tenants, generate);
    await write(tx, data, generate);
    return { seeded: true, cars: data.cars.length, ms: performance.now() - started };
  });
}

/** Deletes all demo content (cars, catalogue, reviews, promotions) and seeds again. */
export async function reseed(
  db: Db,
  tenants: readonly SeedTenant[],
  now: Date,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const started = performance.now();
  const generate = { seed: options.seed ?? DEFAULT_SEED, now };
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    await deleteAllCars(tx);
    await deleteReviews(tx);
    await deletePromotions(tx);
    await deleteAllItems(tx);
    await deleteCatalogue(tx);
    const data = generateDemoData(tenants, generate);
    await write(tx, data, generate);
    return { seeded: true, cars: data.cars.length, ms: performance.now() - started };
  });
}
