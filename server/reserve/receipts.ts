import { type MailOutboxDeps, type Outbox, sendOutbox } from '../jobs/outbox.ts';
import {
  claimReceipts,
  type DueReceipt,
  giveUpReceipt,
  markReceiptSent,
  retryReceipt,
} from '../store/reservation-receipts.repo.ts';
import { carsByIds } from '../store/reservations.repo.ts';
import { receiptEmail } from './receipt-email.ts';

/** How often the server looks for receipts to send: every two seconds, as for leads. */
export const RECEIPT_INTERVAL_MS = 2000;

/**
 * Tries before a receipt is given up: about five hours of retries (`retryDelaySeconds`). A receipt
 * much later than that would tell of a hold that may have ended since; the operator is told (decision 117).
 */
export const RECEIPT_GIVE_UP_AFTER = 12;

/** What the sender needs: a mail outbox's. */
export type ReservationReceiptsDeps = MailOutboxDeps;

/**
 * Sends the shoppers' reservation receipts (issue 34 item 5) from their outbox, `reservation_receipts`,
 * through the outbox helper: each row was stored in the transaction that held, released or sold the
 * car, so a crash before the send loses nothing; it is claimed with a lease, emailed, and marked sent,
 * or kept with its error for a later try, and given up after `RECEIPT_GIVE_UP_AFTER` tries (reported:
 * log line and `forecourt_deliveries_given_up_total{outbox="Reservation receipt"}`). At least once,
 * like leads and alerts. The email is built at send time from the reservation and the site's config.
 */
export class ReservationReceipts {
  constructor(private readonly deps: ReservationReceiptsDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Sends every receipt due now (up to `limit`); resolves with how many were sent. */
  runOnce(limit = 20): Promise<number> {
    return sendOutbox(this.outbox(limit), this.deps);
  }

  private outbox(limit: number): Outbox<DueReceipt> {
    const { db } = this.deps;
    return {
      name: 'Reservation receipt',
      claim: (now, leaseUntil) => claimReceipts(db, now, leaseUntil, limit),
      attempts: (receipt) => receipt.attempts,
      send: (receipt) => this.send(receipt),
      sent: (receipt, at) => markReceiptSent(db, receipt.id, at),
      retry: (receipt, failure) => retryReceipt(db, receipt.id, failure),
      giveUp: (receipt, failure) => giveUpReceipt(db, receipt.id, failure, this.now()),
      giveUpAfter: RECEIPT_GIVE_UP_AFTER,
      describe: (receipt) => ({ reservation_id: receipt.reservation_id, receipt: receipt.kind }),
    };
  }

  private async send(receipt: DueReceipt): Promise<void> {
    const site = this.deps.sites.find((s) => s.id === receipt.site_id);
    if (!site) throw new Error(`no site ${receipt.site_id} for reservation ${receipt.reservation_id}`);
    const [car] = await carsByIds(this.deps.db, [receipt.car_id]);
    await this.deps.mailer.send(receiptEmail({ receipt, site, car: car ?? null, from: this.deps.from }));
  }
}
