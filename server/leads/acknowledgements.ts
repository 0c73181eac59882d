import type { Car } from '../../domain/car.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { type MailOutboxDeps, type Outbox, sendOutbox } from '../jobs/outbox.ts';
import { getCarById } from '../store/cars.repo.ts';
import { isoTimestamp } from '../store/db.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { acknowledgementEmail } from './ack-email.ts';

/** An acknowledgement that is due, with its lead. */
interface DueAcknowledgement {
  id: number;
  attempts: number;
  lead: StoredLead;
}

/** How often the server looks for acknowledgements to send: every two seconds, as for leads. */
export const ACKNOWLEDGEMENT_INTERVAL_MS = 2000;

/**
 * Tries before an acknowledgement is given up: about five hours of retries, as for reservation
 * receipts; a "we have your enquiry" much later than that tells the shopper nothing new.
 */
export const ACKNOWLEDGEMENT_GIVE_UP_AFTER = 12;

/**
 * Sends shoppers the acknowledgement of their leads (issue 36 item 1) from their outbox,
 * `lead_acknowledgements`: each row is written in the lead's own transaction, so storing a lead never
 * waits on mail and no stored lead loses its acknowledgement; it is claimed with a lease, emailed,
 * and marked sent, or kept with its error for a later try and given up after
 * `ACKNOWLEDGEMENT_GIVE_UP_AFTER` tries (reported as every outbox's are). The email is built at send
 * time, so "when we open next" is true when the shopper reads it.
 */
export class LeadAcknowledgements {
  constructor(
    private readonly deps: MailOutboxDeps & {
      /** The site with its special days from the store (`Backends.siteOf`, decision 128): "opens next" reads them. */
      siteOf?: (site: SiteConfig) => SiteConfig;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Sends every acknowledgement due now (up to `limit`); resolves with how many were sent. */
  runOnce(limit = 20): Promise<number> {
    return sendOutbox(this.outbox(limit), this.deps);
  }

  private outbox(limit: number): Outbox<DueAcknowledgement> {
    const { db } = this.deps;
    return {
      name: 'Lead acknowledgement',
      claim: (now, leaseUntil) => this.claim(now, leaseUntil, limit),
      attempts: (ack) => ack.attempts,
      send: (ack) => this.send(ack),
      sent: async (ack, at) => {
        await db.query(
          'UPDATE lead_acknowledgements SET sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1',
          [ack.id, at.toISOString()],
        );
      },
      retry: async (ack, { attempts, error, retryAt }) => {
        await db.query(
          'UPDATE lead_acknowledgements SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1',
          [ack.id, attempts, retryAt.toISOString(), error],
        );
      },
      giveUp: async (ack, { attempts, error }) => {
        await db.query(
          'UPDATE lead_acknowledgements SET attempts = $2, last_error = $3, given_up_at = $4 WHERE id = $1',
          [ack.id, attempts, error, this.now().toISOString()],
        );
      },
      giveUpAfter: ACKNOWLEDGEMENT_GIVE_UP_AFTER,
      describe: (ack) => ({ lead_id: ack.lead.lead_id }),
    };
  }

  /** Claims up to `limit` due acknowledgements, leased until `leaseUntil`, with their leads. */
  private async claim(now: Date, leaseUntil: Date, limit: number): Promise<DueAcknowledgement[]> {
    const { rows } = await this.deps.db.query<DueAcknowledgement>(
      `WITH due AS (
         SELECT id FROM lead_acknowledgements
          WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE lead_acknowledgements a SET next_attempt_at = $3
         FROM due, leads l
        WHERE a.id = due.id AND l.lead_id = a.lead_id
       RETURNING a.id, a.attempts, json_build_object(
         'lead_id', l.lead_id, 'site_id', l.site_id, 'dealership_id', l.dealership_id,
         'car_id', l.car_id, 'category', l.category, 'subcategory', l.subcategory,
         'payload', l.payload, 'version', l.version, 'created_at', l.created_at) AS lead`,
      [now.toISOString(), limit, leaseUntil.toISOString()],
    );
    return rows
      .map((row) => ({ ...row, lead: { ...row.lead, created_at: isoTimestamp(row.lead.created_at) } }))
      .sort((a, b) => a.id - b.id);
  }

  private async send(ack: DueAcknowledgement): Promise<void> {
    const { lead } = ack;
    const config = this.deps.sites.find((s) => s.id === lead.site_id);
    const site = config && this.deps.siteOf ? this.deps.siteOf(config) : config;
    const dealership = site?.dealerships.find((d) => d.id === lead.dealership_id);
    if (!site || !dealership) throw new Error(`no site or dealership for lead ${lead.lead_id}`);
    const car: Car | null = lead.car_id ? await getCarById(this.deps.db, [dealership.id], lead.car_id) : null;
    await this.deps.mailer.send(
      acknowledgementEmail({ lead, car, site, dealership, from: this.deps.from, now: this.now() }),
    );
  }
}
