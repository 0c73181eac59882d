import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDriveSlots } from '../../../domain/contracts/test-drives.ts';
import {
  MODEL_TO_DRIVE,
  ODOMETER_MESSAGE,
  SERVICE_TIME_REQUIRED_MESSAGE,
} from '../../../domain/service-booking.ts';
import { SLOT_UNAVAILABLE_MESSAGE } from '../../../domain/test-drive-slots.ts';
import { leadToAdf } from '../../../server/leads/adf.ts';
import { bookingFacts } from '../../../server/leads/lead-email.ts';
import type { Db } from '../../../server/store/db.ts';
import { listLeads } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import {
  type AccountServer,
  CARS,
  roomyLimiter,
  seedAccountCars,
  startAccountServer,
} from './watchlist-test-server.ts';

/**
 * Issue 37 item 8 "Bookings that book", on the server: a service booking's preferred time is one of
 * the service centre's times (its hours, open days, not past) and its odometer a number of km, both
 * checked again by the lead route with clear messages; a general test drive's model to drive is one
 * in stock, stored with its make and model apart and placed in the ADF's vehicle.
 */
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;

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

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

const slots = async (query: string) => {
  const response = await server.request(BAYSIDE, `/api/test-drives/slots${query}`);
  return { status: response.status, body: response.json<TestDriveSlots>() };
};
const send = (body: unknown) => server.request(BAYSIDE, '/api/leads', { body });
const details = {
  name: 'Sam Shopper',
  email: 'sam@example.com',
  phone: '0400 111 222',
  postcode: '4178',
  opt_in: true,
};
const service = (fields: Record<string, unknown>) => ({
  form: 'service',
  userData: { ...details, category: 'Service Booking', location: 'bayside-mazda-service', ...fields },
});
const testDrive = (fields: Record<string, unknown>) => ({
  form: 'testDrive',
  userData: {
    ...details,
    category: 'Test Drive',
    subcategory: 'Test Drive',
    location: 'bayside-mazda-sales',
    terms_conditions: true,
    ...fields,
  },
});
const stored = async (leadId: string) =>
  (await listLeads(db, BAYSIDE_SITE)).find((lead) => lead.lead_id === leadId);

describe('a service booking’s preferred time and odometer', () => {
  it('the service centre’s times: its hours, no sooner than two hours away, and no test-drive models', async () => {
    const { status, body } = await slots('?form=service&location=bayside-mazda-service');
    expect(status).toBe(200);
    expect(body.location).toBe('bayside-mazda-service');
    expect(body.models).toEqual([]);
    const first = body.days[0]?.slots[0];
    expect(Date.parse(first?.start ?? '') - Date.now()).toBeGreaterThanOrEqual(2 * 60 * 60 * 1000 - 60_000);
    // A sales yard takes no service bookings.
    expect((await slots('?form=service&location=bayside-mazda-sales')).status).toBe(404);
  });

  it('is stored with the time and the odometer as a number, and the team’s email reads them', async () => {
    const { body } = await slots('?form=service&location=bayside-mazda-service');
    const start = body.days[0]?.slots[0]?.start ?? '';
    const response = await send(service({ dateTime: start, odometer: '45,000', Rego: 'ABC123' }));
    expect(response.status).toBe(201);
    const lead = await stored(response.json<{ lead_id: string }>().lead_id);
    expect(lead?.payload).toMatchObject({ dateTime: start, odometer: 45000, Rego: 'ABC123' });
    const site = loadTenants().find((candidate) => candidate.slug === BAYSIDE);
    if (!site) throw new Error('no Bayside');
    const facts = bookingFacts(lead?.payload as Record<string, unknown>, site);
    expect(facts).toEqual(
      expect.arrayContaining([
        { label: 'Preferred time', value: expect.stringContaining('Bayside Mazda Service') },
        { label: 'Odometer', value: '45,000 km' },
        { label: 'Rego', value: 'ABC123' },
      ]),
    );
  });

  it.each<[string, string | null, string]>([
    ['no time', null, SERVICE_TIME_REQUIRED_MESSAGE],
    ['a past time', '2020-01-06T00:00:00.000Z', SLOT_UNAVAILABLE_MESSAGE],
    ['a time off the half hour', 'offGrid', SLOT_UNAVAILABLE_MESSAGE],
    ['a time at 3 am', 'night', SLOT_UNAVAILABLE_MESSAGE],
  ])('%s is refused with a clear message under the time', async (_, given, message) => {
    const { body } = await slots('?form=service&location=bayside-mazda-service');
    const first = new Date(body.days[0]?.slots[0]?.start ?? '');
    const dateTime =
      given === 'offGrid'
        ? new Date(first.getTime() + 7 * 60_000).toISOString()
        : given === 'night'
          ? // Brisbane keeps +10:00 all year: 3 am on a day with times.
            new Date(`${body.days[0]?.date}T03:00:00+10:00`).toISOString()
          : given;
    const response = await send(service({ odometer: '1000', ...(dateTime ? { dateTime } : {}) }));
    expect(response.status).toBe(422);
    expect(response.json<Refusal>().error.fields).toMatchObject({ dateTime: message });
  });

  it.each([['lots'], ['-5'], ['1000000'], ['4.5'], ['']])(
    'an odometer of %j is refused',
    async (odometer) => {
      const { body } = await slots('?form=service&location=bayside-mazda-service');
      const response = await send(service({ dateTime: body.days[0]?.slots[0]?.start, odometer }));
      expect(response.status).toBe(422);
      expect(response.json<Refusal>().error.fields).toMatchObject({ odometer: ODOMETER_MESSAGE });
    },
  );

  it('two shoppers may ask for the same preferred time: a workshop takes several cars', async () => {
    const { body } = await slots('?form=service&location=bayside-mazda-service');
    const start = body.days[0]?.slots[1]?.start ?? body.days[1]?.slots[0]?.start;
    const [a, b] = await Promise.all([
      send(service({ dateTime: start, odometer: '1000' })),
      send(service({ dateTime: start, odometer: '2000', name: 'Alex' })),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await slots('?form=service&location=bayside-mazda-service')).body.days[0]?.slots[0]?.start).toBe(
      body.days[0]?.slots[0]?.start,
    );
  });
});

describe('a general test drive’s model to drive', () => {
  it('the times list the models in stock, by make; a car’s times list none', async () => {
    const general = await slots('?location=bayside-mazda-sales');
    expect(general.body.models).toEqual([{ make: 'Mazda', model: 'CX-5' }]);
    expect((await slots(`?car_id=${CARS.baysideInStock}`)).body.models).toEqual([]);
  });

  it('a model in stock is stored with its make and model apart and placed in the ADF vehicle', async () => {
    const { body } = await slots('?location=bayside-mazda-sales');
    const start = body.days.flatMap((day) => day.slots)[2]?.start;
    const response = await send(testDrive({ dateTime: start, [MODEL_TO_DRIVE.name]: 'Mazda CX-5' }));
    expect(response.status).toBe(201);
    const lead = await stored(response.json<{ lead_id: string }>().lead_id);
    expect(lead?.payload).toMatchObject({
      model_to_drive: 'Mazda CX-5',
      vehicle_make: 'Mazda',
      vehicle_model: 'CX-5',
    });
    const site = loadTenants().find((candidate) => candidate.slug === BAYSIDE);
    const dealership = site?.dealerships[0];
    if (!site || !lead || !dealership) throw new Error('no lead');
    const adf = leadToAdf({ lead, car: null, site, dealership });
    expect(adf).toContain('<vehicle interest="test-drive">');
    expect(adf).toContain('<make>Mazda</make>');
    expect(adf).toContain('<model>CX-5</model>');
  });

  it('a model not in stock, or one named with a car, is refused under the field', async () => {
    const { body } = await slots('?location=bayside-mazda-sales');
    const start = body.days.flatMap((day) => day.slots)[3]?.start;
    for (const fields of [
      { [MODEL_TO_DRIVE.name]: 'Toyota Supra' },
      { [MODEL_TO_DRIVE.name]: 'Mazda CX-5', car_id: CARS.baysideInStock },
    ]) {
      const response = await send(testDrive({ dateTime: start, ...fields }));
      expect(response.status).toBe(422);
      expect(response.json<Refusal>().error.fields).toMatchObject({
        [MODEL_TO_DRIVE.name]: MODEL_TO_DRIVE.message,
      });
    }
  });
});
