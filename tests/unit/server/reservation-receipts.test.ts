import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/contracts/reserve.ts';
import { OUTBOX_LEASE_MS, retryDelaySeconds } from '../../../server/jobs/outbox.ts';
import { LeadDelivery } from '../../../server/leads/delivery.ts';
import { createLogger } from '../../../server/logger.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { ServerMetrics } from '../../../server/ops/metrics.ts';
import { localPaymentProvider } from '../../../server/payments/local.ts';
import { reservationsAdminRoutes } from '../../../server/reserve/admin.routes.ts';
import { startHoldSweep } from '../../../server/reserve/hold-sweep.ts';
import { receiptEmail } from '../../../server/reserve/receipt-email.ts';
import { ReservationReceipts } from '../../../server/reserve/receipts.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { listLeads } from '../../../server/store/leads.repo.ts';
import { openStore } from '../../../server/store/open-store.ts';
import { claimReceipts } from '../../../server/store/reservation-receipts.repo.ts';
import { claimCar, holdCar } from '../../../server/store/reservations.repo.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { startSmtp, textOf } from '../../fixtures/smtp-server.ts';
import { sampleCar } from '../store/sample-car.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { shopper } from './reserve-flow.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 34 item 5: the shopper is emailed when the hold starts (the car, the deposit authorised and
 * not taken, until when in the dealer's time, how to cancel), when it is released (the authorisation
 * cancelled, nothing taken) and when the sale is confirmed (the deposit taken) — each stored
 * with the change that causes it and sent over SMTP through a retrying outbox — and the dealer's lead
 * carries the payment reference.
 */
const sites = loadTenants();
const FROM = 'receipts@forecourt.test';
const BAYSIDE = 'bayside-mazda';
const ADMIN_TOKEN = 'admin-token-for-receipts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** Rows are due from the store's own now(): the senders' clock runs a second ahead, plus `later`. */
let later = 0;
const sendNow = () => new Date(Date.now() + 1000 + later);
beforeEach(() => {
  later = 0;
});

/** A received message with its header lines unfolded and its body decoded. */
interface Received {
  headers: string;
  text: string;
}
function messagesTo(address: string): Received[] {
  return smtp.received
    .map((raw) => {
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      return { headers: head.replace(/\r?\n(?=[ \t])/g, ''), text: textOf(body.join('\n\n')) };
    })
    .filter((message) => new RegExp(`^To: ${address}$`, 'm').test(message.headers));
}
const subjectOf = (message: Received | undefined) => /^Subject: (.*)$/m.exec(message?.headers ?? '')?.[1];

const car = (id: number) =>
  sampleCar(id, { slug: `2022-mazda-cx-5-receipt-${id}`, payment_processors: ['stripe'] });

describe.each(testDrivers('receipts'))('reservation receipts on $name', (driver) => {
  let store: TestStore;
  let db: Db;
  let server: AccountServer;
  /** The reservation's clock: holds last 48 hours from it. */
  const reserveClock = new Date('2026-11-26T01:00:00.000Z');
  beforeAll(async () => {
    store = await driver.open();
    db = store.db;
    await upsertCars(db, [8101, 8102, 8103, 8104, 8105].map(car));
    server = await startAccountServer(db, {
      limiter: roomyLimiter(),
      reserve: {
        payments: { stripe: localPaymentProvider(db) },
        now: () => reserveClock,
        carsChanged: async () => {},
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const sender = () =>
    new ReservationReceipts({
      db,
      sites,
      mailer: createMailer({ smtpUrl: smtp.url, outbox: '' }),
      from: FROM,
      now: sendNow,
    });
  /** The shopper's whole reservation: started, paid with the local test card, authorised → held. */
  const reserve = async (carId: number, email: string) => {
    const response = await shopper(server, BAYSIDE).reserve(
      carId,
      `receipt-${driver.name}-${carId}`,
      undefined,
      {
        customer: { name: 'Sam Shopper', email, phone: '0400 111 222' },
      },
    );
    expect(response.status).toBe(200);
    const held = response.json<Reservation>();
    expect(held.status).toBe('held');
    return { ...held, held_until: held.held_until ?? '' };
  };
  const paymentReferenceOf = async (leadId: string | null) => {
    const lead = (await listLeads(db, 101)).find((l) => l.lead_id === leadId);
    return (lead?.payload as Record<string, unknown> | undefined)?.payment_reference;
  };

  it('the hold starts: the shopper is emailed the car and its link, the deposit, until when in the dealer’s time, and how to cancel', async () => {
    const email = `held-${driver.name}@example.com`;
    const held = await reserve(8101, email);
    expect(await sender().runOnce()).toBeGreaterThanOrEqual(1);
    const [receipt, ...more] = messagesTo(email);
    expect(more).toEqual([]);
    expect(receipt?.headers).toMatch(/^From: "?Bayside Mazda"? <receipts@forecourt\.test>$/m);
    expect(subjectOf(receipt)).toBe(
      'Reserved: the 2022 Mazda CX-5 Maxx is held for you until 11am on Saturday 28 November 2026 (Brisbane time)',
    );
    const text = receipt?.text ?? '';
    expect(text).toContain('Hello Sam Shopper,');
    expect(text).toContain('2022 Mazda CX-5 Maxx (stock U8101)');
    expect(text).toContain(`http://${server.host(BAYSIDE)}/cars/2022-mazda-cx-5-receipt-8101`);
    expect(text).toContain('Held until: 11am on Saturday 28 November 2026 (Brisbane time)');
    expect(text).toContain('Deposit: $200, authorised on your card: held there, not taken');
    expect(text).toContain(
      'It is taken only if you go ahead and Bayside Mazda confirms the sale, towards the price. If the sale is not confirmed by then, the hold ends and the authorisation is cancelled: nothing is taken.',
    );
    expect(text).toContain(`Reservation number: ${held.reservation_id}`);
    const reference = await paymentReferenceOf(held.lead_id);
    expect(reference).toMatch(/^pi_local_[0-9a-f]{24}$/);
    expect(text).toContain(`Payment reference: ${String(reference)}`);
    expect(text).toContain(
      'To cancel your reservation, reply to this email, call Bayside Mazda on 07 5550 1100 or email sales@baysidemazda.example, quoting your reservation number.',
    );
    // A reply reaches the dealership, not the sending address.
    expect(receipt?.headers).toMatch(/^Reply-To: sales@baysidemazda\.example$/m);
    expect(text).toContain('1820 Wynnum Road, Wynnum West QLD 4178');
    // Sent once: the next run has nothing for this shopper.
    await sender().runOnce();
    expect(messagesTo(email)).toHaveLength(1);
  });

  it('the dealer’s lead carries the payment reference: in the stored lead, its email and its ADF/XML', async () => {
    const held = await reserve(8102, `lead-${driver.name}@example.com`);
    const reference = String(await paymentReferenceOf(held.lead_id));
    expect(reference).toMatch(/^pi_local_/);
    const before = smtp.received.length;
    await new LeadDelivery({
      db,
      sites,
      mailer: createMailer({ smtpUrl: smtp.url, outbox: '' }),
      from: FROM,
      now: sendNow,
    }).runOnce(1000);
    const raw = smtp.received.slice(before).find((message) => message.includes('U8102'));
    expect(raw).toBeDefined();
    const [, ...body] = (raw ?? '').split(/\r?\n\r?\n/);
    expect(textOf(body.join('\n\n'))).toContain(`payment_reference: ${reference}`);
    // The dealer's CRM gets the lead as ADF/XML (issue 36 item 1: Bayside's CRM intake address).
    const adf =
      messagesTo('adf@crm\\.baysidemazda\\.example')
        .map((message) => message.text)
        .find((text) => text.includes('U8102') && text.includes(`lead-${driver.name}@example.com`)) ?? '';
    expect(adf).toMatch(new RegExp(`<comments>[^<]*payment_reference: ${reference}[^<]*</comments>`));
  });

  it('the hold runs out: the shopper is told the car is no longer held, the authorisation cancelled and nothing taken', async () => {
    const email = `released-${driver.name}@example.com`;
    const held = await reserve(8103, email);
    const sweep = startHoldSweep(
      {
        db,
        payments: { stripe: localPaymentProvider(db) },
        sites,
        carsChanged: async () => {},
        now: () => new Date(Date.parse(held.held_until) + 1000),
      },
      { logger: { info: () => {}, error: () => {} }, intervalMs: 3_600_000 },
    );
    await sweep.sweepNow();
    await sweep.stop();
    await sender().runOnce();
    const released = messagesTo(email).find((m) => /has ended/.test(subjectOf(m) ?? ''));
    expect(subjectOf(released)).toBe('Your hold on the 2022 Mazda CX-5 Maxx has ended');
    expect(released?.text).toContain(
      'Your hold on the 2022 Mazda CX-5 Maxx (stock U8103) at Bayside Mazda ended at 11am on Saturday 28 November 2026 (Brisbane time) without a sale being confirmed, so the car is no longer held for you.',
    );
    expect(released?.text).toContain(
      'The $200 authorisation on your card has been cancelled: nothing was taken.',
    );
    expect(released?.text).not.toMatch(/refund/i);
    expect(released?.text).toContain(`http://${server.host(BAYSIDE)}/cars/2022-mazda-cx-5-receipt-8103`);
  });

  it('the dealer confirms the sale: the shopper is emailed that it is confirmed and the deposit taken towards the price', async () => {
    const email = `sold-${driver.name}@example.com`;
    const held = await reserve(8104, email);
    const response = await reservationsAdminRoutes({
      db,
      sites,
      adminToken: ADMIN_TOKEN,
      carsChanged: async () => {},
      // Confirmed an hour into the hold, on the reservation's own clock (a hold past its end is refused).
      now: () => new Date(reserveClock.getTime() + 60 * 60 * 1000),
    }).request('/reservations/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ tenant: BAYSIDE, reservation: held.reservation_id }),
    });
    expect(response.status).toBe(200);
    await sender().runOnce();
    const sold = messagesTo(email).find((m) => /^Sale confirmed/.test(subjectOf(m) ?? ''));
    expect(subjectOf(sold)).toBe('Sale confirmed: the 2022 Mazda CX-5 Maxx from Bayside Mazda');
    expect(sold?.text).toContain(
      'Bayside Mazda has confirmed the sale of the 2022 Mazda CX-5 Maxx (stock U8104) to you.',
    );
    expect(sold?.text).toContain(
      'Your $200 deposit has now been taken from the card it was authorised on, towards the price.',
    );
    expect(sold?.text).toContain(`Reservation number: ${held.reservation_id}`);
  });

  it('a refused email is kept and sent on a later try; the waiting gauge counts it until then', async () => {
    await sender().runOnce();
    /** The gauge as a fresh scrape reads it. */
    const waiting = async () => {
      const metrics = new ServerMetrics();
      metrics.watchStore(db, createLogger({ quiet: true }));
      return Number(
        /^forecourt_receipt_emails_waiting (\d+)$/m.exec(await metrics.text())?.[1] ?? Number.NaN,
      );
    };
    const email = `refused-${driver.name}@example.com`;
    await reserve(8105, email);
    expect(await waiting()).toBe(1);
    smtp.refuseNext(1);
    expect(await sender().runOnce()).toBe(0);
    expect(messagesTo(email)).toEqual([]);
    const { rows } = await db.query<{ attempts: number; last_error: string }>(
      `SELECT rr.attempts, rr.last_error FROM reservation_receipts rr
         JOIN reservations r ON r.id = rr.reservation_id WHERE r.car_id = 8105`,
    );
    expect(rows).toEqual([{ attempts: 1, last_error: expect.stringMatching(/451|busy/i) }]);
    // Not again before its retry is due, then sent once.
    expect(await sender().runOnce()).toBe(0);
    later += retryDelaySeconds(1) * 1000;
    expect(await sender().runOnce()).toBe(1);
    expect(messagesTo(email)).toHaveLength(1);
    expect(await waiting()).toBe(0);
  });
});

describe('the receipt of a group’s car', () => {
  it('names the car’s dealership, reached at its sales location, with the time in that location’s state', () => {
    const harbour = sites.find((site) => site.slug === 'harbour-auto-group');
    if (!harbour) throw new Error('no Harbour Auto Group');
    const email = receiptEmail({
      site: harbour,
      car: sampleCar(8301, { dealership_id: 1021, dealership_slug: 'harbour-toyota' }),
      from: FROM,
      receipt: {
        id: 1,
        kind: 'held',
        attempts: 0,
        origin: null,
        reservation_id: '00000000-0000-4000-8000-000000000001',
        site_id: harbour.id,
        dealership_id: 1021,
        car_id: 8301,
        amount_cents: 50_000,
        currency: 'aud',
        charge_id: 'pi_local_group',
        customer: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' },
        held_until: '2026-11-28T01:00:00.000Z',
      },
    });
    expect(email.subject).toBe(
      'Reserved: the 2022 Mazda CX-5 Maxx is held for you until 12pm on Saturday 28 November 2026 (Sydney time)',
    );
    expect(email.text).toContain('Deposit: $500, authorised on your card: held there, not taken');
    expect(email.text).toContain(
      'To cancel your reservation, reply to this email, call Harbour Toyota on 02 5550 2100 or email toyota@harbourautogroup.example',
    );
    expect(email.replyTo).toBe('toyota@harbourautogroup.example');
    expect(email.text).toContain('640 Pittwater Road, Brookvale NSW 2100');
    // Without the address the shopper reserved at, the link starts at the site's own domain.
    expect(email.text).toMatch(/^https:\/\/[a-z0-9.-]+\/cars\/2022-mazda-cx-5-maxx-8301$/m);
  });
});

describe('a crash between the change and its email loses nothing', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-receipts-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the hold’s receipt is in the store with the hold; a process started later sends it, and one claimed by a sender that died is sent when its lease ends', async () => {
    const first = await openStore({ dataDir });
    await upsertCars(first, [car(8201)]);
    const claim = await claimCar(first, {
      siteId: 101,
      dealershipId: 1011,
      carId: 8201,
      amountCents: 20_000,
      currency: 'aud',
      processor: 'stripe',
      idempotencyKey: 'crash-key-1',
      customer: { name: 'Robin Crash', email: 'crash@example.com', phone: '0400111222' },
      account: null,
      purchase: null,
      linkOrigin: 'https://www.baysidemazda.com.au',
    });
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    await holdCar(first, {
      id: claim.reservation.id,
      chargeId: 'pi_local_crash',
      heldUntil: new Date('2026-11-28T01:00:00.000Z'),
      linkOrigin: 'https://www.baysidemazda.com.au',
      lead: { siteId: 101, dealershipId: 1011, carId: 8201, payload: { category: 'Reserve Online' } },
    });
    // The process dies before its sender runs.
    await first.close();

    const second = await openStore({ dataDir });
    const waiting = await second.query<{ kind: string; sent_at: string | null }>(
      'SELECT kind, sent_at FROM reservation_receipts WHERE reservation_id = $1',
      [claim.reservation.id],
    );
    expect(waiting.rows).toEqual([{ kind: 'held', sent_at: null }]);
    // A sender claims it and dies mid-send: nobody sends it until the lease ends, then one does.
    const claimedAt = sendNow();
    expect(
      await claimReceipts(second, claimedAt, new Date(claimedAt.getTime() + OUTBOX_LEASE_MS), 10),
    ).toHaveLength(1);
    const restarted = new ReservationReceipts({
      db: second,
      sites,
      mailer: createMailer({ smtpUrl: smtp.url, outbox: '' }),
      from: FROM,
      now: sendNow,
    });
    expect(await restarted.runOnce()).toBe(0);
    later += OUTBOX_LEASE_MS + 1000;
    expect(await restarted.runOnce()).toBe(1);
    const [receipt, ...more] = messagesTo('crash@example.com');
    expect(more).toEqual([]);
    expect(receipt?.text).toContain('https://www.baysidemazda.com.au/cars/2022-mazda-cx-5-receipt-8201');
    expect(receipt?.text).toContain('Payment reference: pi_local_crash');
    await second.close();
  });
});
