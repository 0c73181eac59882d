import type { Car } from './car.ts';
import { isCarAvailable } from './car-availability.ts';
import { formatNumber, formatPrice } from './format.ts';
import { sharedPhotoAddress } from './photo-address.ts';
import { isReservable } from './vehicle-actions.ts';

/**
 * What search engines read of a car page: title, meta description, canonical URL and schema.org
 * JSON-LD (`Car` with an `Offer`, `BreadcrumbList`) — ARCHITECTURE §5 Server, issue 5 item 1.
 * URLs in JSON-LD are absolute: `origin` is the site's `https://host` without a trailing slash.
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

function absolute(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

function availabilityOf(car: SeoCar): string {
  if (!isCarAvailable(car)) return 'https://schema.org/SoldOut';
  return car.status === 'coming_soon' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock';
}

/**
 * The car's photos as a page names them outside itself (`og:image`, JSON-LD `image`): each stored
 * photo's 1280-wide JPEG, in order, without the placeholder of a photo not (yet) fetched (issue 35
 * item 3).
 */
export function carSharedImages(car: Pick<SeoCar, 'images'>): string[] {
  return car.images.flatMap((image) => sharedPhotoAddress(image) ?? []);
}

/** A JSON-LD object. */
export type JsonLd = Readonly<Record<string, unknown>>;

/**
 * schema.org `Car`. It carries an `Offer` (price in AUD, availability InStock / PreOrder / SoldOut,
 * seller `AutoDealer`) where the car is reservable or has a price to show; otherwise none.
 */
export function carJsonLd(
  car: SeoCar,
  site: { readonly origin: string; readonly seller: SeoSeller },
): JsonLd {
  const url = carCanonicalUrl(site.origin, car.slug);
  const price = advertisedPrice(car);
  const seller = {
    '@type': 'AutoDealer',
    name: site.seller.name,
    ...(site.seller.telephone ? { telephone: site.seller.telephone } : {}),
    ...(site.seller.url ? { url: site.seller.url } : {}),
  };
  const offered = isReservable(car) || price !== null;
  const images = carSharedImages(car);
  const optional = {
    color: car.colour,
    fuelType: car.simple_fuel ?? car.fuel,
    vehicleTransmission: car.simple_transmission ?? car.trans,
    vehicleIdentificationNumber: car.vin,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    url,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    itemCondition:
      car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' },
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null && value !== '')),
    ...(images.length > 0 ? { image: images.map((image) => absolute(site.origin, image)) } : {}),
    ...(offered
      ? {
          offers: {
            '@type': 'Offer',
            url,
            ...(price !== null ? { price, priceCurrency: 'AUD' } : { priceCurrency: 'AUD' }),
            availability: availabilityOf(car),
            seller,
          },
        }
      : {}),
  };
}

/** schema.org `BreadcrumbList`: Home → Stock (the site's search path) → the car. */
export function carBreadcrumbJsonLd(
  car: Pick<Car, 'slug' | 'name'>,
  site: { readonly origin: string; readonly searchPath: string },
): JsonLd {
  const items = [
    { name: 'Home', item: `${site.origin}/` },
    { name: 'Stock', item: `${site.origin}${site.searchPath}` },
    { name: car.name, item: carCanonicalUrl(site.origin, car.slug) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, ...entry })),
  };
}

/** JSON-LD as text safe inside `<script type="application/ld+json">` (`<` escaped). */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
