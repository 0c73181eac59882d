import type { Car, CarInput } from '../../domain/car.ts';
import { carSchema } from '../../domain/car.ts';
import { chooseVehicle } from './car-choice.ts';
import {
  BODY_LABELS,
  caravanSpecifications,
  FUELS,
  plate,
  seatsAndDoors,
  transmission,
  variantOf,
  vin,
} from './car-details.ts';
import { autograbData, financeLenders } from './car-finance.ts';
import { CUSTOM_TAGS, dealerComments, PRIVATE_SUBURBS, standardEquipment } from './car-text.ts';
import type { FuelCode } from './catalog.ts';
import { COLOURS, slugify } from './catalog.ts';
import { vehicleImageUrl } from './images.ts';
import type { Rng } from './prng.ts';
import { createRng, hashSeed } from './prng.ts';
import type { SeedDealership, SeedTenant, StockProfile } from './seed-tenant.ts';
import { carLocationOf } from './seed-tenant.ts';

/** The seed and the reference moment; every date is relative to `now`, never to the clock. */
export interface GenerateOptions {
  seed: number;
  now: Date;
}

/** Listings generated per dealership, by its stock profile. */
export const STOCK_COUNTS: Record<StockProfile, number> = {
  franchise: 240,
  used: 520,
  mixed: 200,
  caravans: 160,
  motorcycles: 140,
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

function roundPrice(value: number): number {
  if (value < 10_000) return Math.max(990, Math.round(value / 500) * 500 - 10);
  return Math.round(value / 1000) * 1000 - 10;
}

function timeline(rng: Rng, status: Car['status'], now: number) {
  if (status === 'sold') {
    const soldAt = rng.chance(0.45)
      ? now - rng.int(1, 70) * HOUR
      : now - rng.int(4, 60) * DAY - rng.int(0, 23) * HOUR;
    return { created: soldAt - rng.int(5, 90) * DAY, soldAt };
  }
  if (status === 'coming_soon') return { created: now - rng.int(0, 30 * 24) * HOUR, soldAt: null };
  const recent = rng.chance(0.1);
  return {
    created: recent ? now - rng.int(1, 8 * 24 - 1) * HOUR : now - rng.int(8 * 24, 240 * 24) * HOUR,
    soldAt: null,
  };
}

function generateCar(
  tenant: SeedTenant,
  dealership: SeedDealership,
  rng: Rng,
  n: number,
  now: Date,
): CarInput {
  const nowMs = now.getTime();
  const nowYear = now.getUTCFullYear();
  const { make, model, carType, year, status } = chooseVehicle(
    rng,
    dealership.stock,
    dealership.manufacturer_slug,
    nowYear,
  );
  const id = dealership.id * 10_000 + n + 1;
  const location = carLocationOf(tenant, dealership.id);
  const state = location?.state ?? null;
  const fuelCode = model.f ? (rng.pick([...model.f]) as FuelCode) : null;
  const badges = model.t.split('|');
  const badgeIndex = rng.int(0, badges.length - 1);
  let badge = badges[badgeIndex] ?? null;
  if (
    badge &&
    model.f.length > 1 &&
    (fuelCode === 'H' || fuelCode === 'X') &&
    !/hybrid|phev|e:hev|e-power/i.test(badge)
  ) {
    badge = `${badge} ${fuelCode === 'H' ? 'Hybrid' : 'PHEV'}`;
  }
  const series = year >= model.y ? model.s : null;
  const age = nowYear - year;
  const kind = make.kind;
  const km =
    carType === 'new' || kind === 'caravans'
      ? kind === 'caravans'
        ? 0
        : rng.int(2, 25)
      : carType === 'demo'
        ? kind === 'motorcycles'
          ? rng.int(150, 1800)
          : rng.int(800, 9500)
        : Math.max(1, age) * (kind === 'motorcycles' ? rng.int(1500, 5000) : rng.int(9000, 19_000)) +
          rng.int(0, 5000);
  const fuelPremium = fuelCode === 'H' ? 2500 : fuelCode === 'X' ? 6000 : 0;
  const step = badges.length > 1 ? badgeIndex / (badges.length - 1) : 0;
  const newPrice =
    (model.p[0] + (model.p[1] - model.p[0]) * step) * 1000 * rng.float(0.97, 1.04) + fuelPremium;
  const depreciation = kind === 'caravans' ? 0.9 : kind === 'motorcycles' ? 0.88 : 0.86;
  let price =
    carType === 'new'
      ? roundPrice(newPrice)
      : carType === 'demo'
        ? roundPrice(newPrice * 0.93)
        : roundPrice(
            newPrice * depreciation ** age * Math.max(0.5, 1 - km / 450_000) * rng.float(0.92, 1.08),
          );
  const preorder = status === 'coming_soon' && carType === 'new' && rng.chance(0.5);
  if (preorder || (status === 'in_stock' && rng.chance(0.01))) price = 0;
  const colour =
    kind === 'caravans' && rng.chance(0.8)
      ? COLOURS[0]
      : rng.weighted(COLOURS.map((c) => [c, c.weight] as const));
  const colourName = colour?.name ?? 'White';
  const drive = model.d ? (rng.pick(model.d.split(' ')) ?? null) : null;
  const gear = transmission(rng, model, fuelCode);
  const { seats, doors } = seatsAndDoors(model);
  const { created, soldAt } = timeline(rng, status, nowMs);
  const title = [year, make.name, model.n, badge].filter(Boolean).join(' ');
  const imageBase = vehicleImageUrl(model.b, colour?.slug ?? 'white');
  const imageCount = rng.chance(0.02) ? 0 : rng.int(1, 5);
  const images = Array.from({ length: imageCount }, (_, i) =>
    i === 0 ? imageBase : `${imageBase}?view=${i + 1}`,
  );
  const registered = carType !== 'new' && kind !== 'caravans' && rng.chance(0.9);
  const vinValue = carType === 'new' && rng.chance(0.3) ? null : vin(rng, make.wmi);
  const buildMs = Date.UTC(year - (rng.chance(0.3) ? 1 : 0), rng.int(0, 11), 1);
  // A car is repriced only once it has been listed a while (its price history shows the change:
  // `price-history.ts`); the rolls come first so that every car draws the same numbers.
  const reducedRoll = price > 0 && rng.chance(0.12);
  const raisedRoll = price > 0 && !reducedRoll && rng.chance(0.03);
  const repricable = (soldAt ?? nowMs) - created >= 2 * DAY;
  const reduced = reducedRoll && repricable;
  const raisedBefore = raisedRoll && repricable;
  const suburbs = state === null ? [] : (PRIVATE_SUBURBS[state] ?? []);
  const privateSeller =
    carType === 'used' && suburbs.length > 0 && rng.chance(0.05) ? rng.pick(suburbs) : null;
  const certified =
    dealership.stock === 'franchise' &&
    carType === 'used' &&
    make.slug === dealership.manufacturer_slug &&
    age <= 5 &&
    km <= 100_000 &&
    rng.chance(0.75);
  return {
    id,
    slug: slugify(`${title} ${id}`),
    name: title,
    year,
    make: make.name,
    model: model.n,
    badge,
    series,
    car_type: carType,
    status,
    vehicle_kind: kind,
    sold: status === 'sold',
    sold_at: soldAt === null ? null : iso(soldAt),
    show_on_dealer_website: rng.chance(0.97),
    price,
    before_price: reduced ? price + rng.int(1, 8) * 500 : raisedBefore ? price - 1000 : null,
    offer_price: carType !== 'used' && price > 0 && rng.chance(0.05) ? price - rng.int(1, 5) * 500 : null,
    subscription_price:
      carType !== 'used' && kind === 'cars' && rng.chance(0.07) ? rng.int(15, 40) * 10 - 1 : null,
    preorder,
    price_type: rng.weighted([
      ['Drive Away', 72],
      ['Excl. Govt. Charges', 20],
      [null, 8],
    ] as const),
    km,
    stocknum: `${carType.charAt(0).toUpperCase()}${String(dealership.id).slice(-2)}${String(n + 1).padStart(4, '0')}`,
    vin: vinValue,
    regplate: registered && state ? plate(rng, state) : null,
    rego_expiry: registered ? isoDate(nowMs + rng.int(-60, 330) * DAY) : null,
    compliance_date: kind === 'cars' ? isoDate(buildMs + 60 * DAY) : null,
    build_date: isoDate(buildMs),
    colour: colourName,
    seats,
    doors,
    engine_size:
      fuelCode === 'E' || !model.e
        ? null
        : kind === 'motorcycles'
          ? `${Math.round(model.e * 1000)}cc`
          : `${model.e.toFixed(1)}L`,
    trans: gear.trans,
    fuel: fuelCode ? FUELS[fuelCode].fuel : null,
    simple_fuel: fuelCode ? FUELS[fuelCode].simple : null,
    simple_body: model.sb ?? BODY_LABELS[model.b],
    simple_transmission: gear.simple,
    drive,
    tag: rng.chance(0.1) ? rng.pick(CUSTOM_TAGS) : null,
    reserved: status !== 'sold' && rng.chance(0.05),
    certified,
    has_nvic: kind === 'cars' && carType !== 'new' && rng.chance(0.9),
    created_at: iso(created),
    dealercomments: dealerComments(rng, {
      title,
      type: carType,
      make: make.name,
      model: model.n,
      colour: colourName.toLowerCase(),
    }),
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    city: location?.city ?? null,
    state,
    private_suburb: privateSeller?.[0] ?? null,
    private_postcode: privateSeller?.[1] ?? null,
    views: Math.floor(rng.next() ** 2 * 2500),
    images,
    thumbnails: images.map((url) => `${url}${url.includes('?') ? '&' : '?'}size=thumb`),
    primary_image_url: images[0] ?? null,
    standardEquipment: standardEquipment(rng, kind),
    file:
      carType === 'used' && vinValue && rng.chance(0.2)
        ? `https://history.example.com/reports/${vinValue}.pdf`
        : null,
    carsales_title: [title, series, gear.simple === 'Manual' ? 'Man' : gear.simple ? 'Auto' : null, drive]
      .filter(Boolean)
      .join(' '),
    payment_processors: status === 'in_stock' && price > 0 && rng.chance(0.6) ? ['stripe'] : [],
    location,
    variant: variantOf(rng, model, fuelCode, gear.simple),
    specifications: caravanSpecifications(rng, model),
    autograb_data:
      carType !== 'new' && kind === 'cars' && price > 0 && rng.chance(0.85) ? autograbData(rng, price) : null,
    finance_lenders: financeLenders(rng, tenant.finance_provider, price),
  };
}

/** Generates every dealership's stock; the same tenants, seed and `now` give the same cars. */
export function generateCars(tenants: readonly SeedTenant[], options: GenerateOptions): Car[] {
  const cars: Car[] = [];
  for (const tenant of tenants) {
    for (const dealership of tenant.dealerships) {
      const rng = createRng(hashSeed(options.seed, 'cars', dealership.id));
      for (let n = 0; n < STOCK_COUNTS[dealership.stock]; n++) {
        cars.push(carSchema.parse(generateCar(tenant, dealership, rng, n, options.now)));
      }
    }
  }
  return cars;
}
