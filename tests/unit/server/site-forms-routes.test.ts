import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDriveSlots } from '../../../domain/contracts/test-drives.ts';
import { BUDGET_MESSAGE, POSTCODE_MESSAGE, REQUIRED_MESSAGE } from '../../../domain/site-forms.ts';
import {
  SLOT_TAKEN_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from '../../../domain/test-drive-slots.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead, listLeads } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import {
  type AccountServer,
  CARS,
  roomyLimiter,
  seedAccountCars,
  startAccountServer,
} from './watchlist-test-server.ts';

/**
 * Issue 15 items 2, 4 and 7: the lead route checks a site-wide form with the schema the browser used
 * (`domain/site-form-pages.ts`), geocodes its postcode, and books a test drive's time in the lead's
 * transaction; the slots call answers a location's free times.
 */
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;
const HARBOUR = 'harbour-auto-group';

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

const contact = (fields: Record<string, unknown> = {}, form = 'contact') => ({
  form,
  userData: {
    category: 'General Enquiry',
    name: 'Sam Shopper',
    email: 'sam@example.com',
    phone: '0400 111 222',
    postcode: '4178',
    message: 'Do you have a CX-60 coming in?',
    opt_in: true,
    ...fields,
  },
});

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

const send = (slug: string, body: unknown) => server.request(slug, '/api/leads', { body });

/** A service centre's first preferred time and an odometer: what a service booking asks besides (issue 37 item 8). */
async function serviceTime(slug: string, location: string) {
  const response = await server.request(slug, `/api/test-drives/slots?form=service&location=${location}`);
  const start = response.json<TestDriveSlots>().days[0]?.slots[0]?.start;
  if (!start) throw new Error(`no service times at ${location}`);
  return { dateTime: start, odometer: '45000' };
}

async function stored(siteId = BAYSIDE_SITE) {
  return (await listLeads(db, siteId)).length;
}

describe('site-wide forms on the server (§5)', () => {
  it('a valid contact form is stored with its postcode’s position', async () => {
    const response = await send(BAYSIDE, contact());
    expect(response.status).toBe(201);
    const { lead_id } = response.json<{ lead_id: string }>();
    const lead = (await listLeads(db, BAYSIDE_SITE)).find((l) => l.lead_id === lead_id);
    expect(lead?.payload).toMatchObject({ postcode: '4178', postcode_lat: -27.4428, postcode_lng: 153.1698 });
  });

  it.each([
    ['no postcode', { postcode: undefined }, 'postcode', POSTCODE_MESSAGE],
    ['a 3-digit postcode', { postcode: '400' }, 'postcode', POSTCODE_MESSAGE],
    ['a postcode no state has', { postcode: '0000' }, 'postcode', 'Invalid postcode'],
    ['no message', { message: '' }, 'message', REQUIRED_MESSAGE],
    [
      'a category the form does not offer',
      { category: 'Free Car' },
      'category',
      'Please choose one of the listed categories',
    ],
    ['no email', { email: '' }, 'email', 'Please enter a valid email address'],
    ['an email that is not one', { email: 'sam@' }, 'email', 'Please enter a valid email address'],
    ['a phone of letters', { phone: 'call me' }, 'phone', 'Please enter a valid phone number'],
  ])('%s → 422 naming the field, nothing stored', async (_label, fields, field, message) => {
    const before = await stored();
    const response = await send(BAYSIDE, contact(fields));
    expect(response.status).toBe(422);
    const { error } = response.json<Refusal>();
    expect(error.code).toBe('invalid_form');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    if (message) expect(error.fields?.[field]).toBe(message);
    expect(await stored()).toBe(before);
  });

  it('markup inside an allowed length is stored as text (the email and the pages escape it)', async () => {
    const response = await send(BAYSIDE, contact({ message: '<img src=x onerror=alert(1)>' }));
    expect(response.status).toBe(201);
  });

  it('markup in a name over its length is refused by the lead contract itself', async () => {
    const response = await send(BAYSIDE, contact({ name: `<script>${'x'.repeat(300)}</script>` }));
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<Refusal>().error.fields ?? {})).toContain('userData.name');
  });

  it('a multi-dealership site requires one of its dealerships', async () => {
    const missing = await send(HARBOUR, contact({ postcode: '2100' }));
    expect(missing.status).toBe(422);
    expect(missing.json<Refusal>().error.fields).toMatchObject({ dealership_slug: REQUIRED_MESSAGE });
    const chosen = await send(HARBOUR, contact({ postcode: '2100', dealership_slug: 'harbour-kia' }));
    expect(chosen.status).toBe(201);
  });

  it('a careers enquiry arrives as General Enquiry / Career Enquiry and passes the careers form', async () => {
    const response = await send(
      BAYSIDE,
      contact({ category: 'General Enquiry', subcategory: 'Career Enquiry', postcode: undefined }, 'careers'),
    );
    expect(response.status).toBe(201);
  });

  it('a location form names one of the site’s locations', async () => {
    expect((await send(BAYSIDE, contact({ location: 'bayside-mazda-service' }, 'location'))).status).toBe(
      201,
    );
    const unknown = await send(BAYSIDE, contact({ location: 'harbour-kia-service' }, 'location'));
    expect(unknown.status).toBe(422);
    expect(unknown.json<Refusal>().error.fields).toHaveProperty('location');
  });

  it('a service booking chooses a service centre; its ticked options arrive as additional_services', async () => {
    const response = await send(
      BAYSIDE,
      contact(
        {
          category: 'Service Booking',
          location: 'bayside-mazda-service',
          additional_services: ['Tyres'],
          message: '',
          ...(await serviceTime(BAYSIDE, 'bayside-mazda-service')),
        },
        'service',
      ),
    );
    expect(response.status).toBe(201);
    const sales = await send(
      BAYSIDE,
      contact({ category: 'Service Booking', location: 'bayside-mazda-sales' }, 'service'),
    );
    expect(sales.status).toBe(422);
  });
});

describe('every field of the contact form, sent wrong (issue 15 item 7)', () => {
  const fields = [
    'name',
    'email',
    'phone',
    'postcode',
    'category',
    'Rego',
    'message',
    'dealership_slug',
    'location',
  ];
  it.each(
    fields.flatMap((field) => [
      [field, 'too long', 'x'.repeat(5001)],
      [field, 'of the wrong type', { $gt: '' }],
      [field, 'a number', 12345],
    ]),
  )('%s %s → 422 naming it, nothing stored', async (field, _how, value) => {
    const before = await stored();
    const response = await send(BAYSIDE, contact({ [field]: value }));
    expect(response.status).toBe(422);
    const keys = Object.keys(response.json<Refusal>().error.fields ?? {});
    expect(keys.some((key) => key === field || key === `userData.${field}`)).toBe(true);
    expect(await stored()).toBe(before);
  });

  it('opt_in that is not a yes or no, or a form that does not exist, is refused', async () => {
    expect((await send(BAYSIDE, contact({ opt_in: 'yes' }))).status).toBe(422);
    expect((await send(BAYSIDE, contact({}, 'newsletter'))).status).toBe(422);
  });

  it('a body that is not UTF-8 is a 400-range answer, never a 5xx, and stores nothing', async () => {
    const before = await stored();
    const json = Buffer.from(JSON.stringify(contact({ message: 'MARK' })));
    const at = json.indexOf('MARK');
    const body = Buffer.concat([
      json.subarray(0, at),
      Buffer.from([0xff, 0xfe, 0xc3]),
      json.subarray(at + 4),
    ]);
    const status = await rawPost(server.port, server.host(BAYSIDE), '/api/leads', body);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await stored()).toBe(before);
  });
});

describe('test drives (issue 15 item 4)', () => {
  const slots = async (query: string) => {
    const response = await server.request(BAYSIDE, `/api/test-drives/slots${query}`);
    return { status: response.status, body: response.json<TestDriveSlots>() };
  };
  /** The n-th free time from now on, whatever day it falls on (late in the day, today has few left). */
  const nthSlot = (body: TestDriveSlots, n: number) => body.days.flatMap((day) => day.slots)[n]?.start ?? '';
  const booking = (start: string, fields: Record<string, unknown> = {}) =>
    contact(
      {
        category: 'Test Drive',
        location: 'bayside-mazda-sales',
        dateTime: start,
        terms_conditions: true,
        car_id: CARS.baysideInStock,
        message: '',
        ...fields,
      },
      'testDrive',
    );

  it('answers the car’s location’s free times in its own time zone, at least two hours away', async () => {
    const { status, body } = await slots(`?car_id=${CARS.baysideInStock}`);
    expect(status).toBe(200);
    expect(body.time_zone).toBe('Australia/Brisbane');
    expect(body.car).toEqual({
      id: CARS.baysideInStock,
      title: expect.stringContaining('Mazda CX-5'),
      car_type: expect.any(String),
    });
    const first = body.days[0]?.slots[0];
    expect(first).toBeDefined();
    expect(Date.parse(first?.start ?? '') - Date.now()).toBeGreaterThanOrEqual(2 * 60 * 60 * 1000 - 60_000);
  });

  it('an unknown location, a service centre or a sold car is a 404, a malformed id a 400-range answer', async () => {
    expect((await slots('?location=nowhere')).status).toBe(404);
    expect((await slots('?location=bayside-mazda-service')).status).toBe(404);
    expect((await slots(`?car_id=${CARS.baysideSold}`)).status).toBe(404);
    const malformed = await slots('?car_id=1e9');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  it('two shoppers booking one time at once: one gets it, the other a clear message; the time is gone', async () => {
    const { body } = await slots('?location=bayside-mazda-sales');
    const start = body.days[0]?.slots[0]?.start ?? '';
    const before = await stored();
    const [a, b] = await Promise.all([
      send(BAYSIDE, booking(start)),
      send(BAYSIDE, booking(start, { name: 'Alex' })),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    const { error } = loser.json<Refusal>();
    expect(error.code).toBe('slot_taken');
    expect([SLOT_TAKEN_MESSAGE, SLOT_UNAVAILABLE_MESSAGE]).toContain(error.fields?.dateTime);
    expect(await stored()).toBe(before + 1);
    const after = await slots('?location=bayside-mazda-sales');
    expect(after.body.days.flatMap((d) => d.slots.map((s) => s.start))).not.toContain(start);
  });

  it.each([
    [
      'a past time',
      () => new Date(Date.now() - 86_400_000).toISOString(),
      'dateTime',
      SLOT_UNAVAILABLE_MESSAGE,
    ],
    ['a time off the half hour', () => futureOffGrid(), 'dateTime', SLOT_UNAVAILABLE_MESSAGE],
    ['no time', () => '', 'dateTime', undefined],
  ])('%s is refused, nothing stored', async (_label, start, field, message) => {
    const before = await stored();
    const response = await send(BAYSIDE, booking(start()));
    expect([409, 422]).toContain(response.status);
    const { error } = response.json<Refusal>();
    if (message) expect(error.fields?.[field]).toBe(message);
    else expect(error.fields).toHaveProperty(field);
    expect(await stored()).toBe(before);
  });

  it('a booking sent again with its Idempotency-Key answers the same lead, not "taken"', async () => {
    const { body } = await slots('?location=bayside-mazda-sales');
    const start = nthSlot(body, 2);
    expect(start).not.toBe('');
    const init = { body: booking(start), headers: { 'idempotency-key': `td-${start}` } };
    const first = await server.request(BAYSIDE, '/api/leads', init);
    const again = await server.request(BAYSIDE, '/api/leads', init);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('the terms must be accepted', async () => {
    const { body } = await slots('?location=bayside-mazda-sales');
    const response = await send(BAYSIDE, booking(nthSlot(body, 1), { terms_conditions: false }));
    expect(response.status).toBe(422);
    expect(response.json<Refusal>().error.fields).toMatchObject({ terms_conditions: TERMS_REQUIRED_MESSAGE });
  });
});

function futureOffGrid(): string {
  const at = new Date(Date.now() + 3 * 86_400_000);
  at.setUTCMinutes(7, 0, 0);
  return at.toISOString();
}

/** POSTs raw bytes as a same-origin browser would, and answers the status. */
function rawPost(port: number, host: string, path: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
          'content-length': String(body.length),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('a group’s forms that name a location', () => {
  it('a service booking at one of its service centres is that dealership’s lead, with no dealership chosen', async () => {
    const response = await send(
      HARBOUR,
      contact(
        {
          category: 'Service Booking',
          location: 'harbour-kia-service',
          postcode: '2103',
          message: '',
          ...(await serviceTime(HARBOUR, 'harbour-kia-service')),
        },
        'service',
      ),
    );
    expect(response.status).toBe(201);
    const { lead_id } = response.json<{ lead_id: string }>();
    const lead = (await listLeads(db, 102)).find((l) => l.lead_id === lead_id);
    expect(lead?.dealership_id).toBe(1023);
  });
});

describe('updating a group’s lead by its lead_id', () => {
  it('needs no dealership: the lead is already the site’s (a trade-in offer accepted)', async () => {
    const { leadId: lead_id } = await createLead(db, {
      siteId: 102,
      dealershipId: 1023,
      carId: null,
      payload: { category: 'Trade-in Enquiry', subcategory: '2. Valuation', name: 'Jo' },
      idempotencyKey: null,
    });
    const update = await send(HARBOUR, {
      form: 'tradeIn',
      userData: {
        lead_id,
        category: 'Trade-in Enquiry',
        subcategory: '3. Offer Accepted',
        form_completed: true,
        offer_accepted: true,
      },
    });
    expect(update.status).toBe(201);
    expect(update.json()).toEqual({ lead_id });
    expect((await listLeads(db, 102)).find((l) => l.lead_id === lead_id)).toMatchObject({
      dealership_id: 1023,
      subcategory: '3. Offer Accepted',
    });
  });
});

describe('a finance pre-approval application (form finance, issue 17 item 4)', () => {
  const application = (fields: Record<string, unknown> = {}) =>
    contact(
      {
        category: 'Finance Enquiry',
        subcategory: 'Pre-Approval',
        vehiclePriceBudget: '32000',
        employment_status: 'Full time',
        car_id: CARS.baysideInStock,
        car_type: 'used',
        finance_deposit: 3200,
        finance_term_years: 5,
        weekly_repayment: 142,
        message: undefined,
        ...fields,
      },
      'finance',
    );

  it('is stored with the car, the budget and the calculator’s figures', async () => {
    const response = await send(BAYSIDE, application());
    expect(response.status).toBe(201);
    const { lead_id } = response.json<{ lead_id: string }>();
    const lead = (await listLeads(db, BAYSIDE_SITE)).find((l) => l.lead_id === lead_id);
    expect(lead).toMatchObject({
      category: 'Finance Enquiry',
      subcategory: 'Pre-Approval',
      car_id: CARS.baysideInStock,
    });
    expect(lead?.payload).toMatchObject({ vehiclePriceBudget: '32000', weekly_repayment: 142 });
  });

  it.each([
    [{ vehiclePriceBudget: 'lots' }, 'vehiclePriceBudget', BUDGET_MESSAGE],
    [{ vehiclePriceBudget: undefined }, 'vehiclePriceBudget', BUDGET_MESSAGE],
    [{ employment_status: 'Astronaut' }, 'employment_status', 'Please choose one of the listed options'],
    [{ car_id: CARS.harbour }, 'car_id', undefined],
  ])('%o is refused, naming %s', async (fields, field, message) => {
    const response = await send(BAYSIDE, application(fields));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const refusal = response.json<Refusal>();
    if (message) expect(refusal.error.fields?.[field]).toBe(message);
  });
});
