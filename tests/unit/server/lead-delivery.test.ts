import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeadUserData } from '../../../domain/lead.ts';
import { tradeInLeadValues } from '../../../domain/trade-in.ts';
import { retryDelaySeconds } from '../../../server/jobs/outbox.ts';
import { LeadDelivery, type LeadDeliveryDeps } from '../../../server/leads/delivery.ts';
import { leadAddress, leadRecipients } from '../../../server/leads/lead-email.ts';
import { createMailer, type Mailer } from '../../../server/mail/mailer.ts';
import type { Db } from '../../../server/store/db.ts';
import { createLead, pendingDeliveries, updateLead } from '../../../server/store/leads.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { toPublicSite } from '../../../tenants/public-site.ts';
import { siteConfigSchema } from '../../../tenants/tenant.schema.ts';
import { testConnection } from '../../fixtures/public-site.ts';
import { startSmtp } from '../../fixtures/smtp-server.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { validateAdf } from './adf-dtd.ts';
import { type ReadMail, readMail } from './mail-parts.ts';
import { CARS, seedAccountCars } from './watchlist-test-server.ts';

/**
 * Issue 15 item 6, issue 36 item 1: every stored lead reaches its dealer, retried until it does — its
 * CRM intake receives the lead's ADF/XML as the whole body of an email, its sales team a readable
 * email (text and HTML) they answer with Reply, and every ADF document is valid by the ADF 1.0 DTD.
 */
const sites = loadTenants();
const FROM = 'leads@forecourt.test';
const BAYSIDE_CRM = 'adf@crm.baysidemazda.example';

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

/** A trade-in as the wizard sends it (`tradeInLeadValues`): a valued Corolla with an instant offer. */
const tradeInPayload = (offer: number | null, carId: number | null = null) =>
  tradeInLeadValues({
    record: {
      EvalID: 'EV-2031-7',
      VIN: 'JTNKU3JE60J012345',
      Make: 'Toyota',
      Model: 'Corolla',
      Series: 'ZRE182R',
      Variant: 'Ascent Sport',
      Year: 2019,
      Registration: '123ABC',
      Transmission: 'Automatic',
      OfferAmount: offer,
    },
    rego: { rego: '123ABC', state: 'qld' },
    details: {
      name: 'Jo',
      last_name: 'Trader',
      email: 'jo@example.com',
      phone: '0400 333 444',
      postcode: '4000',
      odometer: 45210,
      service_history: 'Full',
      number_of_keys: 2,
      car_condition: 'Good',
      comments: 'Small dent on the rear bumper',
    },
    carId,
    dealershipSlug: carId === null ? 'bayside-mazda' : null,
  }) as LeadUserData;

/** The messages the SMTP server took since `before`, read, by recipient. */
const mailSince = (before: number): Map<string, ReadMail> =>
  new Map(
    smtp.received.slice(before).map((raw) => {
      const mail = readMail(raw);
      return [mail.header('to') ?? '', mail];
    }),
  );

/** The one text part of an email that is not multipart (the CRM's). */
function bodyOf(mail: ReadMail | undefined): string {
  expect(mail?.type).toBe('text/plain');
  expect(mail?.parts).toHaveLength(1);
  return mail?.parts[0]?.body ?? '';
}

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
  const worker = (
    mailer: Mailer = createMailer({ smtpUrl: smtp.url, outbox: '' }),
    extra: Partial<LeadDeliveryDeps> = {},
  ) => new LeadDelivery({ db, sites, mailer, from: FROM, now: () => clock, ...extra });

  it('the CRM intake receives the lead as ADF/XML, the whole of a plain-text body, valid by the ADF 1.0 DTD', async () => {
    const { leadId } = await createLead(db, aboutTheCar);
    const before = smtp.received.length;
    expect(await worker().runOnce()).toBe(1);
    const crm = mailSince(before).get(BAYSIDE_CRM);
    expect(crm?.header('from')).toBe(FROM);
    expect(crm?.header('subject')).toMatch(/^Vehicle Enquiry about the 2022 Mazda CX-5 Maxx 9001/);
    const adf = bodyOf(crm);
    expect(adf.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    expect(adf.trimEnd().endsWith('</adf>')).toBe(true);
    expect(validateAdf(adf)).toEqual({ valid: true, errors: [] });
    expect(adf).toContain(`<id sequence="1" source="Forecourt">${leadId}</id>`);
    expect(adf).toMatch(
      /<vehicle interest="buy" status="used">\n<id source="Forecourt">9001<\/id>\n<year>2022<\/year>\n<make>Mazda<\/make>/,
    );
    expect(adf).toMatch(/<price type="asking" currency="AUD">\d+<\/price>/);
    expect(adf).toContain('<name part="full">Sam O&apos;Shopper</name>');
    expect(adf).toContain('<email>sam@example.com</email>');
    expect(adf).toContain('<postalcode>4000</postalcode>');
    expect(adf).toContain('Is it still &lt;available&gt; &amp; registered?');
    expect(adf).toContain('Test Drive Booking Date: 2026-12-01T10:00');
    expect(adf).toContain('<vendorname>Bayside Mazda</vendorname>');
    expect((await pendingDeliveries(db)).some((d) => d.lead_id === leadId)).toBe(false);
  });

  it('the sales team receives text and HTML with the same facts, from our sender, Reply-To the shopper', async () => {
    await createLead(db, aboutTheCar);
    const before = smtp.received.length;
    await worker().runOnce();
    const staff = mailSince(before).get('sales@baysidemazda.example');
    expect(staff?.header('from')).toBe(FROM);
    expect(staff?.header('reply-to')).toBe('sam@example.com');
    expect(staff?.type).toBe('multipart/alternative');
    expect(staff?.parts.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    const [text, html] = staff?.parts.map((part) => part.body) ?? [];
    for (const fact of ['Sam O', '0400 111 222', 'sam@example.com', '2022 Mazda CX-5 Maxx 9001']) {
      expect(text).toContain(fact);
      expect(html).toContain(fact);
    }
    expect(text).toContain('Message: Is it still <available> & registered?');
    expect(html).toContain('Is it still &lt;available&gt; &amp; registered?');
    expect(html).not.toContain('<available>');
    expect(text).toContain('Your CRM receives it in ADF/XML.');
    // The CRM has its own copy: the team's email carries no XML.
    expect(staff?.parts.some((part) => part.filename)).toBe(false);
  });

  it('a dealer with only its team’s address (no crm_intake) gets one email, the ADF attached as before', async () => {
    const metro = sites.find((s) => s.slug === 'metro-used');
    expect(metro?.crm_intake).toEqual({ email: null, dealerships: {}, locations: {} });
    const { leadId } = await createLead(db, {
      siteId: 104,
      dealershipId: 1041,
      carId: null,
      payload: {
        category: 'General Enquiry',
        name: 'Al',
        email: 'al@example.com',
        message: 'Open on Sunday?',
      },
      idempotencyKey: null,
    });
    const before = smtp.received.length;
    await worker().runOnce();
    const mail = mailSince(before);
    expect([...mail.keys()]).toEqual(['sales@metroused.example']);
    const staff = mail.get('sales@metroused.example');
    expect(staff?.header('reply-to')).toBe('al@example.com');
    const adf = staff?.parts.find((part) => part.filename === 'lead.adf.xml')?.body ?? '';
    expect(adf).toContain(leadId);
    expect(validateAdf(adf).valid).toBe(true);
    expect(staff?.parts.find((part) => part.type === 'text/plain')?.body).toContain(
      'The lead is attached in ADF/XML for your CRM.',
    );
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

  it('when the team’s email is refused after the CRM took its own, the retry does not send the CRM the lead twice', async () => {
    const { leadId } = await createLead(db, aboutTheCar);
    const real = createMailer({ smtpUrl: smtp.url, outbox: '' });
    let refuseTeam = 1;
    const mailer: Mailer = {
      target: real.target,
      send: (email) =>
        email.to === 'sales@baysidemazda.example' && refuseTeam-- > 0
          ? Promise.reject(new Error('451 Mailbox busy'))
          : real.send(email),
    };
    const before = smtp.received.length;
    const delivery = worker(mailer);
    expect(await delivery.runOnce()).toBe(0);
    clock = new Date(clock.getTime() + retryDelaySeconds(1) * 1000);
    expect(await delivery.runOnce()).toBe(1);
    const sent = smtp.received.slice(before).map((raw) => readMail(raw).header('to'));
    expect(sent).toEqual([BAYSIDE_CRM, 'sales@baysidemazda.example']);
    expect((await pendingDeliveries(db)).some((d) => d.lead_id === leadId)).toBe(false);
  });

  it('a worker started after a restart sends what the last one left, and an update is sent as its next version', async () => {
    const { leadId } = await createLead(db, aboutTheCar);
    await updateLead(db, 101, leadId, { category: 'Vehicle Enquiry', subcategory: 'Test drive booked' });
    const before = smtp.received.length;
    expect(await worker().runOnce()).toBe(2);
    const sequences = smtp.received
      .slice(before)
      .map(readMail)
      .filter((mail) => mail.header('to') === BAYSIDE_CRM)
      .map((mail) => bodyOf(mail).match(/sequence="(\d)"/)?.[1]);
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
    const files = readdirSync(outbox).filter((name) => name.startsWith(leadId));
    expect(files.sort()).toEqual([`${leadId}-v1.adf.eml`, `${leadId}-v1.eml`]);
    const adf = bodyOf(readMail(readFileSync(join(outbox, `${leadId}-v1.adf.eml`), 'utf8')));
    expect(adf).toContain(leadId);
    expect(adf).toContain('<comments>No particular vehicle: General Enquiry</comments>');
    expect(validateAdf(adf).valid).toBe(true);
  });

  it('a trade-in’s car is its own vehicle block — make, model, year, odometer, VIN, rego, condition, the offer — with its photos as links', async () => {
    const { leadId } = await createLead(db, {
      siteId: 101,
      dealershipId: 1011,
      carId: null,
      payload: tradeInPayload(14500),
      idempotencyKey: null,
    });
    const photos = {
      urls: ['https://bayside.example/p/1?token=a', 'https://bayside.example/p/2?token=b'],
      expiresAt: new Date('2031-06-21T00:00:00Z'),
    };
    const before = smtp.received.length;
    await worker(undefined, {
      tradeInPhotos: async (site, lead) => (site.id === 101 && lead.lead_id === leadId ? photos : undefined),
    }).runOnce();
    const mail = mailSince(before);
    const adf = bodyOf(mail.get(BAYSIDE_CRM));
    expect(validateAdf(adf)).toEqual({ valid: true, errors: [] });
    const block = adf.match(/<vehicle interest="trade-in" status="used">[\s\S]*?<\/vehicle>/)?.[0] ?? '';
    expect(block).toContain('<id source="Forecourt valuation">EV-2031-7</id>');
    expect(block).toContain('<id source="Rego QLD">123ABC</id>');
    expect(block).toContain('<year>2019</year>');
    expect(block).toContain('<make>Toyota</make>');
    expect(block).toContain('<model>Corolla</model>');
    expect(block).toContain('<vin>JTNKU3JE60J012345</vin>');
    expect(block).toContain('<odometer units="km">45210</odometer>');
    expect(block).toContain('<condition>good</condition>');
    expect(block).toContain('<price type="appraisal" currency="AUD">14500</price>');
    expect(block).toContain(
      '<imagetag alttext="Trade-in photo 1">https://bayside.example/p/1?token=a</imagetag>',
    );
    expect(block).toContain('https://bayside.example/p/2?token=b');
    expect(block).toContain('links valid until 2031-06-21');
    // With no car to buy, the trade-in is the lead's one vehicle.
    expect(adf.match(/<vehicle /g)).toHaveLength(1);
    const [text, html] = mail.get('sales@baysidemazda.example')?.parts.map((part) => part.body) ?? [];
    for (const fact of [
      '2019 Toyota Corolla ZRE182R Ascent Sport',
      '123ABC (QLD)',
      '45,210 km',
      'Good',
      '$14,500',
    ]) {
      expect(text).toContain(fact);
      expect(html).toContain(fact);
    }
    expect(html).toContain('<a href="https://bayside.example/p/2?token=b">');
  });
});

describe.each(testDrivers('adf'))('every lead kind’s ADF is valid by the ADF 1.0 DTD on $name', (driver) => {
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
  const person = { name: 'Kim', email: 'kim@example.com', phone: '0400 555 666', postcode: '4000' };
  const kinds: [string, number | null, Record<string, unknown>][] = [
    ['an enquiry about a car', CARS.baysideInStock, { category: 'Vehicle Enquiry', message: 'Still there?' }],
    ['a test drive', CARS.baysideInStock, { category: 'Test Drive', dateTime: '2031-06-09T00:00:00.000Z' }],
    [
      'a finance application',
      CARS.baysideInStock,
      { category: 'Finance Enquiry', subcategory: 'Pre-Approval' },
    ],
    [
      'a finance enquiry about no car',
      null,
      { category: 'Finance Enquiry', message: 'How much could I borrow?' },
    ],
    ['a trade-in with an offer', null, tradeInPayload(9000)],
    [
      'a trade-in with no offer online, towards a car',
      CARS.baysideInStock,
      tradeInPayload(null, CARS.baysideInStock),
    ],
    ['a reservation', CARS.baysideInStock, { category: 'Reserve Online', payment_reference: 'pi_123' }],
    [
      'a purchase online',
      CARS.baysideInStock,
      { category: 'Buy Online', pay_with: 'finance', trade_in: true },
    ],
    [
      'a service booking',
      null,
      { category: 'Service Booking', location: 'bayside-mazda-service', Rego: 'ABC123' },
    ],
    [
      'a contact form',
      null,
      { category: 'General Enquiry', message: 'Emoji 🚗, control \u0007 and <tags> & "quotes"' },
    ],
    ['a phone-only lead', null, { category: 'General Enquiry', email: undefined }],
  ];
  it.each(kinds)('%s', async (_kind, carId, fields) => {
    await createLead(db, {
      siteId: 101,
      dealershipId: 1011,
      carId,
      payload: { ...person, ...fields } as unknown as LeadUserData,
      idempotencyKey: null,
    });
    const before = smtp.received.length;
    await new LeadDelivery({
      db,
      sites,
      mailer: createMailer({ smtpUrl: smtp.url, outbox: '' }),
      from: FROM,
      now: () => clock,
    }).runOnce();
    const crm = smtp.received
      .slice(before)
      .map(readMail)
      .filter((mail) => mail.header('to') === BAYSIDE_CRM);
    expect(crm).toHaveLength(1);
    expect(validateAdf(bodyOf(crm[0]))).toEqual({ valid: true, errors: [] });
  });
});

describe('the DTD check', () => {
  it('refuses what the ADF 1.0 DTD does not allow (a prospect without a vehicle, elements out of order)', () => {
    const checked = validateAdf(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<adf><prospect><requestdate>2031-06-07T06:00:00.000Z</requestdate>',
        '<customer><contact><name>Sam</name></contact></customer>',
        '<vendor><contact><name>Bayside Mazda</name><phone>07 5550 1100</phone></contact></vendor>',
        '</prospect></adf>',
      ].join('\n'),
    );
    expect(checked.valid).toBe(false);
    expect(checked.errors.join('\n')).toMatch(/Element prospect content does not follow the DTD/);
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

  it('its CRM intake: the location’s, else the dealership’s, else the site’s; the team’s address as before', () => {
    expect(
      leadRecipients(harbour, { slug: 'harbour-toyota' }, { location: 'harbour-toyota-service' }),
    ).toEqual({
      staff: 'service@harbourautogroup.example',
      crm: 'adf.service@crm.harbourautogroup.example',
    });
    expect(leadRecipients(harbour, { slug: 'harbour-kia' }, {})).toEqual({
      staff: 'kia@harbourautogroup.example',
      crm: 'adf.kia@crm.harbourautogroup.example',
    });
    expect(leadRecipients(harbour, { slug: 'harbour-hyundai' }, {})).toEqual({
      staff: 'hyundai@harbourautogroup.example',
      crm: 'adf@crm.harbourautogroup.example',
    });
  });

  it('the CRM intake addresses never reach the browser (a way to write into the dealer’s CRM)', () => {
    const connection = {
      appId: 'x',
      apiKey: 'x',
      host: null,
      protocol: 'https' as const,
      indices: { cars: 'c', models: 'm', items: 'i' },
      replicas: { relevant: 'r', latest: 'l', priceDesc: 'd', priceAsc: 'a', priceDrop: 'p' },
    };
    const published = JSON.stringify(toPublicSite(harbour, connection));
    expect(published).not.toContain('crm_intake');
    expect(published).not.toContain('adf@crm.harbourautogroup.example');
    expect(published).toContain('kia@harbourautogroup.example');
  });

  it('a dealer’s own search synonyms stay with the search engine: the browser’s site has none', () => {
    const withWords = { ...harbour, search: { ...harbour.search, synonyms: [['ranger', 'wildtrak']] } };
    const published = toPublicSite(withWords, testConnection);
    expect(published.search.synonyms).toEqual([]);
    expect(JSON.stringify(published)).not.toContain('wildtrak');
    expect(published.search.path).toBe(harbour.search.path);
  });

  it('a site file without crm_intake still loads; one naming a dealership or location it lacks is refused', () => {
    const { crm_intake: _crm, ...input } = harbour;
    expect(siteConfigSchema.parse(input).crm_intake).toEqual({ email: null, dealerships: {}, locations: {} });
    const wrong = siteConfigSchema.safeParse({
      ...input,
      crm_intake: {
        dealerships: { 'harbour-ford': 'adf@crm.example' },
        locations: { nowhere: 'x@crm.example' },
      },
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'crm_intake.dealerships.harbour-ford',
      'crm_intake.locations.nowhere',
    ]);
  });
});
