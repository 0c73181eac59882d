import type { Car } from './car.ts';
import { isCarAvailable } from './car-availability.ts';
import { formatNumber, formatPrice } from './format.ts';
import { sharedPhotoAddress } from './photo-address.ts';

/**
 * What search engines read of a car page: title, meta description and canonical URL — ARCHITECTURE
 * §5 Server, issue 5 item 1. Its JSON-LD, which only the server writes, is `vehicle-json-ld.ts`.
 */

/** The car fields the SEO builders read. */
export type SeoCar = Pick<
  Car,
  | 'id'
  | 'slug'
  | 'name'
  | 'year'
  | 'make'
  | 'model'
  | 'badge'
  | 'car_type'
  | 'status'
  | 'sold'
  | 'reserved'
  | 'price'
  | 'offer_price'
  | 'payment_processors'
  | 'km'
  | 'colour'
  | 'fuel'
  | 'simple_fuel'
  | 'trans'
  | 'simple_transmission'
  | 'vin'
  | 'images'
  | 'city'
  | 'location'
>;

/** The selling dealer, as `AutoDealer`. */
export interface SeoSeller {
  readonly name: string;
  readonly telephone?: string | null;
  readonly url?: string | null;
}

/** §4 Price display: a price shows only above 10; the reduced (offer) price wins over the price. */
const MIN_SHOWN_PRICE = 10;

/** The price a car page advertises (the reduced offer price first), or `null` when none shows. */
export function advertisedPrice(car: Pick<Car, 'price' | 'offer_price'>): number | null {
  if (car.offer_price !== null && car.offer_price > MIN_SHOWN_PRICE) return car.offer_price;
  return car.price > MIN_SHOWN_PRICE ? car.price : null;
}

function suburbOf(car: SeoCar): string | null {
  return car.location?.address.city ?? car.location?.city ?? car.city ?? null;
}

/** `/cars/{slug}` under the site's origin. */
export function carCanonicalUrl(origin: string, slug: string): string {
  return `${origin}/cars/${encodeURIComponent(slug)}`;
}

/**
 * The page title: `2021 Mazda CX-5 Maxx Sport for sale in Wynnum West | Bayside Mazda`; a sold car
 * reads `… (sold) | …`; without a suburb the ' in …' part is left out.
 */
export function carPageTitle(car: SeoCar, siteName: string): string {
  const suburb = suburbOf(car);
  const state = isCarAvailable(car) ? `for sale${suburb ? ` in ${suburb}` : ''}` : '(sold)';
  return `${car.name} ${state} | ${siteName}`;
}

/**
 * The meta description: `Used 2021 Mazda CX-5 Maxx Sport, 45,210 km, Automatic, Petrol, $34,990 at
 * Bayside Mazda in Wynnum West.` Without a price it uses the site's no-price text; a sold car says so.
 */
export function carPageDescription(
  car: SeoCar,
  siteName: string,
  noPriceText = 'Enquire for price.',
): string {
  const type = car.car_type.charAt(0).toUpperCase() + car.car_type.slice(1);
  const price = advertisedPrice(car);
  const facts = [
    `${type} ${car.name}`,
    `${formatNumber(car.km)} km`,
    car.simple_transmission ?? car.trans,
    car.simple_fuel ?? car.fuel,
  ].filter((fact): fact is string => typeof fact === 'string' && fact.trim() !== '');
  const suburb = suburbOf(car);
  const where = `${siteName}${suburb ? ` in ${suburb}` : ''}`;
  if (!isCarAvailable(car)) return `${facts.join(', ')}. Sold by ${where}.`;
  if (price === null) return `${facts.join(', ')}. Available at ${where}. ${noPriceText}`;
  return `${facts.join(', ')}, ${formatPrice(price)} at ${where}.`;
}

/**
 * The car's photos as a page names them outside itself (`og:image`, JSON-LD `image`): each stored
 * photo's 1280-wide JPEG, in order, without the placeholder of a photo not (yet) fetched (issue 35
 * item 3).
 */
export function carSharedImages(car: Pick<SeoCar, 'images'>): string[] {
  return car.images.flatMap((image) => sharedPhotoAddress(image) ?? []);
}
