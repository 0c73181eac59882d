import type { Car } from '../../domain/car.ts';
import { SAVED_SEARCHES_PATH, UNSUBSCRIBE_PATH } from '../../domain/content-pages.ts';
import { oneClickUnsubscribeEndpoint } from '../../domain/contracts/saved-searches.ts';
import { formatPrice } from '../../domain/format.ts';
import { type AlertFrequency, type AlertReason, alertDue } from '../../domain/saved-search.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { retryDelaySeconds } from '../leads/delivery.ts';
import type { Logger } from '../logger.ts';
import type { Email, Mailer } from '../mail/mailer.ts';
import type { Db } from '../store/db.ts';
import { carsByIds } from '../store/reservations.repo.ts';
import { forSale } from './match.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** An alert waiting for its email, with its saved search and shopper. */
export interface WaitingAlert {
  id: number;
  car_id: number;
  reason: AlertReason;
  price: number;
  previous_price: number | null;
  created_at: Date;
  attempts: number;
  saved_search_id: number;
  name: string;
  href: string;
  origin: string;
  frequency: AlertFrequency;
  user_id: number;
  email: string;
  site_id: number;
}

/** What the sender needs. */
export interface AlertDigestDeps {
  db: Db;
  sites: readonly SiteConfig[];
  mailer: Mailer;
  /** The sender of emails to shoppers (`LEADS_FROM`). */
  from: string;
  /** Signs the unsubscribe links. */
  linkSecret: string;
  logger?: Logger;
  now?: () => Date;
}

/** The most alerts one email lists; more wait for the next one. */
const MAX_PER_EMAIL = 50;

/**
 * One shopper's alert email: for each saved search, its cars — name, price, what changed and a link
 * — then the search's own link and an unsubscribe link that works without signing in.
 */
export function digestEmail(
  site: SiteConfig,
  alerts: readonly WaitingAlert[],
  cars: ReadonlyMap<number, Car>,
  options: { from: string; linkSecret: string; now: Date },
): Email | null {
  const first = alerts[0];
  if (!first) return null;
  const bySearch = new Map<number, WaitingAlert[]>();
  for (const alert of alerts) {
    if (!cars.has(alert.car_id)) continue;
    bySearch.set(alert.saved_search_id, [...(bySearch.get(alert.saved_search_id) ?? []), alert]);
  }
  if (bySearch.size === 0) return null;
  const shown = [...bySearch.values()].flat();
  const drops = shown.filter((alert) => alert.reason === 'price_drop').length;
  const lines: string[] = [`Hello,`, '', `News for your saved searches at ${site.name}:`];
  for (const searchAlerts of bySearch.values()) {
    const search = searchAlerts[0] as WaitingAlert;
    lines.push('', `“${search.name}”`);
    for (const alert of searchAlerts) {
      const car = cars.get(alert.car_id) as Car;
      const change =
        alert.reason === 'price_drop' && alert.previous_price !== null
          ? `price dropped from ${formatPrice(alert.previous_price)} to ${formatPrice(alert.price)}`
          : `new, ${formatPrice(alert.price)}`;
      lines.push(`- ${car.name}: ${change}`, `  ${search.origin}/cars/${car.slug}`);
    }
    lines.push(
      `See every car for this search: ${search.origin}${search.href}`,
      `Stop emails for this search: ${search.origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(options.linkSecret, site.id, search.saved_search_id, options.now)}`,
    );
  }
  lines.push('', `Manage your saved searches: ${first.origin}${SAVED_SEARCHES_PATH}`, '', site.name);
  const count = shown.length;
  const subject =
    drops === count
      ? `${count === 1 ? 'A price drop' : `${count} price drops`} for your saved searches at ${site.name}`
      : `${count === 1 ? 'A car' : `${count} cars`} for your saved searches at ${site.name}`;
  // RFC 8058 one-click: the provider posts `List-Unsubscribe=One-Click` to this address, which stops
  // every search this email is about (issue 31 item 21).
  const oneClick = new URL(oneClickUnsubscribeEndpoint.path, first.origin);
  oneClick.searchParams.set(
    'token',
    unsubscribeToken(options.linkSecret, site.id, [...bySearch.keys()], options.now),
  );
  return {
    to: first.email,
    from: options.from,
    subject,
    text: lines.join('\n'),
    headers: {
      'List-Unsubscribe': `<${oneClick.href}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    fileName: `alert-${first.user_id}-${first.id}.eml`,
  };
}

/**
 * Sends the saved searches' alert emails (issue 19 item 2) from the alerts' outbox, `search_alerts`:
 * one email per shopper and period — an instant search's alerts at the next sending, a daily
 * search's once a day (`alertDue`) — listing every car of every saved search that is due. Alerts are
 * claimed with a lease (two processes never send one twice), marked sent once the mail server took
 * the email, and kept with the error for a later try when it did not (at least once, as the leads).
 */
export class AlertDigests {
  private running: Promise<number> | null = null;

  constructor(private readonly deps: AlertDigestDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Claims the alerts due now, leasing them for five minutes. */
  private async claim(): Promise<WaitingAlert[]> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<WaitingAlert>(
        `SELECT a.id::int AS id, a.car_id, a.reason, a.price, a.previous_price, a.created_at, a.attempts,
                s.id AS saved_search_id, s.name, s.href, s.origin, s.frequency, s.user_id, u.email, u.site_id
         FROM search_alerts a JOIN saved_searches s ON s.id = a.saved_search_id JOIN users u ON u.id = s.user_id
         WHERE a.sent_at IS NULL AND s.frequency <> 'off' AND (a.claimed_until IS NULL OR a.claimed_until <= $1)
         ORDER BY a.id LIMIT 2000 FOR UPDATE OF a SKIP LOCKED`,
        [now.toISOString()],
      );
      const due = rows
        .map((row) => ({ ...row, created_at: new Date(row.created_at), price: Number(row.price) }))
        .filter((row) => alertDue(row.frequency, row.created_at, now));
      if (due.length > 0) {
        await tx.query('UPDATE search_alerts SET claimed_until = $2 WHERE id = ANY($1::bigint[])', [
          due.map((row) => row.id),
          new Date(now.getTime() + 5 * 60_000).toISOString(),
        ]);
      }
      return due;
    });
  }

  private async send(alerts: readonly WaitingAlert[]): Promise<void> {
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

  /** Sends every email due now; resolves with how many were sent. */
  runOnce(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    const byShopper = new Map<number, WaitingAlert[]>();
    const overflow: number[] = [];
    for (const alert of await this.claim()) {
      const mine = byShopper.get(alert.user_id) ?? [];
      if (mine.length < MAX_PER_EMAIL) mine.push(alert);
      else overflow.push(alert.id);
      byShopper.set(alert.user_id, mine);
    }
    let sent = 0;
    for (const alerts of byShopper.values()) {
      const ids = alerts.map((alert) => alert.id);
      try {
        await this.send(alerts);
        await this.deps.db.query(
          'UPDATE search_alerts SET sent_at = $2, claimed_until = NULL, attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])',
          [ids, this.now().toISOString()],
        );
        sent += 1;
      } catch (error) {
        const attempts = Math.max(...alerts.map((alert) => alert.attempts)) + 1;
        const retryAt = new Date(this.now().getTime() + retryDelaySeconds(attempts) * 1000);
        await this.deps.db.query(
          'UPDATE search_alerts SET claimed_until = $2, attempts = attempts + 1, last_error = $3 WHERE id = ANY($1::bigint[])',
          [ids, retryAt.toISOString(), error instanceof Error ? error.message : String(error)],
        );
        this.deps.logger?.error('Sending a saved-search alert failed', error);
      }
    }
    // Alerts over one email's limit go in the next one.
    if (overflow.length > 0) {
      await this.deps.db.query('UPDATE search_alerts SET claimed_until = NULL WHERE id = ANY($1::bigint[])', [
        overflow,
      ]);
    }
    return sent;
  }
}
