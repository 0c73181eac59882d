import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../../../server/jobs/outbox.ts';
import { LeadDelivery } from '../../../server/leads/delivery.ts';
import { leadAddress } from '../../../server/leads/lead-email.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead, pendingDeliveries, updateLead } from '../../../server/store/leads.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { startSmtp } from '../../fixtures/smtp-server.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { CARS, seedAccountCars } from './watchlist-test-server.ts';

/** Issue 15 item 6: every stored lead reaches its dealer as an email with ADF/XML, retried until it does. */
const sites = loadTenants();
const FROM = 'leads@forecourt.test';

/** The ADF attachment of a raw email (nodemailer base64-encodes it). */
function adfOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((section) => /filename="?lead\.adf\.xml/.test(section));
  if (!part) throw new Error('no ADF attachment');
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64').toString('utf8');
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clock = new Date();
// The jobs are due from the store's own now(): each test's worker clock starts just after it.
beforeEach(() => {
  clock = new Date(Date.now() + 1000);
});

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const aboutTheCar = {
  siteId: 101,
  dealershipId: 1011,
  carId: CARS.baysideInStock,
  payload: {
    category: 'Vehicle Enquiry',
    subcategory: 'Used Car Enquiry',
    name: 'Sam',
    last_name: "O'Shopper",
    email: 'sam@example.com',
    phone: '0400 111 222',
    postcode: '4000',
    message: 'Is it still <available> & registered?',
    'Test Drive Booking Date': '2026-12-01T10:00',
    url: 'http://bayside-mazda.localhost/cars/x',
  },
  idempotencyKey: null,
};

describe.each(testDrivers('delivery'))('lead hand-off by email on $name', (driver) => {
  let store: TestStore;
  let db: Db;
  beforeAll(async () => {
    store = await driver.open();
    db = store.db;
    await seedAccountCars(db);
  });
  afterAll(async () => {
    await store?.cleanup();
  });
  const worker = (mailer = createMailer({ smtpUrl: smtp.url, outbox: '' })) =>
    new LeadDelivery({ db, sites, mailer, from: FROM, now: () => clock });

  it('sends each lead to the dealer with a readable body and the lead in ADF/XML, then marks it delivered', async () => {
    const { leadId } = await createLead(db, aboutTheCar);
    expect(await worker().runOnce()).toBe(1);
    const raw = smtp.received.at(-1) ?? '';
    expect(raw).toMatch(/^Subject: Vehicle Enquiry about the 2022 Mazda CX-5 Maxx 9001/m);
    expect(raw).toMatch(/^To: sales@baysidemazda\.example/m);
    const adf = adfOf(raw);
    expect(adf).toContain('<?adf version="1.0"?>');
    expect(adf).toContain(`<id sequence="1" source="Forecourt">${leadId}</id>`);
    expect(adf).toMatch(
      /<vehicle interest="buy" status="used"><id source="Forecourt">9001<\/id><year>2022<\/year><make>Mazda<\/make>/,
    );
    expect(adf).toContain('<stock>');
    expect(adf).toMatch(/<price type="asking" currency="AUD">\d+<\/price>/);
    expect(adf).toContain('<name part="full">Sam O&apos;Shopper</name>');
    expect(adf).toContain('<email>sam@example.com</email>');
    expect(adf).toContain('<postalcode>4000</postalcode>');
    expect(adf).toContain('Is it still &lt;available&gt; &amp; registered?');
    expect(adf).toContain('Test Drive Booking Date: 2026-12-01T10:00');
    expect(adf).toContain('<vendorname>Bayside Mazda</vendorname>');
    expect((await pendingDeliveries(db)).some((d) => d.lead_id === leadId)).toBe(false);
  });

  it('a refused delivery is kept and retried with backoff until it succeeds; nothing is dropped', async () => {
    const { leadId } = await createLead(db, aboutTheCar);
    smtp.refuseNext(2);
    const delivery = worker();
    expect(await delivery.runOnce()).toBe(0);
    expect(await pendingDeliveries(db)).toContainEqual({ lead_id: leadId, version: 1 });
    expect(await delivery.runOnce()).toBe(0);
    clock = new Date(clock.getTime() + retryDelaySeconds(1) * 1000);
    expect(await delivery.runOnce()).toBe(0);
    clock = new Date(clock.getTime() + retryDelaySeconds(2) * 1000);
    expect(await delivery.runOnce()).toBe(1);
    expect((await pendingDeliveries(db)).some((d) => d.lead_id === leadId)).toBe(false);
    const { rows } = await db.query<{ attempts: number }>(
      'SELECT attempts FROM lead_deliveries WHERE lead_id = $1',
      [leadId],
    );
    expect(rows[0]?.attempts).toBe(3);
  });

  it('a worker started after a restart sends what the last one left, and an update is sent as its next version', async () => {
    const { leadId } = await createLead(db, aboutTheCar);
    await updateLead(db, 101, leadId, { category: 'Vehicle Enquiry', subcategory: 'Test drive booked' });
    const before = smtp.received.length;
    expect(await worker().runOnce()).toBe(2);
    const sequences = smtp.received.slice(before).map((raw) => adfOf(raw).match(/sequence="(\d)"/)?.[1]);
    expect(sequences.sort()).toEqual(['1', '2']);
  });

  it('without SMTP_URL each email is an .eml file in the outbox', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'forecourt-outbox-')), 'outbox');
    const { leadId } = await createLead(db, {
      ...aboutTheCar,
      carId: null,
      payload: { category: 'General Enquiry', email: 'jo@example.com' },
    });
    await worker(createMailer({ outbox })).runOnce();
    const file = readdirSync(outbox).find((name) => name.startsWith(leadId));
    expect(file).toBe(`${leadId}-v1.eml`);
    const adf = adfOf(readFileSync(join(outbox, file as string), 'utf8'));
    expect(adf).toContain(leadId);
    expect(adf).not.toContain('<vehicle');
  });
});

describe('where a lead goes', () => {
  const harbour = sites.find((s) => s.slug === 'harbour-auto-group');
  if (!harbour) throw new Error('no harbour');
  it('the location it names, else its dealership’s sales yard, else the site', () => {
    expect(leadAddress(harbour, { slug: 'harbour-kia' }, { location: 'harbour-toyota-service' })).toBe(
      'service@harbourautogroup.example',
    );
    expect(leadAddress(harbour, { slug: 'harbour-kia' }, {})).toBe('kia@harbourautogroup.example');
    expect(leadAddress(harbour, { slug: 'harbour-kia' }, { location: 'nowhere' })).toBe(
      'kia@harbourautogroup.example',
    );
    expect(leadAddress({ ...harbour, locations: [] }, { slug: 'harbour-kia' }, {})).toBe(harbour.email);
  });
});
