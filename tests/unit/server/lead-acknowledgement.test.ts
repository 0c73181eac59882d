import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeadUserData } from '../../../domain/lead.ts';
import { retryDelaySeconds } from '../../../server/jobs/outbox.ts';
import { acknowledgementEmail } from '../../../server/leads/ack-email.ts';
import {
  ACKNOWLEDGEMENT_GIVE_UP_AFTER,
  LeadAcknowledgements,
} from '../../../server/leads/acknowledgements.ts';
import { LeadDelivery } from '../../../server/leads/delivery.ts';
import { createMailer, type Mailer } from '../../../server/mail/mailer.ts';
import type { Db } from '../../../server/store/db.ts';
import type { StoredLead } from '../../../server/store/leads.repo.ts';
import { createLead, pendingDeliveries, updateLead } from '../../../server/store/leads.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { startSmtp } from '../../fixtures/smtp-server.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { readMail } from './mail-parts.ts';
import { CARS, seedAccountCars } from './watchlist-test-server.ts';

/**
 * Issue 36 item 1: the shopper is told their lead arrived — the dealer's name, what they asked, who
 * will answer and when the dealership opens next — from an outbox of its own, so sending it never
 * holds up the lead's storage or its delivery to the dealer.
 */
const sites = loadTenants();
const FROM = 'leads@forecourt.test';
const site = (slug: string) => {
  const found = sites.find((s) => s.slug === slug);
  if (!found) throw new Error(`no ${slug}`);
  return found;
};

const storedLead = (siteId: number, dealershipId: number, payload: Record<string, unknown>): StoredLead => ({
  lead_id: '5b0c7f0e-8d7e-4a53-9d38-6a1f0c5a1f00',
  site_id: siteId,
  dealership_id: dealershipId,
  car_id: null,
  category: String(payload.category),
  subcategory: null,
  payload: payload as LeadUserData,
  version: 1,
  created_at: '2031-06-07T06:00:00.000Z',
});

describe('what the acknowledgement says', () => {
  const bayside = site('bayside-mazda');
  const harbour = site('harbour-auto-group');
  const ack = (s: typeof bayside, dealershipId: number, payload: Record<string, unknown>, now: string) =>
    acknowledgementEmail({
      lead: storedLead(s.id, dealershipId, payload),
      car: null,
      site: s,
      dealership:
        s.dealerships.find((d) => d.id === dealershipId) ?? (s.dealerships[0] as (typeof s.dealerships)[0]),
      from: FROM,
      now: new Date(now),
    });

  it('the dealer, what was asked, who answers and, closed on a Saturday evening, that it opens Monday', () => {
    // Saturday 7 June 2031, 5 pm in Brisbane: the sales yard closed at 4.
    const email = ack(
      bayside,
      1011,
      {
        category: 'General Enquiry',
        name: 'Sam',
        email: 'sam@example.com',
        message: 'Do you take trade-ins?',
      },
      '2031-06-07T07:00:00Z',
    );
    expect(email.to).toBe('sam@example.com');
    expect(email.from).toBe(FROM);
    expect(email.replyTo).toBe('sales@baysidemazda.example');
    expect(email.subject).toBe('We have your General Enquiry - Bayside Mazda');
    expect(email.text.split('\n\n')).toEqual([
      'Hi Sam,',
      'Thank you for contacting Bayside Mazda. Your General Enquiry has reached Bayside Mazda.',
      'You wrote: “Do you take trade-ins?”',
      'Our sales team at Bayside Mazda Sales will answer you by email or phone (07 5550 1100, sales@baysidemazda.example).',
      'Bayside Mazda Sales: Closed now · opens 8:30am Mon.',
      'Lead reference: 5b0c7f0e-8d7e-4a53-9d38-6a1f0c5a1f00',
      'Bayside Mazda, through the Bayside Mazda website',
    ]);
    expect(email.html).toContain('<p>Bayside Mazda Sales: Closed now · opens 8:30am Mon.</p>');
  });

  it('a service booking is answered by the service desk it names, open now until noon on a Saturday', () => {
    const email = ack(
      bayside,
      1011,
      {
        category: 'Service Booking',
        name: 'Lee',
        email: 'lee@example.com',
        location: 'bayside-mazda-service',
      },
      '2031-06-07T00:00:00Z',
    );
    expect(email.replyTo).toBe('service@baysidemazda.example');
    expect(email.text).toContain(
      'Our service team at Bayside Mazda Service will answer you by email or phone (07 5550 1150, service@baysidemazda.example).',
    );
    expect(email.text).toContain('Bayside Mazda Service: Open now · closes 12pm.');
  });

  it('the holiday hours count: on Christmas Day a Sydney yard closed for two days opens on the Sunday', () => {
    // Friday 25 December 2026, noon in Sydney; Brookvale is closed the 25th and 26th (its special hours).
    const email = ack(
      harbour,
      1021,
      { category: 'General Enquiry', email: 'ali@example.com', message: '<b>Hi</b> & bye' },
      '2026-12-25T01:00:00Z',
    );
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain('Harbour Toyota Brookvale: Closed now · opens 10am Sun.');
    expect(email.html).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; bye');
    expect(email.html).not.toContain('<b>Hi</b>');
  });
});

describe.each(testDrivers('acknowledgements'))('the acknowledgements’ outbox on $name', (driver) => {
  let store: TestStore;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = new Date();
  beforeEach(() => {
    clock = new Date(Date.now() + 1000);
  });
  beforeAll(async () => {
    smtp = await startSmtp();
    store = await driver.open();
    db = store.db;
    await seedAccountCars(db);
  });
  afterAll(async () => {
    await store?.cleanup();
    await smtp?.close();
  });
  const smtpMailer = () => createMailer({ smtpUrl: smtp.url, outbox: '' });
  const acks = (mailer: Mailer = smtpMailer()) =>
    new LeadAcknowledgements({ db, sites, mailer, from: FROM, now: () => clock });
  const enquiry = (payload: Record<string, unknown> = {}) =>
    createLead(db, {
      siteId: 101,
      dealershipId: 1011,
      carId: CARS.baysideInStock,
      payload: {
        category: 'Vehicle Enquiry',
        name: 'Sam',
        email: 'sam@example.com',
        phone: '0400 111 222',
        message: 'Still there?',
        ...payload,
      } as LeadUserData,
      idempotencyKey: null,
    });
  const toShopper = (before: number, email = 'sam@example.com') =>
    smtp.received
      .slice(before)
      .map(readMail)
      .filter((mail) => mail.header('to') === email);

  it('the shopper gets one acknowledgement per lead, text and HTML, naming the car they asked about', async () => {
    const { leadId } = await enquiry();
    const before = smtp.received.length;
    expect(await acks().runOnce()).toBe(1);
    expect(await acks().runOnce()).toBe(0);
    const [mail] = toShopper(before);
    expect(mail?.header('subject')).toBe('We have your Vehicle Enquiry - Bayside Mazda');
    expect(mail?.header('reply-to')).toBe('sales@baysidemazda.example');
    expect(mail?.parts.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(mail?.parts[0]?.body).toContain(
      'Your Vehicle Enquiry about the 2022 Mazda CX-5 Maxx 9001 (stock ',
    );
    expect(mail?.parts[0]?.body).toContain(`Lead reference: ${leadId}`);
    // A later version of the lead (the shopper's next step) is the dealer's news, not a new acknowledgement.
    await updateLead(db, 101, leadId, { category: 'Vehicle Enquiry', subcategory: 'Test drive booked' });
    expect(await acks().runOnce()).toBe(0);
  });

  it('mail that is down costs the shopper nothing: the lead is stored and reaches the dealer, the acknowledgement follows when mail is back', async () => {
    const down: Mailer = {
      target: 'down',
      send: () => Promise.reject(new Error('421 Service not available')),
    };
    const { leadId } = await enquiry({ email: 'kim@example.com' });
    expect(await acks(down).runOnce()).toBe(0);
    expect(
      await new LeadDelivery({ db, sites, mailer: smtpMailer(), from: FROM, now: () => clock }).runOnce(),
    ).toBeGreaterThanOrEqual(1);
    expect((await pendingDeliveries(db)).some((d) => d.lead_id === leadId)).toBe(false);
    const before = smtp.received.length;
    expect(await acks().runOnce()).toBe(0);
    clock = new Date(clock.getTime() + retryDelaySeconds(1) * 1000);
    expect(await acks().runOnce()).toBe(1);
    expect(toShopper(before, 'kim@example.com')).toHaveLength(1);
  });

  it('an acknowledgement refused on every try is given up after its tries and reported', async () => {
    const down: Mailer = { target: 'down', send: () => Promise.reject(new Error('550 No such user')) };
    const { leadId } = await enquiry({ email: 'gone@example.com' });
    const givenUp: string[] = [];
    const sender = new LeadAcknowledgements({
      db,
      sites,
      mailer: down,
      from: FROM,
      now: () => clock,
      onGiveUp: (outbox) => givenUp.push(outbox),
    });
    for (let attempt = 1; attempt <= ACKNOWLEDGEMENT_GIVE_UP_AFTER; attempt++) {
      await sender.runOnce();
      clock = new Date(clock.getTime() + retryDelaySeconds(attempt) * 1000);
    }
    expect(givenUp).toEqual(['Lead acknowledgement']);
    const { rows } = await db.query<{ given_up: boolean; last_error: string }>(
      `SELECT a.given_up_at IS NOT NULL AS given_up, a.last_error FROM lead_acknowledgements a WHERE a.lead_id = $1`,
      [leadId],
    );
    expect(rows[0]).toEqual({ given_up: true, last_error: '550 No such user' });
  });

  it('a reservation’s shopper gets its receipt, not an acknowledgement', async () => {
    await enquiry({ category: 'Reserve Online', email: 'res@example.com' });
    await enquiry({ category: 'Buy Online', email: 'res@example.com' });
    const before = smtp.received.length;
    await acks().runOnce();
    expect(toShopper(before, 'res@example.com')).toHaveLength(0);
  });
});
