import type { Car } from './car.ts';
import { isCarAvailable, SECONDS_PER_DAY, toUnixSeconds } from './car-availability.ts';
import { isCertifiedVehicle } from './certified.ts';

/**
 * The car card's tag banner (`search-detail-finance-watchlist.md` §4 "Car tag precedence";
 * `locations-forms-tradein-site.md` §9 default tag labels).
 */

/**
 * The manufacturer whose certified cars get the certified used image. The spec does not name it; the
 * demo site with the `certifiedUsed` switch is Bayside Mazda. Pass the site's manufacturer instead
 * where the site config has one.
 */
export const CERTIFIED_MANUFACTURER = 'Mazda';
/** §9: a car created within this many days gets the 'new' tag. */
export const NEW_TAG_DAYS = 8;

/** The spec's tag words; the three defaults may be replaced by the site's texts. */
export const CAR_TAG_TEXT = {
  reserved: 'Reserved',
  certified: 'Certified Pre-Owned',
  comingSoon: 'COMING SOON',
  tagNew: 'New',
  tagNewArrival: 'New Arrival',
  tagSold: 'JUST SOLD',
} as const;

/** Which rule gave the tag (the view picks the banner style or, for `certified`, the image). */
export type CarTagKind = 'fuel' | 'reserved' | 'certified' | 'custom' | 'comingSoon' | 'new' | 'sold';

/** A car's tag banner. */
export interface CarTag {
  readonly kind: CarTagKind;
  readonly label: string;
}

/** What the tag reads of a car; `created_at` may be ISO (Car) or unix seconds (search record). */
export type CarTagFacts = Pick<
  Car,
  'make' | 'tag' | 'reserved' | 'certified' | 'car_type' | 'status' | 'sold'
> & {
  readonly fuel: string | null;
  readonly simple_fuel?: string | null;
  readonly created_at: string | number;
};

/** The dealer's switches and texts the tag depends on. */
export interface CarTagOptions {
  /** Unix seconds. */
  readonly nowSeconds: number;
  /** The `fuelTypeTag` switch. */
  readonly fuelTypeTagEnabled: boolean;
  /** The `certifiedUsed` switch. */
  readonly certifiedUsedEnabled: boolean;
  /** Whose certified cars get the image; `null` for none. Default {@link CERTIFIED_MANUFACTURER}. */
  readonly certifiedManufacturer?: string | null;
  /** The site's texts (`site.texts`): `tag_new`, `tag_new_arrival`, `tag_sold`. */
  readonly texts?: {
    readonly tag_new?: string;
    readonly tag_new_arrival?: string;
    readonly tag_sold?: string;
  };
}

/**
 * The fuel tag word from `simple_fuel` and `fuel`: 'Hybrid' for any hybrid (plug-in, or electric
 * with petrol or diesel), 'Electric' for an electric car, else `null`.
 */
export function fuelTypeTag(car: Pick<CarTagFacts, 'fuel' | 'simple_fuel'>): 'Electric' | 'Hybrid' | null {
  const fuel = `${car.simple_fuel ?? ''} ${car.fuel ?? ''}`;
  const electric = /electric|\bb?ev\b/i.test(fuel);
  if (/hybrid|\bphev\b/i.test(fuel) || (electric && /petrol|diesel|unleaded/i.test(fuel))) return 'Hybrid';
  return electric ? 'Electric' : null;
}

/** §4 rule 6: created within the last 8 days (exactly 8 days ago still counts; a future date too). */
export function isRecentlyCreated(createdAt: string | number, nowSeconds: number): boolean {
  const created = toUnixSeconds(createdAt);
  return created !== null && nowSeconds - created <= NEW_TAG_DAYS * SECONDS_PER_DAY;
}

/**
 * §4 Car tag precedence. A car not for sale shows the sold tag ('JUST SOLD'). A car for sale shows
 * the first that applies: the Electric/Hybrid fuel tag (switch on); Reserved; the certified used
 * image (the certified manufacturer's certified car on a site with the switch); the custom tag;
 * COMING SOON; the 'new' tag when created within 8 days — 'New' for a new car and 'New Arrival' for
 * a used or demo one (a used car is never advertised as new); otherwise no tag (`null`).
 */
export function carTag(car: CarTagFacts, options: CarTagOptions): CarTag | null {
  const texts = options.texts ?? {};
  if (!isCarAvailable(car)) return { kind: 'sold', label: texts.tag_sold || CAR_TAG_TEXT.tagSold };
  const fuel = options.fuelTypeTagEnabled ? fuelTypeTag(car) : null;
  if (fuel) return { kind: 'fuel', label: fuel };
  if (car.reserved) return { kind: 'reserved', label: CAR_TAG_TEXT.reserved };
  const certifiedManufacturer =
    options.certifiedManufacturer === undefined ? CERTIFIED_MANUFACTURER : options.certifiedManufacturer;
  if (isCertifiedVehicle(car, { certifiedUsed: options.certifiedUsedEnabled, certifiedManufacturer })) {
    return { kind: 'certified', label: CAR_TAG_TEXT.certified };
  }
  const custom = car.tag?.trim();
  if (custom) return { kind: 'custom', label: custom };
  if (car.status === 'coming_soon') return { kind: 'comingSoon', label: CAR_TAG_TEXT.comingSoon };
  if (isRecentlyCreated(car.created_at, options.nowSeconds)) {
    const label =
      car.car_type === 'new'
        ? texts.tag_new || CAR_TAG_TEXT.tagNew
        : texts.tag_new_arrival || CAR_TAG_TEXT.tagNewArrival;
    return { kind: 'new', label };
  }
  return null;
}
