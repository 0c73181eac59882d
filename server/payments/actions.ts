import { type Outbox, sendOutbox } from '../jobs/outbox.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import {
  claimPaymentActions,
  type DuePaymentAction,
  giveUpPaymentAction,
  markPaymentActionDone,
  retryPaymentAction,
} from '../store/payment-actions.repo.ts';
import { type PaymentIntent, type PaymentProviders, PaymentUnavailableError } from './provider.ts';

/** How often the server looks for captures, cancels and refunds to send: every five seconds. */
export const PAYMENT_ACTION_INTERVAL_MS = 5000;

/**
 * Tries before an action is given up: with `retryDelaySeconds`, about five hours. An authorisation
 * lasts seven days at Stripe, so a cancel or a capture still standing after that is an operator's to
 * settle by hand (the reservation's payment is then `needs_attention`).
 */
export const PAYMENT_ACTION_GIVE_UP_AFTER = 12;

/** The outbox's name in reports and in `forecourt_deliveries_given_up_total{outbox=…}`. */
export const PAYMENT_ACTION_OUTBOX = 'Payment action';

export interface PaymentActionsDeps {
  db: Db;
  payments: PaymentProviders;
  logger?: Pick<Logger, 'info' | 'error'>;
  /** Told of each action given up (the metrics' counter). */
  onGiveUp?: (outbox: string) => void;
  now?: () => Date;
}

/** Whether the intent already stands where the action would put it (a try whose answer was lost). */
function alreadyDone(action: DuePaymentAction['action'], intent: PaymentIntent): boolean {
  if (action === 'capture') return intent.status === 'succeeded';
  if (action === 'cancel') return intent.status === 'canceled';
  return intent.refunded;
}

/**
 * Sends the payment actions the reservations owe the processors (issue 34 item 2; decision 120) —
 * a capture for a confirmed sale, a cancel for a hold or claim that ended, a refund — from their
 * outbox, `payment_actions`, through the outbox helper: each row was written in the transaction of
 * the change that needs it, so a crash loses none; it is claimed with a lease, sent with its
 * idempotency key (`capture-<reservation id>`…), and recorded done with the reservation's payment
 * state (captured, cancelled, refunded), or kept with its error for a later try. The intent is looked
 * up first, so an action whose answer was lost is recorded done rather than sent again. After
 * `PAYMENT_ACTION_GIVE_UP_AFTER` tries it is given up: the reservation's payment `needs_attention`,
 * an error log line naming the reservation, the intent and the action, and
 * `forecourt_deliveries_given_up_total{outbox="Payment action"}` — what an operator alerts on.
 */
export class PaymentActions {
  constructor(private readonly deps: PaymentActionsDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Sends every action due now (up to `limit`); resolves with how many were done. */
  runOnce(limit = 20): Promise<number> {
    return sendOutbox(this.outbox(limit), this.deps);
  }

  private outbox(limit: number): Outbox<DuePaymentAction> {
    const { db } = this.deps;
    return {
      name: PAYMENT_ACTION_OUTBOX,
      claim: (now, leaseUntil) => claimPaymentActions(db, now, leaseUntil, limit),
      attempts: (item) => item.attempts,
      send: (item) => this.send(item),
      sent: (item, at) => markPaymentActionDone(db, item, at),
      retry: (item, failure) => retryPaymentAction(db, item.id, failure),
      giveUp: (item, failure) => giveUpPaymentAction(db, item, failure, this.now()),
      giveUpAfter: PAYMENT_ACTION_GIVE_UP_AFTER,
      describe: (item) => ({
        reservation_id: item.reservation_id,
        intent_id: item.intent_id,
        action: item.action,
        processor: item.processor,
      }),
    };
  }

  private async send(item: DuePaymentAction): Promise<void> {
    const provider = this.deps.payments[item.processor];
    if (!provider) throw new PaymentUnavailableError(`no ${item.processor} provider on this server`);
    const intent = await provider.retrieveIntent(item.intent_id, item.account);
    if (alreadyDone(item.action, intent)) return;
    const key = `${item.action}-${item.reservation_id}`;
    if (item.action === 'capture') await provider.capture(item.intent_id, item.account, key);
    else if (item.action === 'cancel') await provider.cancel(item.intent_id, item.account, key);
    else await provider.refund(item.intent_id, item.account, key);
  }
}
