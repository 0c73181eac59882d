import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Db } from '../store/db.ts';

/**
 * What a sender of one mail outbox needs (leads to dealers, alert emails and reservation receipts to
 * shoppers): the store its rows are in, the dealers' configs, the mailer and the sender address.
 */
export interface MailOutboxDeps {
  db: Db;
  sites: readonly SiteConfig[];
  mailer: Mailer;
  /** The sender of the emails (`LEADS_FROM`). */
  from: string;
  logger?: Logger;
  /** Told of each item given up (the metrics' counter). */
  onGiveUp?: (outbox: string) => void;
  now?: () => Date;
}

/**
 * One kind of outbox: rows in the store that wait to be sent (a lead's delivery to its dealer, a
 * shopper's alert email). The helper does the rest the same way for each.
 */
export interface Outbox<Item> {
  /** What reports call one of its items: 'Lead', 'Saved-search alert'. */
  name: string;
  /**
   * Claims the items due at `now`, leased until `leaseUntil` (two processes never send one at once;
   * a crash mid-send frees them when the lease ends).
   */
  claim(now: Date, leaseUntil: Date): Promise<Item[]>;
  /** How many tries the item had before this one. */
  attempts(item: Item): number;
  /** Sends it; rejects when it was not sent. */
  send(item: Item): Promise<void>;
  /** Records it sent, so it is never sent again. */
  sent(item: Item, at: Date): Promise<void>;
  /** Records a failed try: its count, its error, and when the next one is due. */
  retry(item: Item, failure: { attempts: number; error: string; retryAt: Date }): Promise<void>;
  /**
   * Records an item given up after `giveUpAfter` tries: it is never claimed again. An outbox without
   * it retries until sent (a lead is never dropped, decision 082).
   */
  giveUp?(item: Item, failure: { attempts: number; error: string }): Promise<void>;
  /** How many tries before giving up (with `giveUp`). */
  giveUpAfter?: number;
  /** What a report says of the item: its ids, never its content. */
  describe(item: Item): Record<string, unknown>;
}

/** How long a claim holds an item: five minutes. */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/** How long a failed item waits before the next try: 30 s, doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends what is due in one outbox (issue 32 item 6): claims the due items, sends each, and records it
 * sent, or failed with its error and the next try's time (`retryDelaySeconds`), or given up and
 * reported once it has had its tries. Delivery is at least once: a crash between sending and
 * recording sends the item again when its lease ends. Resolves with how many were sent.
 */
export async function sendOutbox<Item>(
  outbox: Outbox<Item>,
  options: {
    now?: () => Date;
    logger?: Pick<Logger, 'info' | 'error'>;
    /** Told of each item given up, by outbox name (`forecourt_deliveries_given_up_total`). */
    onGiveUp?: (outbox: string) => void;
  },
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const claimedAt = now();
  let sent = 0;
  for (const item of await outbox.claim(claimedAt, new Date(claimedAt.getTime() + OUTBOX_LEASE_MS))) {
    try {
      await outbox.send(item);
      await outbox.sent(item, now());
      sent += 1;
    } catch (failure) {
      const attempts = outbox.attempts(item) + 1;
      const error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
      if (outbox.giveUp && outbox.giveUpAfter !== undefined && attempts >= outbox.giveUpAfter) {
        await outbox.giveUp(item, { attempts, error });
        options.onGiveUp?.(outbox.name);
        options.logger?.error(`${outbox.name} not sent; given up`, {
          ...outbox.describe(item),
          attempts,
          error,
        });
        continue;
      }
      const retryAt = new Date(now().getTime() + retryDelaySeconds(attempts) * 1000);
      await outbox.retry(item, { attempts, error, retryAt });
      options.logger?.info(`${outbox.name} not sent; will retry`, {
        ...outbox.describe(item),
        attempt: attempts,
        retry_at: retryAt.toISOString(),
        reason: error,
      });
    }
  }
  return sent;
}
