import type { Car } from './car.ts';
import { isCarAvailable } from './car-availability.ts';
import { isReservable } from './vehicle-actions.ts';
import {
  advertisedPrice,
  carCanonicalUrl,
  carSharedImages,
  type SeoCar,
  type SeoSeller,
} from './vehicle-seo.ts';

/**
 * A car page's schema.org JSON-LD (`Car` with an `Offer`, `BreadcrumbList`) — ARCHITECTURE §5 Server,
 * issue 5 item 1. Only the server's document carries it, so the browser never loads this module
 * (issue 38 item 3). URLs are absolute: `origin` is the site's `https://host` without a trailing slash.
 */

function absolute(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

function availabilityOf(car: SeoCar): string {
  if (!isCarAvailable(car)) return 'https://schema.org/SoldOut';
  return car.status === 'coming_soon' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock';
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
