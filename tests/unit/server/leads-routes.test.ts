import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../../domain/lead.ts';
import type { Db } from '../../../server/store/db.ts';
import { listLeads, pendingDeliveries } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import {
  type AccountServer,
  CARS,
  roomyLimiter,
  seedAccountCars,
  startAccountServer,
  type TestRequest,
} from './watchlist-test-server.ts';

/** Issue 15 item 5: the lead API over real HTTP on a real store. */
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;
const HARBOUR = 'harbour-auto-group';
const HARBOUR_SITE = 102;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let db: Db;
let server: AccountServer;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await seedAccountCars(db);
  server = await startAccountServer(db, { limiter: roomyLimiter() });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  userData: {
    category: 'Vehicle Enquiry',
    subcategory: 'Used Car Enquiry',
    car_id: CARS.baysideInStock,
    name: 'Sam Shopper',
    email: 'sam@example.com',
    phone: '0400 111 222',
    message: 'Is it still available?',
    opt_in: true,
    url: 'http://bayside-mazda.localhost/cars/2022-mazda-cx-5',
    lead_attributes: { visited_pages: ['/search', '/cars/2022-mazda-cx-5'] },
    ...overrides,
  },
});

const submit = (slug: string, body: unknown, init: TestRequest = {}) =>
  server.request(slug, '/api/leads', { body, ...init });

async function count(siteId: number): Promise<number> {
  return (await listLeads(db, siteId)).length;
}

describe('POST /api/leads', () => {
  it('stores a lead about a car with its delivery job, and answers its lead_id once committed', async () => {
    const response = await submit(BAYSIDE, enquiry());
    expect(response.status).toBe(201);
    const { lead_id } = response.json<{ lead_id: string }>();
    expect(lead_id).toMatch(UUID);
    const stored = (await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === lead_id);
    expect(stored).toMatchObject({
      dealership_id: 1011,
      car_id: CARS.baysideInStock,
      category: 'Vehicle Enquiry',
      subcategory: 'Used Car Enquiry',
      version: 1,
      payload: { name: 'Sam Shopper', email: 'sam@example.com', lead_id, opt_in: true },
    });
    expect(await pendingDeliveries(db)).toContainEqual({ lead_id, version: 1 });
  });

  it('keeps the form’s own fields beside the spec’s (a test drive’s date, ticked options)', async () => {
    const response = await submit(
      BAYSIDE,
      enquiry({ 'Test Drive Booking Date': '2026-12-01T10:00', additional_services: ['Service', 'Tyres'] }),
    );
    const { lead_id } = response.json<{ lead_id: string }>();
    const stored = (await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === lead_id);
    expect(stored?.payload).toMatchObject({
      'Test Drive Booking Date': '2026-12-01T10:00',
      additional_services: ['Service', 'Tyres'],
    });
  });

  it('the same Idempotency-Key answers the same lead_id and stores nothing new, even sent at once', async () => {
    const before = await count(BAYSIDE_SITE);
    const headers = { 'idempotency-key': `enquiry-${Date.now()}` };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => submit(BAYSIDE, enquiry(), { headers })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<{ lead_id: string }>().lead_id)).size).toBe(1);
    const again = await submit(BAYSIDE, enquiry(), { headers });
    expect(again.json()).toEqual(answers[0]?.json());
    expect(await count(BAYSIDE_SITE)).toBe(before + 1);
  });

  it('a site-wide form goes to the dealership it chose, or to the site’s only one', async () => {
    const general = { category: 'General Enquiry', name: 'Jo', email: 'jo@example.com', message: 'Hello' };
    const chosen = await submit(HARBOUR, { userData: { ...general, dealership_slug: 'harbour-kia' } });
    expect(chosen.status).toBe(201);
    const stored = await listLeads(db, HARBOUR_SITE);
    expect(stored.at(-1)).toMatchObject({ dealership_id: 1023, car_id: null });
    const only = await submit(BAYSIDE, { userData: general });
    expect(only.status).toBe(201);
    expect((await listLeads(db, BAYSIDE_SITE)).at(-1)).toMatchObject({ dealership_id: 1011 });
  });

  it('a later step updates the lead by its lead_id, as a new version with its own delivery', async () => {
    const { lead_id } = (await submit(BAYSIDE, enquiry())).json<{ lead_id: string }>();
    const accepted = await submit(BAYSIDE, {
      userData: {
        category: 'Trade-in Enquiry',
        subcategory: '3. Offer Accepted',
        lead_id,
        form_completed: true,
        offer_accepted: true,
      },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.json()).toEqual({ lead_id });
    const stored = (await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === lead_id);
    expect(stored).toMatchObject({
      version: 2,
      subcategory: '3. Offer Accepted',
      payload: { form_completed: true, offer_accepted: true, email: 'sam@example.com' },
    });
    expect(await pendingDeliveries(db)).toContainEqual({ lead_id, version: 2 });
  });
});

describe('refused leads store nothing and name what is wrong', () => {
  const refusals: {
    label: string;
    slug?: string;
    body: unknown;
    init?: TestRequest;
    status: number;
    code?: string;
    field?: string;
  }[] = [
    {
      label: 'another dealer’s car',
      body: enquiry({ car_id: CARS.harbour }),
      status: 404,
      code: 'car_not_found',
      field: 'car_id',
    },
    {
      label: 'a car hidden from the website',
      body: enquiry({ car_id: CARS.baysideHidden }),
      status: 404,
      code: 'car_not_found',
    },
    {
      label: 'a sold car',
      body: enquiry({ car_id: CARS.baysideSold }),
      status: 409,
      code: 'car_unavailable',
      field: 'car_id',
    },
    {
      label: 'a car that does not exist',
      body: enquiry({ car_id: 99_999_999 }),
      status: 404,
      code: 'car_not_found',
    },
    { label: 'no category', body: enquiry({ category: '' }), status: 422, field: 'userData.category' },
    {
      label: 'a category of the wrong type',
      body: enquiry({ category: 42 }),
      status: 422,
      field: 'userData.category',
    },
    {
      label: 'a car id that is not a whole number',
      body: enquiry({ car_id: '1e309' }),
      status: 422,
      field: 'userData.car_id',
    },
    {
      label: 'a message too long',
      body: enquiry({ message: 'x'.repeat(5001) }),
      status: 422,
      field: 'userData.message',
    },
    {
      label: 'a field of an object',
      body: enquiry({ extra: { nested: true } }),
      status: 422,
      field: 'userData.extra',
    },
    {
      label: 'an unknown rego state',
      body: enquiry({ regoState: 'xx' }),
      status: 422,
      field: 'userData.regoState',
    },
    {
      label: 'a lead id that is not one',
      body: enquiry({ lead_id: 'abc' }),
      status: 422,
      field: 'userData.lead_id',
    },
    {
      label: 'an unknown lead',
      body: enquiry({ lead_id: '00000000-0000-4000-8000-000000000000' }),
      status: 404,
      code: 'lead_not_found',
    },
    { label: 'no userData', body: { category: 'General Enquiry' }, status: 422, field: 'userData' },
    {
      label: 'the honeypot filled in',
      body: { ...enquiry(), [HONEYPOT_FIELD]: 'https://spam.example' },
      status: 422,
      code: 'rejected',
    },
    {
      label: 'a multi-dealership site without a dealership',
      slug: HARBOUR,
      body: { userData: { category: 'General Enquiry' } },
      status: 422,
      code: 'dealership_required',
    },
    {
      label: 'a dealership of another site',
      slug: HARBOUR,
      body: { userData: { category: 'General Enquiry', dealership_slug: 'bayside-mazda' } },
      status: 422,
      code: 'dealership_required',
    },
    {
      label: 'a malformed Idempotency-Key',
      body: enquiry(),
      init: { headers: { 'idempotency-key': 'a b' } },
      status: 400,
    },
    {
      label: 'a cross-site request',
      body: enquiry(),
      init: { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
      status: 403,
    },
    { label: 'a body over 64 kB', body: enquiry({ message: 'x'.repeat(70_000) }), status: 413 },
  ];

  it.each(refusals)('$label → $status', async ({ slug = BAYSIDE, body, init, status, code, field }) => {
    const before = (await listLeads(db, BAYSIDE_SITE)).length + (await listLeads(db, HARBOUR_SITE)).length;
    const response = await submit(slug, body, init);
    expect(response.status).toBe(status);
    const error = response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;
    if (code) expect(error.code).toBe(code);
    if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
    expect((await listLeads(db, BAYSIDE_SITE)).length + (await listLeads(db, HARBOUR_SITE)).length).toBe(
      before,
    );
  });

  it('a form-encoded body, or JSON that is not an object, is a 4xx, never a 5xx', async () => {
    const form = await server.request(BAYSIDE, '/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: undefined,
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    const raw = await server.request(BAYSIDE, '/api/leads', { body: '\u{FFFD}{"userData":' });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
  });
});

describe('the rate per address', () => {
  it('past 10 leads at once, 429 with Retry-After', async () => {
    const own = await startAccountServer(db);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await own.request(BAYSIDE, '/api/leads', { body: enquiry() })).status);
      expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    } finally {
      await own.close();
    }
  });
});
