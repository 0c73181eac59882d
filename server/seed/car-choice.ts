import type { CarStatus, CarType } from '../../domain/car.ts';
import { launchYear, type MakeSpec, type ModelSpec } from './catalog.ts';
import { CAR_MAKES } from './catalog-cars.ts';
import { CARAVAN_MAKES, MOTORCYCLE_MAKES } from './catalog-leisure.ts';
import type { Rng } from './prng.ts';
import type { StockProfile } from './seed-tenant.ts';

/** What one generated listing is: make, model, type, year and status. */
export interface VehicleChoice {
  make: MakeSpec;
  model: ModelSpec;
  carType: CarType;
  year: number;
  status: CarStatus;
}

/** Makes a mixed yard sells new (utes and budget SUVs for regional buyers). */
const MIXED_NEW_MAKES = ['isuzu', 'gwm', 'ldv', 'mitsubishi', 'mg'];

type Entry = readonly [readonly [MakeSpec, ModelSpec], number];

function entries(makes: readonly MakeSpec[], keep: (model: ModelSpec) => boolean, byMake: boolean): Entry[] {
  return makes.flatMap((make) =>
    make.models
      .filter(keep)
      .map((model): Entry => [[make, model], (model.w ?? 1) * (byMake ? make.weight : 1)]),
  );
}

const isOnSale = (year: number) => (model: ModelSpec) => model.y <= year && (model.to ?? 9999) >= year;
const isComingSoon = (year: number) => (model: ModelSpec) => model.y > year;
const hasUsed = (year: number) => (model: ModelSpec) => model.y < year;

function usedYear(rng: Rng, model: ModelSpec, nowYear: number, maxAge: number): number {
  const age = rng.weighted([
    [1, 10],
    [2, 14],
    [3, 14],
    [4, 12],
    [5, 10],
    [6, 9],
    [7, 8],
    [8, 7],
    [9, 5],
    [10, 4],
    [12, 3],
    [maxAge, 2],
  ] as const);
  let year = nowYear - age;
  if (model.to !== undefined && year > model.to) year = model.to - rng.int(0, 2);
  return Math.max(year, launchYear(model));
}

function pickFrom(rng: Rng, list: Entry[], fallback: Entry[]): readonly [MakeSpec, ModelSpec] {
  return rng.weighted(list.length > 0 ? list : fallback);
}

/** Chooses the vehicle for one listing of a dealership with the given stock profile. */
export function chooseVehicle(
  rng: Rng,
  profile: StockProfile,
  manufacturerSlug: string | null,
  nowYear: number,
): VehicleChoice {
  const own = CAR_MAKES.find((make) => make.slug === manufacturerSlug) ?? null;
  const anyUsedCar = entries(CAR_MAKES, hasUsed(nowYear), true);
  let carType: CarType;
  let pair: readonly [MakeSpec, ModelSpec];
  if (profile === 'franchise' && own) {
    carType = rng.weighted([
      ['new', 45],
      ['demo', 12],
      ['used', 43],
    ] as const);
    if (carType === 'used') {
      pair = rng.chance(0.55)
        ? pickFrom(rng, entries([own], hasUsed(nowYear), false), anyUsedCar)
        : rng.weighted(anyUsedCar);
    } else {
      const onSale = entries([own], isOnSale(nowYear), false);
      const soon =
        carType === 'new' ? entries([own], isComingSoon(nowYear), false).map(([p]): Entry => [p, 0.5]) : [];
      pair = pickFrom(rng, [...onSale, ...soon], anyUsedCar);
    }
  } else if (profile === 'caravans' || profile === 'motorcycles') {
    const makes = profile === 'caravans' ? CARAVAN_MAKES : MOTORCYCLE_MAKES;
    const franchise = makes.filter((make) => make.slug === manufacturerSlug);
    carType = rng.weighted([
      ['new', profile === 'caravans' ? 60 : 55],
      ['demo', profile === 'caravans' ? 0 : 10],
      ['used', profile === 'caravans' ? 40 : 35],
    ] as const);
    const keep = carType === 'used' ? hasUsed(nowYear) : isOnSale(nowYear);
    const pool = carType !== 'used' && franchise.length > 0 && rng.chance(0.7) ? franchise : makes;
    pair = pickFrom(
      rng,
      entries(pool, keep, true),
      entries(makes, () => true, true),
    );
  } else if (profile === 'mixed' && rng.chance(0.25)) {
    carType = 'new';
    const makes = CAR_MAKES.filter(
      (make) => MIXED_NEW_MAKES.includes(make.slug) || make.slug === manufacturerSlug,
    );
    const onSale = entries(makes, isOnSale(nowYear), true).map(
      ([pair, weight]): Entry => [pair, pair[0].slug === manufacturerSlug ? weight * 6 : weight],
    );
    pair = pickFrom(rng, onSale, anyUsedCar);
  } else {
    carType = 'used';
    pair = rng.weighted(anyUsedCar);
  }
  const [make, model] = pair;
  const comingSoonModel = model.y > nowYear;
  if (comingSoonModel) carType = 'new';
  let year = nowYear;
  if (carType === 'used') year = usedYear(rng, model, nowYear, profile === 'used' ? 16 : 14);
  else if (!comingSoonModel && model.y < nowYear && rng.chance(carType === 'demo' ? 0.5 : 0.15))
    year = nowYear - 1;
  let status: CarStatus;
  if (comingSoonModel) status = 'coming_soon';
  else if (carType === 'new') {
    status = rng.weighted([
      ['in_stock', 78],
      ['coming_soon', 8],
      ['sold', 14],
    ] as const);
  } else {
    status = rng.weighted([
      ['in_stock', 85],
      ['sold', 15],
    ] as const);
  }
  return { make, model, carType, year, status };
}
