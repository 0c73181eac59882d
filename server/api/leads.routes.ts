import type { Hono } from 'hono';
import type { Car } from '../../domain/car.ts';
import { submitLeadRequest } from '../../domain/contracts/leads.ts';
import { HONEYPOT_FIELD, type LeadUserData } from '../../domain/lead.ts';
import { SLOT_TAKEN_MESSAGE } from '../../domain/test-drive-slots.ts';
import type { AppEnv } from '../app-env.ts';
import { LEAD_BUCKET, type Limiter, limiterFor, rateLimit } from '../auth/rate-limit.ts';
import { claimLeadCv, claimsLeadCv, withoutCv } from '../careers/cv-uploads.ts';
import { localGeocoder } from '../geocoding/geocoder.ts';
import { emailLinkOrigin } from '../mail/link-origin.ts';
import { attachCareersCv } from '../store/careers-cvs.repo.ts';
import { getCarById } from '../store/cars.repo.ts';
import { createLead, leadIdByKey, SlotTakenError, updateLead } from '../store/leads.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { checkLeadForm, checkLeadUpdate } from './lead-forms.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the leads' limiter (one per server by default). */
export interface LeadRouteOptions {
  limiter?: Limiter;
}

/** An `Idempotency-Key`: up to 200 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** A careers enquiry's CV could not be claimed: thrown to roll the lead's transaction back. */
class CvRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

type Checked = { ok: true; dealershipId: number; car: Car | null } | { ok: false; response: Response };

/**
 * Whose lead it is: the car's dealership when it is about a car (a car of this site that its website
 * shows and that is not sold), else the dealership of the location it names, else the dealership the
 * form chose, else the site's only one
 * (`locations-forms-tradein-site.md` §5: the dealership is required when the site has more than one).
 */
async function checkOwner(c: ApiContext, deps: ApiDeps, data: LeadUserData): Promise<Checked> {
  const site = c.get('site');
  const ids = site.dealerships.map((d) => d.id);
  if (data.car_id) {
    const car = await getCarById(deps.db, ids, data.car_id);
    if (!car?.show_on_dealer_website) {
      return {
        ok: false,
        response: apiError(c, 404, 'car_not_found', 'No such car on this site', {
          car_id: 'No such car on this site',
        }),
      };
    }
    if (car.status === 'sold' || car.sold) {
      return {
        ok: false,
        response: apiError(c, 409, 'car_unavailable', 'This car has been sold', {
          car_id: 'This car has been sold',
        }),
      };
    }
    return { ok: true, dealershipId: car.dealership_id, car };
  }
  // A form that names a location (a service booking, a test drive, a location's contact form)
  // belongs to that location's dealership.
  const location =
    typeof data.location === 'string' ? site.locations.find((l) => l.slug === data.location) : undefined;
  const atLocation = location && site.dealerships.find((d) => d.slug === location.dealership_slug);
  if (atLocation) return { ok: true, dealershipId: atLocation.id, car: null };
  if (data.dealership_slug) {
    const chosen = site.dealerships.find((d) => d.slug === data.dealership_slug);
    if (!chosen) {
      const message = 'Please choose one of our dealerships';
      return {
        ok: false,
        response: apiError(c, 422, 'dealership_required', message, { dealership_slug: message }),
      };
    }
    return { ok: true, dealershipId: chosen.id, car: null };
  }
  const only = site.dealerships.length === 1 ? site.dealerships[0] : undefined;
  if (!only) {
    const message = 'Please choose a dealership';
    return {
      ok: false,
      response: apiError(c, 422, 'dealership_required', message, { dealership_slug: message }),
    };
  }
  return { ok: true, dealershipId: only.id, car: null };
}

/**
 * The lead API (issue 15 item 5; contract in `domain/contracts/leads.ts`): a lead is checked against
 * the resolved site (its car, its dealership), stored with its delivery job (and a careers enquiry's
 * CV) in one transaction, and acknowledged with its `lead_id` only after COMMIT. With `userData.lead_id` it updates that lead.
 * Same-origin, a JSON body and the body limit are inherited; a per-address rate limit and a honeypot
 * field keep bots out; an `Idempotency-Key` sent again answers the same lead.
 */
export function leadsRoutes(deps: ApiDeps, options: LeadRouteOptions = {}): Hono<AppEnv> {
  const limiter = options.limiter ?? limiterFor(deps, LEAD_BUCKET, 'leads');
  const geocoder = deps.geocoder ?? localGeocoder();
  const now = deps.now ?? (() => new Date());
  return apiRouter(
    serve(
      submitLeadRequest,
      async (c, { body }) => {
        if (body[HONEYPOT_FIELD]) {
          return apiError(c, 422, 'rejected', 'This form could not be sent', {
            [HONEYPOT_FIELD]: 'Leave this field empty',
          });
        }
        const key = c.req.header('idempotency-key') ?? null;
        if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
          return apiError(c, 400, 'invalid_request', 'The Idempotency-Key header is not valid', {
            'Idempotency-Key': 'Up to 200 visible characters',
          });
        }
        const site = c.get('site');
        if (key !== null) {
          // A retried submission answers its lead before anything is checked again: its test-drive
          // time is taken by now, by itself.
          const earlier = await leadIdByKey(deps.db, site.id, key);
          if (earlier) return { lead_id: earlier };
        }
        const data = body.userData;
        if (data.lead_id) {
          // A later step changes only what its flow allows, in a lead of its own flow on this site;
          // whose lead it is and where it went stay as they were (issue 31 item 6).
          const update = checkLeadUpdate(body);
          if (!update.ok) return apiError(c, update.status, update.code, update.message, update.fields);
          const updated = await updateLead(deps.db, site.id, update.leadId, update.changes);
          if (!updated) {
            return apiError(c, 404, 'lead_not_found', 'No such lead on this site', {
              lead_id: 'No such lead',
            });
          }
          return { lead_id: updated.leadId };
        }
        // The form's own rules first, so a shopper reads the form's messages (§5) under its fields.
        const form = await checkLeadForm(site, body, { db: deps.db, geocoder, now: now() });
        if (!form.ok) return apiError(c, form.status, form.code, form.message, form.fields);
        const owner = await checkOwner(c, deps, data);
        if (!owner.ok) return owner.response;
        // The lead, its careers CV (one this site stored lately and no other lead used, issue 37
        // item 9) and its delivery job are stored in one transaction, or nothing is: a lead that fails
        // to store leaves its CV free for the shopper's resend. The lead goes in first, so a retry with
        // the same key that arrives while the first is storing waits on the key's unique index and
        // answers the first's lead instead of finding its CV taken.
        const claimsCv = claimsLeadCv(body.form, data);
        try {
          const { leadId } = await deps.db.transaction(async (tx) => {
            const stored = await createLead(tx, {
              siteId: site.id,
              dealershipId: owner.dealershipId,
              carId: owner.car?.id ?? null,
              payload: { ...(claimsCv ? data : withoutCv(data)), ...form.extra } as LeadUserData,
              idempotencyKey: key,
              booking: form.booking,
              origin: emailLinkOrigin(c),
            });
            if (!stored.created || !claimsCv) return stored;
            const cv = await claimLeadCv(tx, site.id, body.form, data, now());
            if (!cv.ok) throw new CvRefused(cv.message, cv.fields);
            if (cv.cv) await attachCareersCv(tx, site.id, cv.cv.id, stored.leadId);
            return stored;
          });
          return { lead_id: leadId };
        } catch (error) {
          if (error instanceof CvRefused) {
            return apiError(c, 422, 'invalid_form', error.message, error.fields);
          }
          if (!(error instanceof SlotTakenError)) throw error;
          return apiError(c, 409, 'slot_taken', SLOT_TAKEN_MESSAGE, { dateTime: SLOT_TAKEN_MESSAGE });
        }
      },
      [rateLimit(limiter, 'leads')],
    ),
  );
}
