import type { Car } from '../../domain/car.ts';
import { possessive } from '../../domain/format.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { getCarById } from '../store/cars.repo.ts';
import { type Db, isoTimestamp } from '../store/db.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { customerName, leadToAdf } from './adf.ts';

/** A delivery job that is due, with its lead. */
interface DueJob {
  id: number;
  attempts: number;
  lead: StoredLead;
}

/** How long a failed delivery waits before the next try: 30 s, doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** What the worker needs. */
export interface LeadDeliveryDeps {
  db: Db;
  sites: readonly SiteConfig[];
  mailer: Mailer;
  /** The sender of lead emails (`LEADS_FROM`). */
  from: string;
  logger?: Logger;
  now?: () => Date;
}

/**
 * Hands stored leads to their dealers (issue 15 item 6). Each due job — every version of every lead
 * not yet delivered — is claimed with a lease (so two processes never send one job at once), sent
 * as an email with the lead's ADF/XML, and marked delivered; a failure is kept with its error and
 * tried again later (`retryDelaySeconds`), never dropped. Jobs live in the store, so a restart
 * resumes the queue. Delivery is at least once: a crash between sending and marking sends that
 * version again (the ADF id and sequence let a CRM see it is the same).
 */
export class LeadDelivery {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly deps: LeadDeliveryDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Claims up to `limit` due jobs, leasing each for five minutes. */
  private async claim(limit: number): Promise<DueJob[]> {
    const now = this.now();
    const lease = new Date(now.getTime() + 5 * 60_000);
    const { rows } = await this.deps.db.query<DueJob & { lead: StoredLead }>(
      `WITH due AS (
         SELECT id FROM lead_deliveries
          WHERE delivered_at IS NULL AND next_attempt_at <= $1
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE lead_deliveries d SET next_attempt_at = $3
         FROM due, leads l
        WHERE d.id = due.id AND l.lead_id = d.lead_id
       RETURNING d.id, d.attempts, json_build_object(
         'lead_id', l.lead_id, 'site_id', l.site_id, 'dealership_id', l.dealership_id,
         'car_id', l.car_id, 'category', l.category, 'subcategory', l.subcategory,
         'payload', l.payload, 'version', d.version, 'created_at', l.created_at) AS lead`,
      [now.toISOString(), limit, lease.toISOString()],
    );
    // Built as JSON, the lead's time is in JSON's form (`…T…+00:00`): the store's own is ISO in UTC.
    return rows.map((row) => ({
      ...row,
      lead: { ...row.lead, created_at: isoTimestamp(row.lead.created_at) },
    }));
  }

  private async deliver(job: DueJob): Promise<void> {
    const { lead } = job;
    const site = this.deps.sites.find((s) => s.id === lead.site_id);
    const dealership = site?.dealerships.find((d) => d.id === lead.dealership_id);
    if (!site || !dealership) throw new Error(`no site or dealership for lead ${lead.lead_id}`);
    const car: Car | null = lead.car_id ? await getCarById(this.deps.db, [dealership.id], lead.car_id) : null;
    const payload = lead.payload as Record<string, unknown>;
    const about = car ? ` about the ${car.name} (${car.stocknum})` : '';
    const who = customerName(payload) || 'A shopper';
    await this.deps.mailer.send({
      to: leadAddress(site, dealership, payload),
      from: this.deps.from,
      subject: `${lead.category}${about} - ${site.name} website`,
      text: [
        `${who} sent a ${lead.category}${lead.subcategory ? ` (${lead.subcategory})` : ''}${about} on ${possessive(site.name)} website.`,
        '',
        ...['name', 'last_name', 'email', 'phone', 'postcode', 'message']
          .filter((key) => typeof payload[key] === 'string' && payload[key] !== '')
          .map((key) => `${key}: ${String(payload[key])}`),
        '',
        `Lead ${lead.lead_id}, version ${lead.version}. The lead is attached in ADF/XML for your CRM.`,
      ].join('\n'),
      attachments: [
        {
          filename: 'lead.adf.xml',
          content: leadToAdf({ lead, car, site, dealership }),
          contentType: 'application/xml',
        },
      ],
      fileName: `${lead.lead_id}-v${lead.version}.eml`,
    });
  }

  /** Sends every job due now; resolves with how many were delivered. */
  runOnce(limit = 20): Promise<number> {
    this.running ??= this.run(limit).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(limit: number): Promise<number> {
    let delivered = 0;
    for (const job of await this.claim(limit)) {
      try {
        await this.deliver(job);
        await this.deps.db.query(
          'UPDATE lead_deliveries SET delivered_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1',
          [job.id, this.now().toISOString()],
        );
        delivered += 1;
      } catch (error) {
        const attempts = job.attempts + 1;
        const next = new Date(this.now().getTime() + retryDelaySeconds(attempts) * 1000);
        const reason = error instanceof Error ? error.message : String(error);
        await this.deps.db.query(
          'UPDATE lead_deliveries SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1',
          [job.id, attempts, next.toISOString(), reason.slice(0, 1000)],
        );
        this.deps.logger?.info('Lead not delivered; will retry', {
          lead_id: job.lead.lead_id,
          attempt: attempts,
          retry_at: next.toISOString(),
          reason,
        });
      }
    }
    return delivered;
  }

  /** Runs every `intervalMs` until `stop()`. */
  start(intervalMs = 2000): void {
    if (this.timer) return;
    const tick = () => {
      this.runOnce()
        .catch((error) => this.deps.logger?.error('Lead delivery failed', error))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

/**
 * Where a lead goes: the location it names (a service booking, a test drive, a location's contact
 * form) when that location has an email; else its dealership's first sales location's; else the
 * site's address. A group's Kia enquiry reaches the Kia yard, a service booking the service desk.
 */
export function leadAddress(
  site: Pick<SiteConfig, 'email' | 'locations'>,
  dealership: { slug: string },
  payload: Record<string, unknown>,
): string {
  const named = site.locations.find((l) => l.slug === payload.location && l.email);
  if (named?.email) return named.email;
  const sales = site.locations.find(
    (l) => l.dealership_slug === dealership.slug && l.location_type === 'sales' && l.email,
  );
  return sales?.email ?? site.email;
}
