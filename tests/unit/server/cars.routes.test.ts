import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarInput } from '../../../domain/car.ts';
import { carAnswerSchema, carFinanceSchema } from '../../../domain/contracts/vehicle.ts';
import { PHOTO_PLACEHOLDER, photoAddress } from '../../../domain/photo-address.ts';
import { carsRoutes } from '../../../server/api/cars.routes.ts';
import { createApp } from '../../../server/app.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { listPhoneReveals } from '../../../server/vehicle/phone-reveals.repo.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { GALLERY_MAIN_SIZES } from '../../../views/vehicle/vehicle-gallery.tsx';
import { buildCar } from '../../fixtures/cars.ts';

/** The car routes on the real app over a real (in-memory PGlite) store, with cars of two dealers. */
const sites = loadTenants();
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-cars-'));
const NOW = new Date('2026-03-01T00:00:00Z');
const BAYSIDE = 'bayside-mazda.localhost';
let db: Db;

const location = {
  slug: 'bayside-mazda-sales',
  city: 'Wynnum West',
  state: 'qld',
  location_name: 'Bayside Mazda Sales',
  name: 'Bayside Mazda Sales',
  phone: '07 5550 1100',
  address: { street: '1820 Wynnum Road', city: 'Wynnum West', state: 'qld', postcode: '4178' },
};
const bayside = (overrides: Partial<CarInput>) =>
  buildCar({ dealership_id: 1011, dealership_slug: 'bayside-mazda', location, ...overrides });

const PHOTO_HASH = '0123456789abcdef0123456789abcdef';
const cars = [
  bayside({
    images: ['/media/vehicles/suv-white.svg', '/media/vehicles/suv-red.svg'],
    finance_lenders: {
      oem: { interestRate: 6.99, comparisonRate: 7.5, paymentMonth: 650, disclaimer: 'OEM offer only.' },
      taurus: { interestRate: 8, comparisonRate: 8.5, paymentWeek: 150 },
    },
  }),
  bayside({ id: 10002, slug: 'sold-cx-3-10002', name: '2019 Mazda CX-3 Maxx', status: 'sold', sold: true }),
  bayside({ id: 10003, slug: 'hidden-car-10003', show_on_dealer_website: false }),
  buildCar({ id: 20001, slug: 'metro-car-20001', dealership_id: 1041, dealership_slug: 'metro-used-cars' }),
  // Issue 35: a car whose first photo the pipeline has stored (its second still to come), and one
  // whose only photo is still the placeholder.
  bayside({
    id: 10004,
    slug: 'photo-car-10004',
    images: [photoAddress(PHOTO_HASH), PHOTO_PLACEHOLDER],
    primary_image_url: photoAddress(PHOTO_HASH),
  }),
  bayside({
    id: 10005,
    slug: 'waiting-car-10005',
    images: [PHOTO_PLACEHOLDER],
    primary_image_url: PHOTO_PLACEHOLDER,
  }),
];

function app() {
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEFAULT_TENANT: 'bayside-mazda' }),
    sites,
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [carsRoutes({ db, now: () => NOW })],
  });
}

const request = (path: string, init: RequestInit & { host?: string } = {}) =>
  app().request(path, { ...init, headers: { host: init.host ?? BAYSIDE, ...(init.headers ?? {}) } });
const post = (path: string, body: unknown, host = BAYSIDE) =>
  request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    host,
  });

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(db, cars);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('GET /api/cars/{slug} (issue 5)', () => {
  it('answers the car, its dealership, the clock and origin; the lenders’ disclaimers load lazily', async () => {
    const response = await request('/api/cars/2021-mazda-cx-5-maxx-sport-10001');
    expect(response.status).toBe(200);
    const answer = carAnswerSchema.parse(await response.json());
    expect(answer.car.id).toBe(10001);
    expect(answer.dealer).toEqual({
      id: 1011,
      slug: 'bayside-mazda',
      name: 'Bayside Mazda',
      phone: '07 5550 1100',
    });
    expect(answer.as_of).toBe(NOW.toISOString());
    expect(answer.origin).toBe('https://www.baysidemazda.com.au');
    expect(answer.car.finance_lenders.oem?.disclaimer).toBeUndefined();
    expect(answer.car.finance_lenders.oem?.paymentMonth).toBe(650);
  });

  it.each([
    { case: 'an unknown slug', path: '/api/cars/no-such-car-1', host: BAYSIDE },
    { case: 'another dealer’s car (tenant scoping)', path: '/api/cars/metro-car-20001', host: BAYSIDE },
    { case: 'a car hidden from the dealer website', path: '/api/cars/hidden-car-10003', host: BAYSIDE },
  ])('$case is a 404 in the house error form', async ({ path, host }) => {
    const response = await request(path, { host });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'car_not_found', message: 'No such car on this site' },
    });
  });

  it('the owning dealer’s site does serve its car', async () => {
    expect((await request('/api/cars/metro-car-20001', { host: 'metro-used.localhost' })).status).toBe(200);
  });

  it('a malformed slug is refused by validation (400 with fields)', async () => {
    const response = await request('/api/cars/Bad_Slug!');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_request');
    expect(Object.values(body.error.fields)[0]).toBe('must be a car slug');
  });
});

describe('GET /api/car-finance (§7 Car finance details)', () => {
  it('answers finance_lenders with a disclaimer per provider (the spec’s default where none)', async () => {
    const response = await request('/api/car-finance?car_id=10001');
    expect(response.status).toBe(200);
    const finance = carFinanceSchema.parse(await response.json());
    expect(finance.finance_lenders.oem?.disclaimer).toBe('OEM offer only.');
    expect(finance.finance_lenders.taurus?.disclaimer).toBe('The figure is indicative only and not a quote.');
  });

  it('validates car_id and scopes the car to the site', async () => {
    expect((await request('/api/car-finance?car_id=abc')).status).toBe(400);
    expect((await request('/api/car-finance')).status).toBe(400);
    expect((await request('/api/car-finance?car_id=20001')).status).toBe(404);
  });
});

describe('GET /api/cars/{slug}/pdf (§7 Car PDF download)', () => {
  it('is a real PDF named {slug}.pdf with the title, price, specifications, dealer and location', async () => {
    const response = await request('/api/cars/2021-mazda-cx-5-maxx-sport-10001/pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="2021-mazda-cx-5-maxx-sport-10001.pdf"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    // The document info names the car (PDF strings in the trailer are not compressed).
    expect(bytes.toString('latin1')).toContain('2021 Mazda CX-5 Maxx Sport');
  });

  it('another dealer’s car has no PDF here', async () => {
    const response = await request('/api/cars/metro-car-20001/pdf');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('car_not_found');
  });
});

describe('POST /api/cars/phone-reveals (§7 Reveal-phone tracking)', () => {
  it('stores the reveal (car_id, dealership_id, website_id) and answers its id', async () => {
    const response = await post('/api/cars/phone-reveals', {
      car_id: 10001,
      dealership_id: 1011,
      website_id: 101,
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { id: number }).id).toBeGreaterThan(0);
    expect(await listPhoneReveals(db, 10001)).toEqual([
      { car_id: 10001, dealership_id: 1011, website_id: 101 },
    ]);
  });

  it.each([
    { case: 'a missing field', body: { car_id: 10001, dealership_id: 1011 }, status: 422 },
    { case: 'a non-numeric id', body: { car_id: 'x', dealership_id: 1011, website_id: 101 }, status: 422 },
    { case: 'another site’s id', body: { car_id: 10001, dealership_id: 1011, website_id: 104 }, status: 404 },
    {
      case: 'a wrong dealership',
      body: { car_id: 10001, dealership_id: 1041, website_id: 101 },
      status: 404,
    },
    {
      case: 'another dealer’s car',
      body: { car_id: 20001, dealership_id: 1041, website_id: 101 },
      status: 404,
    },
  ])('refuses $case ($status) and stores nothing', async ({ body, status }) => {
    const carId = typeof body.car_id === 'number' ? body.car_id : 10001;
    const before = (await listPhoneReveals(db, carId)).length;
    const response = await post('/api/cars/phone-reveals', body);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBeTruthy();
    expect(await listPhoneReveals(db, carId)).toHaveLength(before);
  });
});

describe('server-rendered car page /cars/{slug} (issue 5 item 1)', () => {
  /** The document's `<head>` (React adds preloads of its own at the start of the body). */
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  const jsonLdCar = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? '{}');

  it('renders title, description, canonical and JSON-LD (Car with Offer, BreadcrumbList)', async () => {
    const response = await request('/cars/2021-mazda-cx-5-maxx-sport-10001');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<title>2021 Mazda CX-5 Maxx Sport for sale in Wynnum West | Bayside Mazda</title>',
    );
    expect(html).toMatch(/<meta name="description" content="Used 2021 Mazda CX-5 Maxx Sport, 45,210 km/);
    expect(html).toContain(
      '<link rel="canonical" href="https://www.baysidemazda.com.au/cars/2021-mazda-cx-5-maxx-sport-10001" />',
    );
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '{}'),
    );
    expect(jsonLd.map((data) => data['@type'])).toEqual(['Car', 'BreadcrumbList']);
    expect(jsonLd[0].offers).toMatchObject({ '@type': 'Offer', price: 30000, priceCurrency: 'AUD' });
    expect(html).toContain('<h1 id="vehicle-title"');
    // The first photo is the LCP element: eager, high priority, with its size reserved; a drawing
    // is one address (no srcset), so there is nothing to preload from the head.
    expect(html).toMatch(
      /<img loading="eager" fetchPriority="high" src="\/media\/vehicles\/suv-white.svg" alt="2021 Mazda CX-5 Maxx Sport" width="800" height="500"/i,
    );
    expect(headOf(html)).not.toContain('rel="preload" as="image"');
  });

  it('issue 35: a stored photo is shared as its 1280-wide JPEG and preloaded in every width the page may pick', async () => {
    const html = await (await request('/cars/photo-car-10004')).text();
    const jpeg = `https://www.baysidemazda.com.au/media/photos/${PHOTO_HASH}/1280.jpg`;
    expect(html).toContain(`<meta property="og:image" content="${jpeg}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${jpeg}" />`);
    expect(jsonLdCar(html).image).toEqual([jpeg]);
    const srcset = [320, 640, 800, 960, 1280, 1920]
      .map((width) => `/media/photos/${PHOTO_HASH}/${width} ${width}w`)
      .join(', ');
    expect(headOf(html)).toContain(
      `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="${GALLERY_MAIN_SIZES}" fetchpriority="high" />`,
    );
    // The preload and the <img> name the same files, so the browser fetches the photo once.
    expect(html).toContain(
      `srcSet="${srcset}" sizes="${GALLERY_MAIN_SIZES}" src="/media/photos/${PHOTO_HASH}/960"`,
    );
  });

  it('issue 35: a photo not fetched yet is never shared: no og:image, no JSON-LD image, no preload', async () => {
    const html = await (await request('/cars/waiting-car-10005')).text();
    expect(html).toContain(`<img loading="eager" fetchPriority="high" src="${PHOTO_PLACEHOLDER}"`);
    expect(html).not.toContain('og:image');
    expect(jsonLdCar(html)).not.toHaveProperty('image');
    expect(headOf(html)).not.toContain('rel="preload" as="image"');
  });

  it('a sold car shows the SOLD notice and a link to similar vehicles', async () => {
    const html = await (await request('/cars/sold-cx-3-10002')).text();
    expect(html).toContain('data-testid="sold-notice"');
    expect(html).toContain('Search for similar vehicles');
    expect(html).toContain('href="/search?refinementList[make][0]=Mazda&amp;refinementList[model][0]=CX-5"');
  });

  it('an unknown slug and another dealer’s car are 404 pages', async () => {
    for (const path of ['/cars/no-such-car-1', '/cars/metro-car-20001']) {
      const response = await request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Page not found');
    }
  });
});
