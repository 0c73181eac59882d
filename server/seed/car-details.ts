import type { CaravanSpecifications, CarVariant } from '../../domain/car.ts';
import type { FuelCode, ImageBody, ModelSpec } from './catalog.ts';
import type { Rng } from './prng.ts';

/** Detailed and simple fuel names per fuel code. */
export const FUELS: Record<FuelCode, { fuel: string; simple: string }> = {
  P: { fuel: 'Unleaded Petrol', simple: 'Petrol' },
  U: { fuel: 'Premium Unleaded Petrol', simple: 'Petrol' },
  D: { fuel: 'Diesel', simple: 'Diesel' },
  H: { fuel: 'Hybrid', simple: 'Hybrid' },
  E: { fuel: 'Electric', simple: 'Electric' },
  X: { fuel: 'Plug-in Hybrid', simple: 'Plug-in Hybrid' },
};

/** Simple body text per picture body. */
export const BODY_LABELS: Record<ImageBody, string> = {
  sedan: 'Sedan',
  hatch: 'Hatch',
  suv: 'SUV',
  ute: 'Ute',
  wagon: 'Wagon',
  van: 'Van',
  coupe: 'Coupe',
  convertible: 'Convertible',
  motorcycle: 'Motorcycle',
  caravan: 'Caravan',
};

const DOORS: Record<ImageBody, number | null> = {
  sedan: 4,
  hatch: 5,
  suv: 5,
  ute: 4,
  wagon: 5,
  van: 4,
  coupe: 2,
  convertible: 2,
  motorcycle: null,
  caravan: 1,
};

const SEATS: Record<ImageBody, number | null> = {
  sedan: 5,
  hatch: 5,
  suv: 5,
  ute: 5,
  wagon: 5,
  van: 3,
  coupe: 4,
  convertible: 2,
  motorcycle: 2,
  caravan: null,
};

/** Size in mm (length, width, height) and kerb mass in kg per body. */
const SIZE: Record<ImageBody, readonly [number, number, number, number]> = {
  sedan: [4800, 1840, 1450, 1550],
  hatch: [4300, 1790, 1460, 1300],
  suv: [4650, 1870, 1700, 1750],
  ute: [5350, 1920, 1820, 2100],
  wagon: [4870, 1875, 1680, 1650],
  van: [5250, 1990, 1990, 2200],
  coupe: [4450, 1800, 1320, 1400],
  convertible: [4000, 1740, 1240, 1100],
  motorcycle: [2100, 800, 1150, 190],
  caravan: [6500, 2350, 2900, 2300],
};

/** Seats and doors for a model. */
export function seatsAndDoors(model: ModelSpec): { seats: number | null; doors: number | null } {
  return { seats: model.seats ?? SEATS[model.b], doors: DOORS[model.b] };
}

/** Detailed and simple transmission for a model, fuel and drive. */
export function transmission(
  rng: Rng,
  model: ModelSpec,
  fuel: FuelCode | null,
): { trans: string | null; simple: string | null } {
  if (model.b === 'caravan') return { trans: null, simple: null };
  if (model.b === 'motorcycle') return { trans: '6 Speed Manual', simple: 'Manual' };
  if (fuel === 'E') return { trans: '1 Speed Reduction Gear', simple: 'Automatic' };
  if (fuel === 'H') return { trans: 'e-CVT', simple: 'Automatic' };
  const manualChance =
    model.b === 'coupe' || model.b === 'convertible' ? 0.3 : model.b === 'ute' ? 0.12 : 0.06;
  if (rng.chance(manualChance))
    return { trans: rng.pick(['5 Speed Manual', '6 Speed Manual']), simple: 'Manual' };
  const autos =
    model.b === 'ute' || model.b === 'van'
      ? ['6 Speed Automatic', '8 Speed Automatic', '10 Speed Automatic']
      : ['6 Speed Automatic', '8 Speed Automatic', 'CVT Automatic', '7 Speed Dual Clutch'];
  return { trans: rng.pick(autos), simple: 'Automatic' };
}

function cylinders(model: ModelSpec, litres: number, fuel: FuelCode | null): number {
  if (model.b === 'motorcycle') return litres < 0.5 ? 1 : litres < 1.0 ? 2 : litres < 1.25 ? 3 : 2;
  if (litres < 1.3) return 3;
  if (fuel === 'D' && litres <= 3.0) return 4;
  if (litres <= 2.8) return 4;
  return litres <= 3.6 ? 6 : 8;
}

/** Variant data: engine, consumption, size, torque and ANCAP (null for caravans). */
export function variantOf(
  rng: Rng,
  model: ModelSpec,
  fuel: FuelCode | null,
  geartype: string | null,
): CarVariant | null {
  if (model.b === 'caravan') return null;
  const [length, width, height, kerb] = SIZE[model.b];
  const litres = fuel === 'E' ? null : (model.e ?? null);
  const consumption: Record<FuelCode, readonly [number, number]> = {
    P: [5.5, 9.5],
    U: [6.0, 10.5],
    D: [6.5, 8.9],
    H: [3.9, 5.3],
    E: [0, 0],
    X: [1.4, 2.3],
  };
  const range = fuel ? consumption[fuel] : null;
  return {
    cylinders: litres === null ? null : cylinders(model, litres, fuel),
    enginesize: litres === null ? null : Math.round(litres * 1000),
    enginesize_litres: litres,
    induction: litres === null ? null : fuel === 'D' || litres < 2.0 ? 'Turbo Intercooled' : 'Aspirated',
    geartype,
    fuelconsumptioncombined:
      range && fuel !== 'E' ? Math.round(rng.float(range[0], range[1]) * 10) / 10 : null,
    fuelcapacity: fuel === 'E' ? null : model.b === 'motorcycle' ? rng.int(12, 22) : rng.int(45, 80),
    grossvehiclemass: model.b === 'motorcycle' ? null : kerb + rng.int(450, 900),
    vehiclelength: length + rng.int(-150, 150),
    vehicleheight: height + rng.int(-40, 40),
    vehiclewidth: width + rng.int(-30, 30),
    torque:
      fuel === 'E'
        ? rng.int(290, 600)
        : Math.round((litres ?? 2) * (fuel === 'D' ? 170 : model.b === 'motorcycle' ? 95 : 130)),
    ancaprating:
      model.b === 'motorcycle'
        ? null
        : rng.weighted([
            [5, 80],
            [4, 10],
            [null, 10],
          ] as const),
  };
}

/** Caravan specifications with the body size in feet. */
export function caravanSpecifications(rng: Rng, model: ModelSpec): CaravanSpecifications | null {
  if (!model.c) return null;
  const length = model.c.len[0] + rng.int(0, (model.c.len[1] - model.c.len[0]) * 2) / 2;
  const tare = rng.int(model.c.tare[0] / 10, model.c.tare[1] / 10) * 10;
  return {
    body_length: length,
    body_width: rng.pick([7.2, 7.5, 7.6, 7.9]),
    tare_weight: tare,
    axle_type: length >= 19 ? 'Tandem' : 'Single',
    sleeps: model.c.sleeps,
    aggregate_trailer_mass: tare + rng.int(45, 90) * 10,
  };
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A registration plate in the given state's usual format. */
export function plate(rng: Rng, state: string): string {
  const letter = () => PLATE_LETTERS.charAt(rng.int(0, PLATE_LETTERS.length - 1));
  const digit = () => String(rng.int(0, 9));
  if (state === 'NSW') return `${letter()}${letter()}${digit()}${digit()}${letter()}${letter()}`;
  if (state === 'VIC') return `${digit()}${letter()}${letter()}${digit()}${letter()}${letter()}`;
  return `${digit()}${digit()}${digit()}${letter()}${letter()}${letter()}`;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A 17-character VIN with the make's manufacturer prefix. */
export function vin(rng: Rng, wmi: string): string {
  let rest = '';
  for (let i = 0; i < 14; i++) rest += VIN_CHARS.charAt(rng.int(0, VIN_CHARS.length - 1));
  return `${wmi}${rest}`;
}
