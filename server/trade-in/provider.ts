import { createHash, randomBytes } from 'node:crypto';
import type { VehicleRecord } from '../../domain/trade-in.ts';

/**
 * The valuation provider (`locations-forms-tradein-site.md` §7, the `/api/eval-expert/*` calls; issue
 * 16): look a car up by its registration, narrow it to one description, and value it with the
 * customer's kilometres. An adapter: the local default below answers deterministically, with the
 * documented test registrations; `VALUATION_URL` and `VALUATION_API_KEY` select a real
 * provider spoken to over HTTP (`httpValuationProvider`).
 */
export interface ValuationProvider {
  readonly name: string;
  /** §7 enter-vin: a list whose first item is the vehicle (with an EvalID) or its candidate descriptions; empty when none matches. */
  enterVin(input: { rego: string; state: string }): Promise<VehicleRecord[]>;
  /** §7 manual-entry: the vehicle for the chosen description (with its EvalID). */
  manualEntry(input: { vin: string; desc: string }): Promise<VehicleRecord[]>;
  /** §7 update-eval: the full vehicle details with the customer's kilometres. */
  updateEval(input: {
    evalid: string;
    km: number;
    userEmail: string;
    cName: string;
    cEmail: string;
    cPhone: string;
  }): Promise<VehicleRecord[]>;
}

/** The provider could not answer (down, refusing): the wizard shows the error text (§8). */
export class ValuationUnavailableError extends Error {}

const digest = (text: string) => createHash('sha256').update(text).digest();

const MAKES = [
  { make: 'Toyota', models: ['Corolla', 'RAV4', 'HiLux', 'Camry'] },
  { make: 'Mazda', models: ['CX-5', 'Mazda3', 'BT-50', 'CX-3'] },
  { make: 'Hyundai', models: ['i30', 'Tucson', 'Kona', 'Santa Fe'] },
  { make: 'Ford', models: ['Ranger', 'Everest', 'Focus', 'Escape'] },
] as const;
const VARIANTS = ['GX', 'GXL', 'Sport', 'Touring', 'Limited'] as const;

/** The documented test registrations (README; any state). */
export const TEST_REGOS = {
  descriptions: 'TEST01',
  evalId: 'TEST02',
  notFound: 'TEST404',
  failure: 'TEST500',
} as const;

/** The VIN the local provider gives the car of a seed (a rego): the same rego, the same VIN. */
const vinOf = (seed: string) => `6T1${digest(seed).toString('hex').slice(0, 14).toUpperCase()}`;

/**
 * The car a VIN names, as the local provider keeps it: its VINs carry the car (make, model, year,
 * body, gearbox) in their first bytes, so the VIN a look-up answered names the same car when a
 * description of it is chosen (issue 31 item 16); any other VIN names the car its hash picks.
 */
function carOfVin(vin: string, year: number | null = null): VehicleRecord {
  const bytes = /^6T1[0-9A-F]{14}$/.test(vin) ? Buffer.from(vin.slice(3), 'hex') : digest(vin);
  const numbers = digest(`numbers:${vin}`).toString('hex').toUpperCase();
  const family = MAKES[(bytes[0] ?? 0) % MAKES.length] ?? MAKES[0];
  const model = family.models[(bytes[1] ?? 0) % family.models.length] ?? family.models[0];
  return {
    VIN: vin,
    Make: family.make,
    Model: model,
    Year: year ?? 2012 + ((bytes[2] ?? 0) % 13),
    Body: (bytes[3] ?? 0) % 2 === 0 ? 'Wagon' : 'Sedan',
    Transmission: (bytes[4] ?? 0) % 3 === 0 ? 'Manual' : 'Automatic',
    Cylinders: 4,
    EngineNo: `EN${numbers.slice(0, 8)}`,
    redbookCode: `AUV${numbers.slice(8, 16)}`,
  };
}

/** A new evaluation's id: the car's (derived from its seed) and this evaluation's own part. */
const evalIdOf = (seed: string) =>
  `EV${digest(`eval:${seed}`).toString('hex').slice(0, 6)}${randomBytes(4).toString('hex')}`.toUpperCase();

/**
 * The local provider: `TEST01` three descriptions (Step Two), `TEST02` a vehicle with an EvalID
 * (skips Step Two), `TEST404` no match, `TEST500` a provider failure; any other rego a deterministic
 * answer derived from it (descriptions for about half of them). The car is the same every time, and
 * its VIN names it, so a description chosen values that car; each evaluation gets an EvalID of its own.
 */
export function localValuationProvider(): ValuationProvider {
  return {
    name: 'local',
    async enterVin({ rego, state }) {
      const plate = rego.replace(/[\s-]/g, '').toUpperCase();
      if (plate === TEST_REGOS.notFound) return [];
      if (plate === TEST_REGOS.failure)
        throw new ValuationUnavailableError('The valuation service is not answering');
      // The test registrations are recent cars (2021), so they get an online offer.
      const isTest = plate === TEST_REGOS.descriptions || plate === TEST_REGOS.evalId;
      const car = {
        ...carOfVin(vinOf(plate), isTest ? 2021 : null),
        Registration: plate,
        RegExpiry: '2027-03-31',
      };
      const withDescriptions =
        plate === TEST_REGOS.descriptions ||
        (plate !== TEST_REGOS.evalId && (digest(`${plate}${state}`)[5] ?? 0) % 2 === 0);
      if (withDescriptions) {
        const variants = plate === TEST_REGOS.descriptions ? VARIANTS.slice(0, 3) : VARIANTS.slice(0, 2);
        return [
          {
            ...car,
            VechielDescriptions: variants.map((variant) => ({
              Description: `${car.Year} ${car.Make} ${car.Model} ${variant} ${car.Transmission} ${car.Body}`,
            })),
          },
        ];
      }
      return [{ ...car, EvalID: evalIdOf(plate), Variant: VARIANTS[1] }];
    },
    async manualEntry({ vin, desc }) {
      // The car the VIN names, in the year and variant of the description chosen.
      const year = Number(/^(\d{4}) /.exec(desc)?.[1] ?? Number.NaN);
      const car = carOfVin(vin, Number.isFinite(year) ? year : null);
      const variant = VARIANTS.find((v) => desc.includes(` ${v} `)) ?? null;
      return [{ ...car, EvalID: evalIdOf(`${vin}|${desc}`), Variant: variant }];
    },
    async updateEval({ evalid, km }) {
      return [{ EvalID: evalid, KM: km }];
    },
  };
}

/** §9 condition → how much of a good car's value it keeps (the local provider's offer). */
const CONDITION_FACTOR: Record<string, number> = { Excellent: 1.04, Good: 1, Fair: 0.88, Poor: 0.7 };

/**
 * The local provider's instant offer: deterministic from the vehicle, its kilometres and its
 * condition (a new-car price by model, less 12 % a year and 4 % per 10,000 km), to the $100.
 */
export function localOffer(
  vehicle: { make: string; model: string; year: number | null; km: number; condition: string },
  now: Date,
): number {
  const base = 22_000 + ((digest(`${vehicle.make}|${vehicle.model}`)[0] ?? 0) % 40) * 750;
  const age = Math.max(0, now.getUTCFullYear() - (vehicle.year ?? now.getUTCFullYear()));
  const value =
    base *
    0.88 ** age *
    Math.max(0.3, 1 - (vehicle.km / 10_000) * 0.04) *
    (CONDITION_FACTOR[vehicle.condition] ?? 1);
  return Math.max(500, Math.round(value / 100) * 100);
}

/** A provider spoken to over HTTP with the §7 calls' bodies (`POST {url}/enter-vin` …), bearer key. */
export function httpValuationProvider(options: {
  url: string;
  key: string;
  fetch?: typeof fetch;
}): ValuationProvider {
  const get = options.fetch ?? fetch;
  const call = async (path: string, body: unknown): Promise<VehicleRecord[]> => {
    let response: Response;
    try {
      response = await get(new URL(path, options.url.endsWith('/') ? options.url : `${options.url}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ValuationUnavailableError(`The valuation service could not be reached: ${String(error)}`);
    }
    if (!response.ok)
      throw new ValuationUnavailableError(`The valuation service answered ${response.status}`);
    const answer: unknown = await response.json().catch(() => null);
    if (!Array.isArray(answer))
      throw new ValuationUnavailableError('The valuation service answered something else');
    return answer as VehicleRecord[];
  };
  return {
    name: 'http',
    enterVin: (input) => call('enter-vin', input),
    manualEntry: (input) => call('manual-entry', input),
    updateEval: (input) => call('update-eval', input),
  };
}

/** The provider the settings ask for: HTTP with `VALUATION_URL` and `VALUATION_API_KEY`, else local. */
export function valuationProviderFromEnv(env: {
  VALUATION_URL?: string | undefined;
  VALUATION_API_KEY?: string | undefined;
}): ValuationProvider {
  return env.VALUATION_URL && env.VALUATION_API_KEY
    ? httpValuationProvider({ url: env.VALUATION_URL, key: env.VALUATION_API_KEY })
    : localValuationProvider();
}
