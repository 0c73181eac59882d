import { describe, expect, it } from 'vitest';
import { type CarInput, carSchema } from '../../../domain/car.ts';
import { PHOTO_PLACEHOLDER } from '../../../domain/photo-address.ts';
import { carBreadcrumbJsonLd, carJsonLd, serializeJsonLd } from '../../../domain/vehicle-json-ld.ts';
import {
  advertisedPrice,
  carCanonicalUrl,
  carPageDescription,
  carPageTitle,
} from '../../../domain/vehicle-seo.ts';

const ORIGIN = 'https://bayside-mazda.example.com';
const SELLER = { name: 'Bayside Mazda', telephone: '07 3000 0000' };
const SLUG = '2021-mazda-cx-5-maxx-sport-10001';

const location = {
  phone: '07 3000 0000',
  slug: 'bayside-mazda-sales',
  city: 'Wynnum West',
  state: 'qld',
  location_name: 'Bayside Mazda Sales',
  name: 'Bayside Mazda Sales',
  address: { street: '1 Tingal Road', city: 'Wynnum West', state: 'qld', postcode: '4178' },
};

function carOf(overrides: Partial<CarInput> = {}) {
  return carSchema.parse({
    id: 10001,
    slug: SLUG,
    name: '2021 Mazda CX-5 Maxx Sport',
    year: 2021,
    make: 'Mazda',
    model: 'CX-5',
    badge: 'Maxx Sport',
    car_type: 'used',
    status: 'in_stock',
    price: 34_990,
    km: 45_210,
    stocknum: 'U010001',
    created_at: '2025-05-01T00:00:00+10:00',
    dealership_id: 1,
    dealership_slug: 'bayside-mazda',
    colour: 'Soul Red',
    simple_fuel: 'Petrol',
    simple_transmission: 'Automatic',
    vin: 'JM0KF4W7A00123456',
    images: ['/images/cx-5.jpg', 'https://cdn.example.com/cx-5-2.jpg'],
    payment_processors: ['stripe'],
    location,
    ...overrides,
  });
}

const offerOf = (car: Partial<CarInput>) => carJsonLd(carOf(car), { origin: ORIGIN, seller: SELLER }).offers;

describe('car page title and description (ARCHITECTURE §5; issue 5 item 1)', () => {
  it.each([
    {
      case: 'for sale',
      car: {},
      title: '2021 Mazda CX-5 Maxx Sport for sale in Wynnum West | Bayside Mazda',
    },
    {
      case: 'no location, car city',
      car: { location: null, city: 'Wynnum' },
      title: '2021 Mazda CX-5 Maxx Sport for sale in Wynnum | Bayside Mazda',
    },
    {
      case: 'no place at all',
      car: { location: null, city: null },
      title: '2021 Mazda CX-5 Maxx Sport for sale | Bayside Mazda',
    },
    {
      case: 'sold',
      car: { status: 'sold', sold: true },
      title: '2021 Mazda CX-5 Maxx Sport (sold) | Bayside Mazda',
    },
  ] as const)('title: $case', ({ car, title }) => {
    expect(carPageTitle(carOf(car), 'Bayside Mazda')).toBe(title);
  });

  it.each([
    {
      case: 'priced (§9 numbers and prices formatted)',
      car: {},
      text: 'Used 2021 Mazda CX-5 Maxx Sport, 45,210 km, Automatic, Petrol, $34,990 at Bayside Mazda in Wynnum West.',
    },
    {
      case: 'reduced (§4 the offer price wins)',
      car: { offer_price: 33_990 },
      text: 'Used 2021 Mazda CX-5 Maxx Sport, 45,210 km, Automatic, Petrol, $33,990 at Bayside Mazda in Wynnum West.',
    },
    {
      case: 'no price (§4 the no-price text)',
      car: { price: 0 },
      text: 'Used 2021 Mazda CX-5 Maxx Sport, 45,210 km, Automatic, Petrol. Available at Bayside Mazda in Wynnum West. Enquire for price.',
    },
    {
      case: 'sold',
      car: { status: 'sold', sold: true },
      text: 'Used 2021 Mazda CX-5 Maxx Sport, 45,210 km, Automatic, Petrol. Sold by Bayside Mazda in Wynnum West.',
    },
  ] as const)('description: $case', ({ car, text }) => {
    expect(carPageDescription(carOf(car), 'Bayside Mazda')).toBe(text);
  });

  it.each([
    { price: 34_990, offer: null, shown: 34_990 },
    { price: 34_990, offer: 33_990, shown: 33_990 },
    { price: 11, offer: null, shown: 11 },
    { price: 10, offer: null, shown: null },
    { price: 34_990, offer: 5, shown: 34_990 },
  ])('§4 a price shows only above 10: price $price, offer $offer → $shown', ({ price, offer, shown }) => {
    expect(advertisedPrice({ price, offer_price: offer })).toBe(shown);
  });

  it('canonical URL', () => {
    expect(carCanonicalUrl(ORIGIN, SLUG)).toBe(`${ORIGIN}/cars/${SLUG}`);
  });
});

describe('schema.org Car JSON-LD (ARCHITECTURE §5; issue 5 item 1)', () => {
  it('describes the car with absolute image URLs and an Offer', () => {
    expect(carJsonLd(carOf(), { origin: ORIGIN, seller: SELLER })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '2021 Mazda CX-5 Maxx Sport',
      url: `${ORIGIN}/cars/${SLUG}`,
      brand: { '@type': 'Brand', name: 'Mazda' },
      model: 'CX-5',
      vehicleModelDate: '2021',
      itemCondition: 'https://schema.org/UsedCondition',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 45_210, unitCode: 'KMT' },
      color: 'Soul Red',
      fuelType: 'Petrol',
      vehicleTransmission: 'Automatic',
      vehicleIdentificationNumber: 'JM0KF4W7A00123456',
      image: [`${ORIGIN}/images/cx-5.jpg`, 'https://cdn.example.com/cx-5-2.jpg'],
      offers: {
        '@type': 'Offer',
        url: `${ORIGIN}/cars/${SLUG}`,
        price: 34_990,
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'AutoDealer', name: 'Bayside Mazda', telephone: '07 3000 0000' },
      },
    });
  });

  it.each([
    { case: 'in stock', car: {}, availability: 'https://schema.org/InStock' },
    { case: 'coming soon', car: { status: 'coming_soon' }, availability: 'https://schema.org/PreOrder' },
    {
      case: 'sold with a price',
      car: { status: 'sold', sold: true },
      availability: 'https://schema.org/SoldOut',
    },
    { case: 'reserved with a price', car: { reserved: true }, availability: 'https://schema.org/InStock' },
  ] as const)('§4 Offer availability: $case', ({ car, availability }) => {
    expect(offerOf(car)).toMatchObject({ availability });
  });

  it.each([
    { case: 'priced and reservable', car: {}, offered: true },
    { case: 'priced, not reservable', car: { payment_processors: [] as string[] }, offered: true },
    { case: 'reservable without a shown price (price 5)', car: { price: 5 }, offered: true },
    { case: 'no price, not reservable', car: { price: 0 }, offered: false },
  ] as const)('an Offer only where the car is reservable or priced: $case → $offered', ({ car, offered }) => {
    expect(offerOf(car) !== undefined).toBe(offered);
  });

  it('leaves out properties the car lacks', () => {
    const data = carJsonLd(carOf({ vin: null, colour: null, images: [], car_type: 'new' }), {
      origin: ORIGIN,
      seller: { name: 'Bayside Mazda' },
    });
    expect(data).not.toHaveProperty('vehicleIdentificationNumber');
    expect(data).not.toHaveProperty('color');
    expect(data).not.toHaveProperty('image');
    expect(data.itemCondition).toBe('https://schema.org/NewCondition');
  });

  it('issue 35 item 3: a stored photo as its 1280-wide JPEG, absolute; a photo not fetched yet left out', () => {
    const hash = '0123456789abcdef0123456789abcdef';
    const image = (images: string[]) =>
      carJsonLd(carOf({ images }), { origin: ORIGIN, seller: SELLER }).image ?? null;
    expect(image([`/media/photos/${hash}/960`, PHOTO_PLACEHOLDER])).toEqual([
      `${ORIGIN}/media/photos/${hash}/1280.jpg`,
    ]);
    expect(image([PHOTO_PLACEHOLDER, PHOTO_PLACEHOLDER])).toBeNull();
  });
});

describe('schema.org BreadcrumbList (ARCHITECTURE §5)', () => {
  it('Home → Stock → the car', () => {
    expect(carBreadcrumbJsonLd(carOf(), { origin: ORIGIN, searchPath: '/search' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Stock', item: `${ORIGIN}/search` },
        {
          '@type': 'ListItem',
          position: 3,
          name: '2021 Mazda CX-5 Maxx Sport',
          item: `${ORIGIN}/cars/${SLUG}`,
        },
      ],
    });
  });

  it('serialises safely inside a script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
