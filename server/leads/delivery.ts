import type { Car } from '../../domain/car.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { CvLink } from '../careers/cv-links.ts';
import { type MailOutboxDeps, type Outbox, sendOutbox } from '../jobs/outbox.ts';
import { getCarById } from '../store/cars.repo.ts';
import { isoTimestamp } from '../store/db.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { isTradeIn, type TradeInPhotoLinks } from './adf.ts';
import { leadEmails } from './lead-email.ts';

/** A delivery job that is due, with its lead. */
interface DueJob {
  id: number;
  attempts: number;
  /** Whether a try before this one handed the CRM its email already. */
  crm_delivered: boolean;
  /** The site's address the lead was sent from, or null. */
  origin: string | null;
  lead: StoredLead;
}

/** How often the server looks for leads to deliver: every two seconds. */
export const LEAD_DELIVERY_INTERVAL_MS = 2000;

/**
 * What the sender needs: a mail outbox's, and what links a trade-in's photos (signed links that
 * expire); without it a trade-in's emails list no photos.
 */
export type LeadDeliveryDeps = MailOutboxDeps & {
  tradeInPhotos?: (
    site: SiteConfig,
    lead: StoredLead,
    origin: string | null,
  ) => Promise<TradeInPhotoLinks | undefined>;
  /** What links a careers enquiry's CV (a signed link that expires); without it no CV is linked. */
  careersCv?: (site: SiteConfig, lead: StoredLead, origin: string | null) => Promise<CvLink | undefined>;
};

/**
 * Hands stored leads to their dealers (issue 15 item 6) through the outbox helper: each due job —
 * every version of every lead not yet delivered — is claimed with a lease, sent as the dealer's two
 * emails (the ADF/XML as the body of one to its CRM intake, then the readable one to its sales team,
 * `Reply-To` the shopper: decision 123), and marked delivered; the CRM's email is recorded as it
 * goes, so a retry after the second failed does not send it again. A failure is kept with its error
 * and tried again later (`retryDelaySeconds`), never dropped. Jobs live in the store, so a restart resumes the queue.
 * Delivery is at least once: a crash between sending and marking sends that version again (the ADF
 * id and sequence let a CRM see it is the same). `startServer` runs it every two seconds (`every`).
 */
export class LeadDelivery {
  constructor(private readonly deps: LeadDeliveryDeps) {}

  /** Sends every job due now (up to `limit`); resolves with how many were delivered. */
  runOnce(limit = 20): Promise<number> {
    return sendOutbox(this.outbox(limit), this.deps);
  }

  private outbox(limit: number): Outbox<DueJob> {
    const { db } = this.deps;
    return {
      name: 'Lead',
      claim: (now, leaseUntil) => this.claim(now, leaseUntil, limit),
      attempts: (job) => job.attempts,
      send: (job) => this.deliver(job),
      sent: async (job, at) => {
        await db.query(
          'UPDATE lead_deliveries SET delivered_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1',
          [job.id, at.toISOString()],
        );
      },
      retry: async (job, { attempts, error, retryAt }) => {
        await db.query(
          'UPDATE lead_deliveries SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1',
          [job.id, attempts, retryAt.toISOString(), error],
        );
      },
      describe: (job) => ({ lead_id: job.lead.lead_id, version: job.lead.version }),
    };
  }

  /** Claims up to `limit` due jobs, leased until `leaseUntil`. */
  private async claim(now: Date, leaseUntil: Date, limit: number): Promise<DueJob[]> {
    const { rows } = await this.deps.db.query<DueJob & { lead: StoredLead }>(
      `WITH due AS (
         SELECT id FROM lead_deliveries
          WHERE delivered_at IS NULL AND next_attempt_at <= $1
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE lead_deliveries d SET next_attempt_at = $3
         FROM due, leads l
        WHERE d.id = due.id AND l.lead_id = d.lead_id
       RETURNING d.id, d.attempts, d.crm_delivered_at IS NOT NULL AS crm_delivered, l.origin, json_build_object(
         'lead_id', l.lead_id, 'site_id', l.site_id, 'dealership_id', l.dealership_id,
         'car_id', l.car_id, 'category', l.category, 'subcategory', l.subcategory,
         'payload', l.payload, 'version', d.version, 'created_at', l.created_at) AS lead`,
      [now.toISOString(), limit, leaseUntil.toISOString()],
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
    const tradeInPhotos =
      isTradeIn(lead) && this.deps.tradeInPhotos
        ? await this.deps.tradeInPhotos(site, lead, job.origin)
        : undefined;
    const careersCv = this.deps.careersCv ? await this.deps.careersCv(site, lead, job.origin) : undefined;
    const { crm, staff } = leadEmails({
      lead,
      car,
      site,
      dealership,
      from: this.deps.from,
      ...(tradeInPhotos ? { tradeInPhotos } : {}),
      ...(careersCv ? { careersCv } : {}),
    });
    if (crm && !job.crm_delivered) {
      await this.deps.mailer.send(crm);
      await this.deps.db.query('UPDATE lead_deliveries SET crm_delivered_at = $2 WHERE id = $1', [
        job.id,
        (this.deps.now?.() ?? new Date()).toISOString(),
      ]);
    }
    await this.deps.mailer.send(staff);
  }
}
