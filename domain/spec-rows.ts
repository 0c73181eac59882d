import { type Car, hasOdometer } from './car.ts';
import { formatAustralianDate, formatNumber } from './format.ts';

/**
 * Vehicle-detail specifications: spec rows, rego expiry, the 'Key information' grid, the features list
 * and caravan sizes (`search-detail-finance-watchlist.md` §2 Screens and widgets, §5 "Spec rows and
 * dates", §9 Business constants and limits). Dates are read in Australian Eastern Standard Time
 * (UTC+10:00, the offset the spec's own dates carry, §9 Stocktake promotion) and shown as Australians
 * write them in prose: `14 March 2027`.
 */

/** Hours east of UTC in which "today" is decided (AEST; the spec's dates use +10:00). */
export const AUSTRALIAN_UTC_OFFSET_HOURS = 10;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Today's date in Australia (UTC+10:00) as `YYYY-MM-DD`. */
export function australianToday(now: Date): string {
  return new Date(now.getTime() + AUSTRALIAN_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** An ISO date plus whole calendar months, clamped to the month's last day (`2025-01-31` + 1 → `2025-02-28`). */
export function addMonths(isoDate: string, months: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`Not an ISO date: "${isoDate}"`);
  const monthIndex = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(Number(match[3]), lastDay))}`;
}

/** A value a spec row may hold. */
export type SpecValue = string | number | null | undefined;

/** One labelled row of a specification list. */
export interface SpecRow {
  readonly label: string;
  readonly value: SpecValue;
}

/** A row that survived `keepSpecRows`: its value is displayable text. */
export interface ShownSpecRow {
  readonly label: string;
  readonly value: string;
}

/** §5 Spec rows and dates: a value is shown unless undefined, null, empty (or blank) or the text 'null'. */
export function hasSpecValue(value: SpecValue): value is string | number {
  if (value === undefined || value === null) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  const text = value.trim();
  return text !== '' && text !== 'null';
}

/** §5 Spec rows and dates: drops the rows whose value is undefined, null, empty or 'null'. */
export function keepSpecRows(rows: readonly SpecRow[]): ShownSpecRow[] {
  return rows.flatMap((row) =>
    hasSpecValue(row.value) ? [{ label: row.label, value: String(row.value) }] : [],
  );
}

/**
 * §5 Spec rows and dates: 'Expires on {date}' only when the rego expiry is after today in Australia.
 * An expiry of today is not in the future, so it shows nothing.
 */
export function regoExpiryText(regoExpiry: string | null | undefined, now: Date): string | null {
  const date = regoExpiry ? formatAustralianDate(regoExpiry) : null;
  if (!regoExpiry || date === null || regoExpiry.slice(0, 10) <= australianToday(now)) return null;
  return `Expires on ${date}`;
}

/** §9: 'Key information' shows its first 4 items before the Show More / Show Less toggle. */
export const KEY_INFORMATION_LIMIT = 4;
/** §9: the features list's default limit. */
export const FEATURES_LIMIT = 8;

/** What a list with a show-more toggle displays in one state. */
export interface ToggledList<T> {
  readonly visible: readonly T[];
  /** The toggle's label, or `null` when every item fits and there is no toggle. */
  readonly toggle: string | null;
}

function toggledList<T>(
  items: readonly T[],
  limit: number,
  expanded: boolean,
  labels: { readonly more: string; readonly less: string },
): ToggledList<T> {
  if (items.length <= limit) return { visible: items, toggle: null };
  return expanded
    ? { visible: items, toggle: labels.less }
    : { visible: items.slice(0, limit), toggle: labels.more };
}

/** §2, §9: the 'Key information' grid: 4 items, then 'Show More' / 'Show Less'. */
export function keyInformation(rows: readonly ShownSpecRow[], expanded: boolean): ToggledList<ShownSpecRow> {
  return toggledList(rows, KEY_INFORMATION_LIMIT, expanded, { more: 'Show More', less: 'Show Less' });
}

/** §2, §9: the features list: `limit` (8) features, then 'Show All' / 'Hide'. Blank features are dropped. */
export function featuresList(
  features: readonly string[],
  expanded: boolean,
  limit: number = FEATURES_LIMIT,
): ToggledList<string> {
  const shown = features.map((feature) => feature.trim()).filter((feature) => feature !== '');
  return toggledList(shown, limit, expanded, { more: 'Show All', less: 'Hide' });
}

/** §9: metres per foot. */
export const METRES_PER_FOOT = 0.3048;

/** §9 Caravan sizes: feet → metres (× 0.3048). */
export function feetToMetres(feet: number): number {
  return feet * METRES_PER_FOOT;
}

/** §9 Caravan sizes: `22` (ft) → `'6.71m'`; missing → `null` (so the row is dropped). */
export function caravanSize(feet: number | null | undefined): string | null {
  return feet === null || feet === undefined ? null : `${formatNumber(feetToMetres(feet), 2)}m`;
}

function withUnit(value: number | null | undefined, unit: string, decimals = 0): string | null {
  return value === null || value === undefined ? null : `${formatNumber(value, decimals)}${unit}`;
}

/**
 * The odometer reading (`45,210 km`), or `null` for a vehicle without an odometer (a caravan: its row
 * is dropped rather than read as 0 km).
 */
export function odometerText(car: Pick<Car, 'km' | 'vehicle_kind'>): string | null {
  return hasOdometer(car.vehicle_kind) ? `${formatNumber(car.km)} km` : null;
}

function dateOf(isoDate: string | null): string | null {
  return isoDate === null ? null : formatAustralianDate(isoDate);
}

/** The car fields the specification lists read. */
export type SpecCar = Pick<
  Car,
  | 'make'
  | 'model'
  | 'badge'
  | 'series'
  | 'year'
  | 'km'
  | 'vehicle_kind'
  | 'simple_body'
  | 'colour'
  | 'trans'
  | 'simple_transmission'
  | 'fuel'
  | 'simple_fuel'
  | 'drive'
  | 'engine_size'
  | 'seats'
  | 'doors'
  | 'vin'
  | 'regplate'
  | 'rego_expiry'
  | 'compliance_date'
  | 'build_date'
  | 'stocknum'
  | 'variant'
  | 'specifications'
>;

/** §2 'Key information' grid rows of a car, empty ones dropped (§5); show with `keyInformation`. */
export function keyInformationRows(car: SpecCar): ShownSpecRow[] {
  return keepSpecRows([
    { label: 'Odometer', value: odometerText(car) },
    { label: 'Body', value: car.simple_body },
    { label: 'Transmission', value: car.simple_transmission ?? car.trans },
    { label: 'Fuel', value: car.simple_fuel ?? car.fuel },
    { label: 'Engine', value: car.engine_size },
    { label: 'Drive', value: car.drive },
    { label: 'Colour', value: car.colour },
    { label: 'Seats', value: car.seats },
  ]);
}

/** §2 'All Specifications' rows of a car (caravan sizes in metres), empty ones dropped (§5). */
export function specificationRows(car: SpecCar, now: Date): ShownSpecRow[] {
  const v = car.variant;
  const c = car.specifications;
  return keepSpecRows([
    { label: 'Make', value: car.make },
    { label: 'Model', value: car.model },
    { label: 'Badge', value: car.badge },
    { label: 'Series', value: car.series },
    { label: 'Year', value: String(car.year) },
    { label: 'Body', value: car.simple_body },
    { label: 'Colour', value: car.colour },
    { label: 'Odometer', value: odometerText(car) },
    { label: 'Transmission', value: car.trans ?? car.simple_transmission },
    { label: 'Fuel', value: car.fuel ?? car.simple_fuel },
    { label: 'Drive', value: car.drive },
    { label: 'Engine', value: car.engine_size },
    { label: 'Cylinders', value: v?.cylinders },
    { label: 'Induction', value: v?.induction },
    { label: 'Fuel consumption (combined)', value: withUnit(v?.fuelconsumptioncombined, ' L/100km', 1) },
    { label: 'Fuel capacity', value: withUnit(v?.fuelcapacity, ' L') },
    { label: 'Torque', value: withUnit(v?.torque, ' Nm') },
    { label: 'Gross vehicle mass', value: withUnit(v?.grossvehiclemass, ' kg') },
    { label: 'Length', value: withUnit(v?.vehiclelength, ' mm') },
    { label: 'Width', value: withUnit(v?.vehiclewidth, ' mm') },
    { label: 'Height', value: withUnit(v?.vehicleheight, ' mm') },
    { label: 'ANCAP rating', value: v?.ancaprating === null || !v ? null : `${v.ancaprating} stars` },
    { label: 'Body length', value: caravanSize(c?.body_length) },
    { label: 'Body width', value: caravanSize(c?.body_width) },
    { label: 'Tare weight', value: withUnit(c?.tare_weight, ' kg') },
    { label: 'Aggregate trailer mass', value: withUnit(c?.aggregate_trailer_mass, ' kg') },
    { label: 'Axle type', value: c?.axle_type },
    { label: 'Sleeps', value: c?.sleeps },
    { label: 'Seats', value: car.seats },
    { label: 'Doors', value: car.doors },
    { label: 'VIN', value: car.vin },
    { label: 'Registration', value: car.regplate },
    { label: 'Rego expiry', value: regoExpiryText(car.rego_expiry, now) },
    { label: 'Compliance date', value: dateOf(car.compliance_date) },
    { label: 'Build date', value: dateOf(car.build_date) },
    { label: 'Stock number', value: car.stocknum },
  ]);
}
