import type { VehicleKind } from '../../domain/car.ts';

/**
 * Types of the seed's built-in catalogue of Australian makes and models, and the colour palette.
 * The data itself is in `catalog-cars.ts` and `catalog-leisure.ts`.
 */

/** Body silhouettes the generated pictures draw. */
export const IMAGE_BODIES = [
  'sedan',
  'hatch',
  'suv',
  'ute',
  'wagon',
  'van',
  'coupe',
  'convertible',
  'motorcycle',
  'caravan',
] as const;
/** One picture body. */
export type ImageBody = (typeof IMAGE_BODIES)[number];

/** Fuel codes: P unleaded, U premium unleaded, D diesel, H hybrid, E electric, X plug-in hybrid. */
export type FuelCode = 'P' | 'U' | 'D' | 'H' | 'E' | 'X';

/** Caravan sizes: length range in feet, tare range in kg, berths. */
export interface CaravanSpec {
  len: readonly [number, number];
  tare: readonly [number, number];
  sleeps: number;
}

/** One model line, compact so the catalogue reads as a table. */
export interface ModelSpec {
  /** Model name. */
  n: string;
  /** Picture body. */
  b: ImageBody;
  /** Series (generation) code, or null. */
  s: string | null;
  /** First model year of this generation (older cars get no series). */
  y: number;
  /**
   * First model year the nameplate was sold in Australia, where that is later than eight years
   * before this generation (a new nameplate such as the IONIQ 5 has no older cars); see `launchYear`.
   */
  from?: number;
  /** Last model year sold new; absent while still on sale. */
  to?: number;
  /** New price range in $1,000, entry badge to top badge. */
  p: readonly [number, number];
  /** Fuel codes offered, e.g. 'PH'. */
  f: string;
  /** Drives offered, space separated. */
  d: string;
  /** Engine size in litres for combustion engines. */
  e?: number;
  /** Badges, entry to top, `|` separated. */
  t: string;
  /** Seats when not the body's usual number. */
  seats?: number;
  /** Status in the model range menu. */
  st?: 'new' | 'coming_soon';
  /** Simple body text when not derived from `b` (motorcycles, caravans, cab chassis…). */
  sb?: string;
  /** Popularity weight for used stock (default 1). */
  w?: number;
  /** Caravans only. */
  c?: CaravanSpec;
}

/** One make with its models. */
export interface MakeSpec {
  name: string;
  slug: string;
  kind: VehicleKind;
  /** Whether the make has a logo picture (some do not, on purpose). */
  logo: boolean;
  /** Brand colour of the generated logo. */
  brand: string;
  /** First three VIN characters. */
  wmi: string;
  /** Popularity weight among used stock of this kind. */
  weight: number;
  models: readonly ModelSpec[];
}

/** A paint colour: display name, URL slug and the hex the picture uses. */
export interface Colour {
  name: string;
  slug: string;
  hex: string;
  weight: number;
}

/** Paint colours, weighted roughly like Australian stock (lots of white and grey). */
export const COLOURS: readonly Colour[] = [
  { name: 'White', slug: 'white', hex: '#f2f3f0', weight: 26 },
  { name: 'Grey', slug: 'grey', hex: '#6c727a', weight: 13 },
  { name: 'Silver', slug: 'silver', hex: '#b9bec4', weight: 10 },
  { name: 'Black', slug: 'black', hex: '#1b1c1f', weight: 11 },
  { name: 'Blue', slug: 'blue', hex: '#2c5fa8', weight: 9 },
  { name: 'Dark Blue', slug: 'dark-blue', hex: '#1d2f55', weight: 4 },
  { name: 'Red', slug: 'red', hex: '#b3141f', weight: 8 },
  { name: 'Maroon', slug: 'maroon', hex: '#5c1a24', weight: 2 },
  { name: 'Green', slug: 'green', hex: '#2f5d3a', weight: 3 },
  { name: 'Orange', slug: 'orange', hex: '#d9661e', weight: 2 },
  { name: 'Yellow', slug: 'yellow', hex: '#e8c12b', weight: 1 },
  { name: 'Bronze', slug: 'bronze', hex: '#8a6a45', weight: 2 },
  { name: 'Beige', slug: 'beige', hex: '#cdbf9f', weight: 2 },
  { name: 'Brown', slug: 'brown', hex: '#5a4030', weight: 1 },
  { name: 'Gold', slug: 'gold', hex: '#b8964c', weight: 1 },
  { name: 'Purple', slug: 'purple', hex: '#4b2e6b', weight: 1 },
];

/** The oldest demo stock: no listing is older than this model year. */
export const OLDEST_YEAR = 2008;

/**
 * The first model year a listing of this model may have: the nameplate's launch (`from`), else eight
 * years before this generation (earlier generations), and never before {@link OLDEST_YEAR}.
 */
export function launchYear(model: Pick<ModelSpec, 'y' | 'from'>): number {
  return Math.max(model.from ?? model.y - 8, OLDEST_YEAR);
}

/** Turns text into a URL slug ("CX-5 Maxx Sport" → "cx-5-maxx-sport"). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
