import { alertDue } from '../../domain/saved-search.ts';
import { type MailOutboxDeps, type Outbox, sendOutbox } from '../jobs/outbox.ts';
import { carsByIds } from '../store/reservations.repo.ts';
import { digestEmail, type WaitingAlert } from './digest-email.ts';
import { forSale } from './match.ts';

/** What the sender needs: a mail outbox's, and the key that signs the unsubscribe links. */
export interface AlertDigestDeps extends MailOutboxDeps {
  /** Signs the unsubscribe links. */
  linkSecret: string;
}

/** The most alerts one email lists; more wait for the next one. */
const MAX_PER_EMAIL = 50;

/** One shopper's email: its alerts (at most `MAX_PER_EMAIL`). */
type ShopperAlerts = readonly WaitingAlert[];

/**
 * Sends the saved searches' alert emails (issue 19 item 2) from the alerts' outbox, `search_alerts`,
 * through the outbox helper: one email per shopper and period — an instant search's alerts at the
 * next sending, a daily search's once a day (`alertDue`) — listing every car of every saved search
 * that is due. Alerts are claimed with a lease (two processes never send one twice), marked sent
 * once the mail server took the email, and kept with the error for a later try when it did not (at
 * least once, as the leads).
 */
export class AlertDigests {
  constructor(private readonly deps: AlertDigestDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Sends every email due now; resolves with how many were sent. */
  async runOnce(): Promise<number> {
    const overflow: number[] = [];
    const sent = await sendOutbox(this.outbox(overflow), this.deps);
    // Alerts over one email's limit stay leased while the others are sent, then go in the next one.
    if (overflow.length > 0) {
      await this.deps.db.query('UPDATE search_alerts SET claimed_until = NULL WHERE id = ANY($1::bigint[])', [
        overflow,
      ]);
    }
    return sent;
  }

  private outbox(overflow: number[]): Outbox<ShopperAlerts> {
    const { db } = this.deps;
    const ids = (alerts: ShopperAlerts) => alerts.map((alert) => alert.id);
    return {
      name: 'Saved-search alert',
      claim: async (now, leaseUntil) => {
        const byShopper = new Map<number, WaitingAlert[]>();
        for (const alert of await this.claim(now, leaseUntil)) {
          const mine = byShopper.get(alert.user_id) ?? [];
          if (mine.length < MAX_PER_EMAIL) mine.push(alert);
          else overflow.push(alert.id);
          byShopper.set(alert.user_id, mine);
        }
        return [...byShopper.values()];
      },
      attempts: (alerts) => Math.max(...alerts.map((alert) => alert.attempts)),
      send: (alerts) => this.send(alerts),
      sent: async (alerts, at) => {
        await db.query(
          'UPDATE search_alerts SET sent_at = $2, claimed_until = NULL, attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])',
          [ids(alerts), at.toISOString()],
        );
      },
      retry: async (alerts, { error, retryAt }) => {
        await db.query(
          'UPDATE search_alerts SET claimed_until = $2, attempts = attempts + 1, last_error = $3 WHERE id = ANY($1::bigint[])',
          [ids(alerts), retryAt.toISOString(), error],
        );
      },
      describe: (alerts) => ({ user_id: alerts[0]?.user_id, alerts: alerts.length }),
    };
  }

  /** Claims the alerts due at `now`, leased until `leaseUntil`. */
  private async claim(now: Date, leaseUntil: Date): Promise<WaitingAlert[]> {
    return this.deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<WaitingAlert>(
        `SELECT a.id::int AS id, a.car_id, a.reason, a.price, a.previous_price, a.created_at, a.attempts,
                s.id AS saved_search_id, s.name, s.href, s.origin, s.frequency, s.user_id, u.email, u.site_id
         FROM search_alerts a JOIN saved_searches s ON s.id = a.saved_search_id JOIN users u ON u.id = s.user_id
         WHERE a.sent_at IS NULL AND s.frequency <> 'off' AND s.confirmed_at IS NOT NULL
           AND (a.claimed_until IS NULL OR a.claimed_until <= $1)
         ORDER BY a.id LIMIT 2000 FOR UPDATE OF a SKIP LOCKED`,
        [now.toISOString()],
      );
      const due = rows
        .map((row) => ({ ...row, created_at: new Date(row.created_at), price: Number(row.price) }))
        .filter((row) => alertDue(row.frequency, row.created_at, now));
      if (due.length > 0) {
        await tx.query('UPDATE search_alerts SET claimed_until = $2 WHERE id = ANY($1::bigint[])', [
          due.map((row) => row.id),
          leaseUntil.toISOString(),
        ]);
      }
      return due;
    });
  }

  private async send(alerts: ShopperAlerts): Promise<void> {
    const first = alerts[0] as WaitingAlert;
    const site = this.deps.sites.find((s) => s.id === first.site_id);
    if (!site) throw new Error(`no site ${first.site_id} for saved search ${first.saved_search_id}`);
    const cars = new Map(
      (await carsByIds(this.deps.db, [...new Set(alerts.map((a) => a.car_id))]))
        .filter(forSale)
        .map((car) => [car.id, car]),
    );
    const email = digestEmail(site, alerts, cars, {
      from: this.deps.from,
      linkSecret: this.deps.linkSecret,
      now: this.now(),
    });
    if (email) await this.deps.mailer.send(email);
  }
}
