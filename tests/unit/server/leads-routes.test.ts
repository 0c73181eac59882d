import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../../domain/lead.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead, listLeads, pendingDeliveries } from '../../../server/store/leads.repo.ts';
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
  form: 'enquiry',
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
    const general = {
      category: 'General Enquiry',
      name: 'Jo',
      email: 'jo@example.com',
      postcode: '4000',
      message: 'Hello',
    };
    const chosen = await submit(HARBOUR, {
      form: 'contact',
      userData: { ...general, dealership_slug: 'harbour-kia' },
    });
    expect(chosen.status).toBe(201);
    const stored = await listLeads(db, HARBOUR_SITE);
    expect(stored.at(-1)).toMatchObject({ dealership_id: 1023, car_id: null });
    const only = await submit(BAYSIDE, { form: 'contact', userData: general });
    expect(only.status).toBe(201);
    expect((await listLeads(db, BAYSIDE_SITE)).at(-1)).toMatchObject({ dealership_id: 1011 });
  });

  it('a later step updates the lead by its lead_id, as a new version with its own delivery', async () => {
    const lead_id = await tradeInLead();
    const accepted = await submit(BAYSIDE, acceptance(lead_id));
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

/** A trade-in lead as the wizard stores it (its valuation's checks are the trade-in routes' tests). */
async function tradeInLead(): Promise<string> {
  const { leadId } = await createLead(db, {
    siteId: BAYSIDE_SITE,
    dealershipId: 1011,
    carId: null,
    payload: {
      category: 'Trade-in Enquiry',
      subcategory: '2. Valuation',
      name: 'Sam Shopper',
      email: 'sam@example.com',
      location: 'bayside-mazda-sales',
    },
    idempotencyKey: null,
  });
  return leadId;
}

/** §4 "Trade-in offer acceptance", as the wizard sends it (`offerAcceptance`). */
const acceptance = (lead_id: string, overrides: Record<string, unknown> = {}) => ({
  form: 'tradeIn',
  last_step: true,
  userData: {
    lead_id,
    category: 'Trade-in Enquiry',
    subcategory: '3. Offer Accepted',
    form_completed: true,
    offer_accepted: true,
    ...overrides,
  },
});

describe('every lead names its form and meets its rules (issue 31 item 6)', () => {
  it.each([
    [
      'no form at all',
      { userData: { category: 'General Enquiry', name: 'Jo', email: 'jo@example.com' } },
      'form',
    ],
    [
      'a category the form does not offer',
      {
        form: 'contact',
        userData: {
          category: 'Free Money',
          name: 'Jo',
          email: 'jo@example.com',
          postcode: '4000',
          message: 'Hi',
        },
      },
      'category',
    ],
    [
      'a postcode nobody has',
      {
        form: 'contact',
        userData: {
          category: 'General Enquiry',
          name: 'Jo',
          email: 'jo@example.com',
          postcode: '0000',
          message: 'Hi',
        },
      },
      'postcode',
    ],
    [
      'a test drive in 2020',
      {
        form: 'testDrive',
        userData: {
          category: 'Test Drive',
          name: 'Jo',
          email: 'jo@example.com',
          postcode: '4000',
          location: 'bayside-mazda-sales',
          dateTime: '2020-01-01T10:00:00.000Z',
          terms_conditions: true,
        },
      },
      'dateTime',
    ],
    [
      'a trade-in lead in another category',
      { form: 'tradeIn', userData: { category: 'Service Booking', name: 'Jo' } },
      'category',
    ],
  ])('%s: refused, naming the field, nothing stored', async (_, body, field) => {
    const before = await count(BAYSIDE_SITE);
    const response = await submit(BAYSIDE, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { error } = response.json<{ error: { fields?: Record<string, string> } }>();
    expect(Object.keys(error.fields ?? {}).map((key) => key.replace(/^userData\./, ''))).toContain(field);
    expect(await count(BAYSIDE_SITE)).toBe(before);
  });
});

describe('a sent lead changes only as its flow allows (issue 31 item 6)', () => {
  it.each([
    ['its location (re-routing it to another desk)', { location: 'bayside-mazda-service' }, 'location'],
    ['its car', { car_id: CARS.baysideInStock }, 'car_id'],
    ['its contact details', { email: 'attacker@example.com', name: 'Not Sam' }, 'email'],
    ['another category', { category: 'Service Booking' }, 'category'],
  ])(
    'an acceptance that also rewrites %s is refused; the lead and its deliveries stay as they were',
    async (_, overrides, field) => {
      const lead_id = await tradeInLead();
      const before = (await pendingDeliveries(db)).filter((d) => d.lead_id === lead_id);
      const response = await submit(BAYSIDE, acceptance(lead_id, overrides));
      expect(response.status).toBe(422);
      expect(
        Object.keys(response.json<{ error: { fields: Record<string, string> } }>().error.fields),
      ).toContain(field);
      const stored = (await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === lead_id);
      expect(stored).toMatchObject({
        version: 1,
        subcategory: '2. Valuation',
        payload: { email: 'sam@example.com', location: 'bayside-mazda-sales' },
      });
      expect((await pendingDeliveries(db)).filter((d) => d.lead_id === lead_id)).toEqual(before);
    },
  );

  it('another form cannot change its lead, and an acceptance finds only a trade-in lead', async () => {
    const { lead_id } = (await submit(BAYSIDE, enquiry())).json<{ lead_id: string }>();
    const rewritten = await submit(BAYSIDE, enquiry({ lead_id, message: 'Rewritten' }));
    expect(rewritten.status).toBe(422);
    expect(rewritten.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(
      'lead_id',
    );
    const accepted = await submit(BAYSIDE, acceptance(lead_id));
    expect(accepted.status).toBe(404);
    expect((await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === lead_id)).toMatchObject({
      version: 1,
      category: 'Vehicle Enquiry',
    });
  });

  it('an acceptance sent again is the same lead: nothing stored or sent again', async () => {
    const lead_id = await tradeInLead();
    expect((await submit(BAYSIDE, acceptance(lead_id))).status).toBe(201);
    const again = await submit(BAYSIDE, acceptance(lead_id));
    expect(again.status).toBe(201);
    expect(again.json()).toEqual({ lead_id });
    expect((await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === lead_id)?.version).toBe(2);
    expect((await pendingDeliveries(db)).filter((d) => d.lead_id === lead_id)).toHaveLength(2);
  });
});

describe('refused leads store nothing and name what is wrong', () => {
  const contactLead = {
    category: 'General Enquiry',
    name: 'Jo',
    email: 'jo@example.com',
    postcode: '2100',
    message: 'Hello',
  };
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
      body: acceptance('00000000-0000-4000-8000-000000000000'),
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
      body: { form: 'contact', userData: { ...contactLead } },
      status: 422,
      field: 'dealership_slug',
    },
    {
      label: 'a dealership of another site',
      slug: HARBOUR,
      body: { form: 'contact', userData: { ...contactLead, dealership_slug: 'bayside-mazda' } },
      status: 422,
      field: 'dealership_slug',
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
