import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHoursSchema } from '../../../domain/contracts/console-hours.ts';
import type { Location } from '../../../domain/location.ts';
import { openStatus } from '../../../domain/opening-hours.ts';
import { SPECIAL_DAY_MESSAGES } from '../../../domain/special-day.ts';
import { zonedDate, zonedInstant } from '../../../domain/test-drive-slots.ts';
import { acknowledgementEmail } from '../../../server/leads/ack-email.ts';
import { listAuditEntries } from '../../../server/store/audit.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import type { StoredLead } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { contentApp, request } from './content-app.ts';

/**
 * Issue 36 item 6: a location's special days set in the console are laid over the site config's
 * hours wherever hours are read — the location pages' site config, the test-drive times and the
 * acknowledgement's "opens next" — at once; a day in the past and another dealer's location are
 * refused.
 */
const BAYSIDE = 'bayside-mazda';
const SALES = 'bayside-mazda-sales';
const ZONE = 'Australia/Brisbane';
// Friday 27 November 2026, noon in Brisbane: Monday 30 November is an ordinary open day.
const NOW = new Date('2026-11-27T02:00:00Z');
const day = (offset: number) => zonedDate(NOW.getTime() + offset * 86_400_000, ZONE);
const MONDAY = day(3);

let db: Db;
let content: ReturnType<typeof contentApp>;
let managerCookie: string;
let salesCookie: string;

const salesLocation = async (): Promise<Location> => {
  const site = (await (await request(content.app, BAYSIDE, '/api/site')).json()) as { locations: Location[] };
  const location = site.locations.find((l) => l.slug === SALES);
  if (!location) throw new Error('no sales location');
  return location;
};
const testDriveDays = async () =>
  (
    (await (await request(content.app, BAYSIDE, `/api/test-drives/slots?location=${SALES}`)).json()) as {
      days: { date: string }[];
    }
  ).days.map((d) => d.date);

/** The acknowledgement of a lead to the sales yard, built at `now` from the site its job finds. */
function acknowledgement(now: Date): string {
  const config = content.sites.find((s) => s.slug === BAYSIDE);
  const dealership = config?.dealerships[0];
  if (!config || !dealership) throw new Error('no Bayside Mazda');
  const lead = {
    lead_id: '00000000-0000-4000-8000-000000000001',
    site_id: config.id,
    dealership_id: dealership.id,
    car_id: null,
    category: 'General Enquiry',
    subcategory: null,
    payload: { name: 'Kim', email: 'kim@example.com', location: SALES },
    version: 1,
    created_at: NOW.toISOString(),
  } as unknown as StoredLead;
  return acknowledgementEmail({
    lead,
    car: null,
    site: content.siteOf(config),
    dealership,
    from: 'x@y.z',
    now,
  }).text;
}

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  content = contentApp(db, () => NOW);
  await content.ready();
  managerCookie = await staffCookie(db, await createStaffMember(db, { siteId: 101, role: 'manager' }), NOW);
  salesCookie = await staffCookie(db, await createStaffMember(db, { siteId: 101, role: 'sales' }), NOW);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('a special day from the console', () => {
  it('a closure shows on the location’s page, takes the day out of test drives and moves "opens next", at once', async () => {
    const sundayNight = new Date(zonedInstant(day(2), '20:00', ZONE));
    expect(await testDriveDays()).toContain(MONDAY);
    expect(acknowledgement(sundayNight)).toContain('opens 8:30am tomorrow');
    await content.pageCache.page('kept', async () => ({
      page: { status: 200, segments: ['kept'] },
      cacheable: true,
    }));

    const response = await request(content.app, BAYSIDE, `/api/dealer/hours/${SALES}/days`, {
      cookie: managerCookie,
      body: { date: MONDAY, status: 'Closed', start_hour: null, end_hour: null, label: 'Staff training day' },
    });
    expect(response.status).toBe(201);
    const hours = consoleHoursSchema.parse(await response.json());
    const sales = hours.locations.find((l) => l.slug === SALES);
    expect(sales?.special_days[0]).toMatchObject({
      date: MONDAY,
      status: 'Closed',
      label: 'Staff training day',
      text: 'Closed',
      source: 'console',
    });
    // The config's Christmas hours are still there, marked as the config's.
    expect(sales?.special_days.find((d) => d.date === '2026-12-25')?.source).toBe('config');
    expect(content.pageCache.size).toBe(0);

    const location = await salesLocation();
    expect(location.special_hours).toContainEqual({
      date: MONDAY,
      status: 'Closed',
      start_hour: null,
      end_hour: null,
      label: 'Staff training day',
    });
    expect(openStatus(location, sundayNight, ZONE).text).toBe('Closed now · opens 8:30am Tue');
    expect(await testDriveDays()).not.toContain(MONDAY);
    expect(acknowledgement(sundayNight)).toContain('opens 8:30am Tue');
    const audit = await listAuditEntries(db, 101, { limit: 10, offset: 0 });
    expect(JSON.stringify(audit)).toContain('hours.update');
  });

  it('special opening hours replace the config’s for that date; removing them brings the config’s back', async () => {
    const set = await request(content.app, BAYSIDE, `/api/dealer/hours/${SALES}/days`, {
      cookie: managerCookie,
      body: {
        date: '2026-12-25',
        status: 'Open',
        start_hour: '10:00',
        end_hour: '14:00',
        label: 'Christmas sale',
      },
    });
    expect(set.status).toBe(201);
    const christmas = (await salesLocation()).special_hours.filter((d) => d.date === '2026-12-25');
    expect(christmas).toEqual([
      { date: '2026-12-25', status: 'Open', start_hour: '10:00', end_hour: '14:00', label: 'Christmas sale' },
    ]);
    const removed = await request(content.app, BAYSIDE, `/api/dealer/hours/${SALES}/days/2026-12-25/remove`, {
      cookie: managerCookie,
      body: {},
    });
    expect(removed.status).toBe(200);
    expect((await salesLocation()).special_hours.filter((d) => d.date === '2026-12-25')).toEqual([
      { date: '2026-12-25', status: 'Closed', start_hour: null, end_hour: null },
    ]);
    const missing = await request(content.app, BAYSIDE, `/api/dealer/hours/${SALES}/days/2026-12-25/remove`, {
      cookie: managerCookie,
      body: {},
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a day in the past, open hours out of order, and another dealer’s location', async () => {
    const past = await request(content.app, BAYSIDE, `/api/dealer/hours/${SALES}/days`, {
      cookie: managerCookie,
      body: { date: day(-1), status: 'Closed', start_hour: null, end_hour: null, label: 'Yesterday' },
    });
    expect(past.status).toBe(422);
    expect(((await past.json()) as { error: { fields: Record<string, string> } }).error.fields.date).toBe(
      SPECIAL_DAY_MESSAGES.past,
    );
    const backwards = await request(content.app, BAYSIDE, `/api/dealer/hours/${SALES}/days`, {
      cookie: managerCookie,
      body: { date: day(5), status: 'Open', start_hour: '15:00', end_hour: '09:00', label: 'Late start' },
    });
    expect(backwards.status).toBe(422);
    const other = await request(content.app, BAYSIDE, '/api/dealer/hours/harbour-toyota-brookvale/days', {
      cookie: managerCookie,
      body: { date: day(5), status: 'Closed', start_hour: null, end_hour: null, label: 'Not ours' },
    });
    expect(other.status).toBe(404);
    const stranger = await request(content.app, 'harbour-auto-group', '/api/dealer/hours', {
      cookie: managerCookie,
    });
    expect(stranger.status).toBe(401);
  });

  it('is for managers only', async () => {
    expect((await request(content.app, BAYSIDE, '/api/dealer/hours', { cookie: salesCookie })).status).toBe(
      403,
    );
  });
});
