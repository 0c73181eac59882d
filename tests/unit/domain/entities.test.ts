import { describe, expect, it } from 'vitest';
import { carSchema, financeProviderSchema } from '../../../domain/car.ts';
import { locationSchema } from '../../../domain/location.ts';
import { makeSchema } from '../../../domain/make.ts';
import { modelSchema } from '../../../domain/model.ts';
import { promotionSchema } from '../../../domain/promotion.ts';
import { reviewSchema } from '../../../domain/review.ts';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { generateDemoData } from '../../../server/seed/seed.ts';

const data = generateDemoData(DEMO_TENANTS, { seed: 7, now: new Date('2025-06-01T00:00:00Z') });
const car = data.cars[0];
if (!car) throw new Error('the seed generated no cars');

/** Every key the spec lists for a Car (search-detail-finance-watchlist.md §3) plus the other document's. */
const SPEC_CAR_FIELDS = [
  'id',
  'slug',
  'name',
  'year',
  'make',
  'model',
  'badge',
  'series',
  'car_type',
  'status',
  'price',
  'before_price',
  'offer_price',
  'subscription_price',
  'preorder',
  'price_type',
  'km',
  'stocknum',
  'vin',
  'regplate',
  'rego_expiry',
  'compliance_date',
  'build_date',
  'colour',
  'seats',
  'doors',
  'engine_size',
  'trans',
  'fuel',
  'simple_fuel',
  'simple_body',
  'simple_transmission',
  'drive',
  'tag',
  'reserved',
  'certified',
  'created_at',
  'dealercomments',
  'dealership_id',
  'dealership_slug',
  'city',
  'state',
  'private_suburb',
  'private_postcode',
  'views',
  'images',
  'thumbnails',
  'primary_image_url',
  'standardEquipment',
  'file',
  'carsales_title',
  'payment_processors',
  'location',
  'variant',
  'specifications',
  'autograb_data',
  'finance_lenders',
  'sold',
  'has_nvic',
  'show_on_dealer_website',
  'sold_at',
  'vehicle_kind',
  // Ours, not the spec's: the photos' placeholders while they load (issue 35 item 3, decision 122).
  'primary_image_thumbhash',
  'image_thumbhashes',
];

describe('domain entities (spec §3)', () => {
  it('accept every entity the seed generates', () => {
    for (const c of data.cars) carSchema.parse(c);
    for (const m of data.makes) makeSchema.parse(m);
    for (const m of data.models) modelSchema.parse(m);
    for (const p of data.promotions) promotionSchema.parse(p);
  });

  it('give a parsed car every field the spec lists, defaulting the optional ones', () => {
    const minimal = carSchema.parse({
      id: 1,
      slug: 'a-car-1',
      name: 'A car',
      year: 2020,
      make: 'Mazda',
      model: 'CX-5',
      car_type: 'used',
      status: 'in_stock',
      price: 1000,
      km: 1,
      stocknum: 'U1',
      created_at: '2025-01-01T00:00:00+10:00',
      dealership_id: 1011,
      dealership_slug: 'bayside-mazda',
    });
    expect(Object.keys(minimal).sort()).toEqual([...SPEC_CAR_FIELDS].sort());
    expect(minimal).toMatchObject({
      badge: null,
      reserved: false,
      images: [],
      finance_lenders: {},
      vehicle_kind: 'cars',
      show_on_dealer_website: true,
    });
  });

  it.each([
    ['price as text', { price: '29,990' }, 'price'],
    ['an unknown status', { status: 'on_hold' }, 'status'],
    ['an unknown car type', { car_type: 'certified' }, 'car_type'],
    ['an unknown finance provider', { finance_lenders: { acme: {} } }, 'finance_lenders'],
    [
      'a lender rate as text',
      { finance_lenders: { taurus: { interestRate: '7.5%' } } },
      'finance_lenders.taurus.interestRate',
    ],
    ['a slug with spaces', { slug: 'Mazda CX 5' }, 'slug'],
    ['a negative caravan length', { specifications: { body_length: -3 } }, 'specifications.body_length'],
    ['a date that is not ISO', { created_at: '01/02/2025' }, 'created_at'],
    ['an image that is not a URL', { images: ['car.jpg'] }, 'images.0'],
    ['a fractional km', { km: 10.5 }, 'km'],
  ])('reject a car with %s', (_label, change, path) => {
    const result = carSchema.safeParse({ ...car, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(path);
  });

  it('reject a car without an id', () => {
    const { id: _omit, ...rest } = car;
    expect(carSchema.safeParse(rest).success).toBe(false);
  });

  it('accept empty lender entries and null rates (spec §5: such entries show no estimate)', () => {
    const lenders = { taurus: {}, manual: { interestRate: null, comparisonRate: null, paymentWeek: 99 } };
    expect(carSchema.parse({ ...car, finance_lenders: lenders }).finance_lenders).toEqual(lenders);
    expect([...financeProviderSchema.options].sort()).toEqual(
      ['taurus', 'carclarity', '360', 'ausloans', 'manual', 'angle', 'powertorque', 'oem'].sort(),
    );
  });

  it('validate a location with its address, seven weekdays of hours and special hours (doc 2 §3 Location)', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
      weekday === 0
        ? { weekday, status: 'Closed', open: null, close: null }
        : { weekday, status: 'Open', open: '08:00', close: '17:30' },
    );
    const location = locationSchema.parse({
      id: 10211,
      name: 'Harbour Toyota',
      slug: 'harbour-toyota',
      location_type: 'sales',
      dealership_id: 1021,
      dealership_slug: 'harbour-toyota',
      phone: '02 9000 1021',
      address: {
        street: '210 Parramatta Road',
        city: 'Auburn',
        state: 'nsw',
        postcode: '2144',
        lat: -33.85,
        long: 151.03,
      },
      opening_hours: week,
      special_hours: [{ status: 'Closed', date: '2025-12-25', start_hour: null, end_hour: null }],
    });
    expect(location.special_hours).toHaveLength(1);
    expect(location.visible).toBe(true);
    const sixDays = locationSchema.safeParse({ ...location, opening_hours: week.slice(1) });
    expect(sixDays.success).toBe(false);
    const badWeekday = locationSchema.safeParse({
      ...location,
      opening_hours: [...week.slice(1), { weekday: 7, status: 'Open', open: '08:00', close: '17:00' }],
    });
    expect(badWeekday.success).toBe(false);
  });

  it('validate a review as dd/mm/yyyy and a make with a null logo', () => {
    const review = {
      id: 1,
      customer_name: 'Mia K.',
      text: null,
      rating: 5,
      image: { url: null, thumb: { url: null } },
      created_at_time_ago_in_words: '3 days',
      review_date: '29/05/2025',
      review_date_in_words: '29 May 2025',
    };
    expect(reviewSchema.parse(review)).toEqual(review);
    expect(reviewSchema.safeParse({ ...review, review_date: '2025-05-29' }).success).toBe(false);
    expect(
      makeSchema.parse({ id: 1, name: 'Holden', slug: 'holden', logo: { url: null } }).logo.url,
    ).toBeNull();
  });

  it('reject a promotion that expires before it starts', () => {
    const promotion = data.promotions[0];
    expect(promotionSchema.safeParse({ ...promotion, expires_at: '2000-01-01T00:00:00Z' }).success).toBe(
      false,
    );
  });
});
