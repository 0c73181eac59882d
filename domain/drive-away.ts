import type { AuState } from './au-state.ts';
import { formatAustralianDate } from './format.ts';

/**
 * The car page's drive-away estimate (issue 37 item 5) for a price "excluding government charges":
 * the price plus the state's stamp duty on a passenger vehicle, a year's registration and a year's
 * compulsory third-party (CTP) insurance, in the state of the car's location.
 *
 * Stamp duty is the published rate table of each state's revenue office, as at `DRIVE_AWAY_TABLE_DATE`:
 * - NSW, Revenue NSW "Motor vehicle duty": $3 per $100 or part up to $45,000; then $1,350 plus $5 per
 *   $100 or part over $45,000.
 * - VIC, State Revenue Office Victoria "Motor vehicle duty" (other passenger car, 2025–26): per $200 or
 *   part of the whole value, $8.40 up to the luxury car tax threshold ($80,567), $10.40 to $100,000,
 *   $14.00 to $150,000, $18.00 above.
 * - QLD, Queensland Government "Vehicle registration duty rates" (light vehicles), per $100 or part of
 *   the whole value: hybrid or electric $2 up to $100,000 and $4 above; 1–4 cylinders $3 and $5;
 *   5–6 cylinders $3.50 and $5.50; 7 or more $4 and $6.
 * - WA, RevenueWA "Vehicle licence duty" (light vehicles): 2.75% up to $25,000; between $25,000 and
 *   $50,000, R% where R = 2.75 + (value − 25,000) / 6,666.66 (two decimals); 6.5% above $50,000.
 * - SA, RevenueSA "Stamp duty on motor vehicles" (non-commercial): $1 per $100 or part to $1,000 (at
 *   least $5); $10 plus $2 per $100 over $1,000 to $2,000; $30 plus $3 per $100 over $2,000 to
 *   $3,000; $60 plus $4 per $100 over $3,000.
 * - TAS, State Revenue Office Tasmania "Motor vehicle duty" (passenger vehicles): $20 up to $600; $3 per
 *   $100 or part to $35,000; $1,050 plus $11 per $100 over $35,000 to $40,000; $4 per $100 above.
 * - ACT, ACT Revenue Office "Motor vehicle duty" (vehicles without an emissions rating, and used ones):
 *   $3 per $100 or part up to $45,000; then $1,350 plus $5 per $100 over $45,000.
 * - NT, Territory Revenue Office "Motor vehicle registration duty": $3 per $100 or part.
 *
 * Registration and CTP are typical figures, not a quote: a light passenger vehicle (4 cylinders, about
 * 1,300 kg tare), private use, metropolitan, 12 months, from each state's registration authority and
 * its CTP regulator (VIC's TAC charge, QLD's class 1, WA's motor injury insurance, TAS's MAIB, NT's
 * MACA), rounded to dollars. Actual charges vary with the vehicle's weight or cylinders, the insurer
 * and the postcode: the page says so and the dealer confirms the price. The tables are reviewed each
 * 1 July, when the states publish new ones (change `DRIVE_AWAY_TABLE_DATE` with them).
 */

/** The day the tables below are as at (ISO). */
export const DRIVE_AWAY_TABLE_DATE = '2025-07-01';

/** What the page says under the estimate. */
export const DRIVE_AWAY_DISCLAIMER =
  'An estimate only, not a quote: government charges depend on the vehicle, its buyer and where it is registered, and the dealer confirms the drive-away price.';

/** The price types that mean "excluding government charges" (the dealer feed's words). */
const EXCLUDING_GOVERNMENT_CHARGES =
  /^(excl\.?|excluding|ex\.?|plus)\s*(govt\.?|government)\s*charges$|^egc$|^\+\s*orc$/i;

/** Whether a car's price type says its price excludes government charges (`Excl. Govt. Charges`). */
export function excludesGovernmentCharges(priceType: string | null | undefined): boolean {
  return typeof priceType === 'string' && EXCLUDING_GOVERNMENT_CHARGES.test(priceType.trim());
}

/**
 * One bracket of a duty table, from `over` (exclusive) to the next bracket's `over`:
 * - `rate` per `unit` "or part" of the whole value (`on: 'whole'`) or of the value over `over`
 *   (`on: 'excess'`), plus `base`;
 * - `sliding` (WA): a percentage of the whole value that rises from `from` by 1 per `step` dollars.
 */
export type DutyBracket =
  | {
      readonly over: number;
      readonly kind: 'rate';
      readonly base: number;
      readonly rate: number;
      readonly unit: number;
      readonly on: 'whole' | 'excess';
    }
  | { readonly over: number; readonly kind: 'sliding'; readonly from: number; readonly step: number };

/**
 * A state's stamp duty on a passenger vehicle: who publishes it (the page names it; the table's title
 * is in the module's note), its brackets in order and the least duty payable.
 */
export interface DutyTable {
  readonly source: string;
  readonly brackets: readonly DutyBracket[];
  readonly minimum?: number;
}

const rate = (
  over: number,
  perUnit: number,
  unit: number,
  on: 'whole' | 'excess' = 'whole',
  base = 0,
): DutyBracket => ({ over, kind: 'rate', base, rate: perUnit, unit, on });

/** VIC's luxury car tax threshold for 2025–26 (the Commonwealth's, for other vehicles). */
export const VIC_LUXURY_THRESHOLD = 80_567;

/** QLD's rate depends on the engine: hybrid or electric, or by cylinders. */
export type QldEngine = 'hybridOrElectric' | 'upTo4' | 'fiveOrSix' | 'sevenOrMore';

const QLD_RATES: Readonly<Record<QldEngine, readonly [number, number]>> = {
  hybridOrElectric: [2, 4],
  upTo4: [3, 5],
  fiveOrSix: [3.5, 5.5],
  sevenOrMore: [4, 6],
};

/** QLD's table for an engine. */
export function qldDutyTable(engine: QldEngine): DutyTable {
  const [low, high] = QLD_RATES[engine];
  return {
    source: 'Queensland Government',
    brackets: [rate(0, low, 100), rate(100_000, high, 100)],
  };
}

/** Every state's stamp duty table (QLD's for a car of 4 cylinders or fewer; see `qldDutyTable`). */
export const DUTY_TABLES: Readonly<Record<AuState, DutyTable>> = {
  nsw: {
    source: 'Revenue NSW',
    brackets: [rate(0, 3, 100), rate(45_000, 5, 100, 'excess', 1_350)],
  },
  vic: {
    source: 'State Revenue Office Victoria',
    brackets: [
      rate(0, 8.4, 200),
      rate(VIC_LUXURY_THRESHOLD, 10.4, 200),
      rate(100_000, 14, 200),
      rate(150_000, 18, 200),
    ],
  },
  qld: qldDutyTable('upTo4'),
  wa: {
    source: 'RevenueWA',
    brackets: [
      rate(0, 2.75, 100),
      { over: 25_000, kind: 'sliding', from: 2.75, step: 6_666.66 },
      rate(50_000, 6.5, 100),
    ],
  },
  sa: {
    source: 'RevenueSA',
    brackets: [
      rate(0, 1, 100),
      rate(1_000, 2, 100, 'excess', 10),
      rate(2_000, 3, 100, 'excess', 30),
      rate(3_000, 4, 100, 'excess', 60),
    ],
    minimum: 5,
  },
  tas: {
    source: 'State Revenue Office Tasmania',
    brackets: [
      rate(0, 0, 100, 'whole', 20),
      rate(600, 3, 100),
      rate(35_000, 11, 100, 'excess', 1_050),
      rate(40_000, 4, 100),
    ],
  },
  act: {
    source: 'ACT Revenue Office',
    brackets: [rate(0, 3, 100), rate(45_000, 5, 100, 'excess', 1_350)],
  },
  nt: {
    source: 'Territory Revenue Office',
    brackets: [rate(0, 3, 100)],
  },
};

/** A year's registration and CTP, typical for a light passenger vehicle (see the module's note). */
export interface YearlyCharges {
  readonly registration: number;
  readonly ctp: number;
  /** What the state calls its compulsory insurance. */
  readonly ctpName: string;
}

export const YEARLY_CHARGES: Readonly<Record<AuState, YearlyCharges>> = {
  nsw: { registration: 480, ctp: 600, ctpName: 'CTP green slip' },
  vic: { registration: 345, ctp: 620, ctpName: 'TAC charge' },
  qld: { registration: 425, ctp: 387, ctpName: 'CTP insurance' },
  wa: { registration: 420, ctp: 485, ctpName: 'Motor injury insurance' },
  sa: { registration: 190, ctp: 410, ctpName: 'CTP insurance' },
  tas: { registration: 330, ctp: 430, ctpName: 'MAIB premium' },
  act: { registration: 440, ctp: 560, ctpName: 'CTP insurance' },
  nt: { registration: 180, ctp: 560, ctpName: 'MACA insurance' },
};

const TABLE_DATE_TEXT = formatAustralianDate(DRIVE_AWAY_TABLE_DATE) ?? DRIVE_AWAY_TABLE_DATE;

const units = (amount: number, unit: number): number => Math.ceil(amount / unit);

/** The duty a table charges on a dutiable value, to the cent (0 for a value of 0 or less). */
export function stampDuty(table: DutyTable, value: number): number {
  if (!(value > 0)) return 0;
  const bracket = table.brackets.findLast((b) => value > b.over) ?? table.brackets[0];
  if (!bracket) return 0;
  let duty: number;
  if (bracket.kind === 'sliding') {
    const percent = Math.round((bracket.from + (value - bracket.over) / bracket.step) * 100) / 100;
    duty = (value * percent) / 100;
  } else {
    const counted = bracket.on === 'excess' ? value - bracket.over : value;
    duty = bracket.base + units(counted, bracket.unit) * bracket.rate;
  }
  return Math.round(Math.max(duty, table.minimum ?? 0) * 100) / 100;
}

/** The QLD engine group of a car: hybrid or electric by its fuel, else by its cylinders (4 or fewer when unknown). */
export function qldEngine(fuel: string | null | undefined, cylinders: number | null | undefined): QldEngine {
  if (fuel && /hybrid|electric|phev/i.test(fuel)) return 'hybridOrElectric';
  if (typeof cylinders === 'number' && cylinders >= 7) return 'sevenOrMore';
  if (typeof cylinders === 'number' && cylinders >= 5) return 'fiveOrSix';
  return 'upTo4';
}

/**
 * A state or territory from a location's text (`NSW`, `nsw`), or `null`. Read from the tables' own
 * keys: the schema's module sits in the lead forms' chunk, which the car page's rules must not import.
 */
function auStateOf(text: string | null | undefined): AuState | null {
  const key = text?.trim().toLowerCase() ?? '';
  return Object.hasOwn(DUTY_TABLES, key) ? (key as AuState) : null;
}

/** The car's facts the estimate reads. */
export interface DriveAwayCar {
  readonly price: number;
  readonly priceType: string | null | undefined;
  /** The state of the car's location (any case). */
  readonly state: string | null | undefined;
  readonly fuel?: string | null;
  readonly cylinders?: number | null;
}

/** The estimate the car page shows, in whole dollars. */
export interface DriveAwayEstimate {
  readonly state: AuState;
  readonly price: number;
  readonly stampDuty: number;
  readonly registration: number;
  readonly ctp: number;
  readonly ctpName: string;
  readonly total: number;
  readonly source: string;
  /** `1 July 2025`. */
  readonly tableDate: string;
  readonly disclaimer: string;
}

/**
 * The drive-away estimate of a car whose price excludes government charges, in its location's state;
 * `null` for any other price type, a price of 0 or less, or a location outside the eight states.
 */
export function driveAwayEstimate(car: DriveAwayCar): DriveAwayEstimate | null {
  if (!excludesGovernmentCharges(car.priceType) || !(car.price > 0)) return null;
  const state = auStateOf(car.state);
  if (state === null) return null;
  const table = state === 'qld' ? qldDutyTable(qldEngine(car.fuel, car.cylinders)) : DUTY_TABLES[state];
  const duty = Math.round(stampDuty(table, car.price));
  const { registration, ctp, ctpName } = YEARLY_CHARGES[state];
  return {
    state: state,
    price: car.price,
    stampDuty: duty,
    registration,
    ctp,
    ctpName,
    total: car.price + duty + registration + ctp,
    source: table.source,
    tableDate: TABLE_DATE_TEXT,
    disclaimer: DRIVE_AWAY_DISCLAIMER,
  };
}
