import { z } from 'zod/mini';
import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import { fieldErrors } from '../../domain/auth.ts';
import type { LeadSubmission, LeadUserData } from '../../domain/lead.ts';
import { MODEL_TO_DRIVE, stockModelName } from '../../domain/service-booking.ts';
import {
  formSite,
  type SiteFormDefinition,
  siteForm,
  siteFormSchemaOf,
} from '../../domain/site-form-pages.ts';
import type { SiteFormId } from '../../domain/site-forms.ts';
import { isFreeSlot, SLOT_UNAVAILABLE_MESSAGE } from '../../domain/test-drive-slots.ts';
import { offerAcceptanceSchema, tradeInLeadSchema } from '../../domain/trade-in.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { type Geocoder, GeocoderUnavailableError, UNKNOWN_POSTCODE_MESSAGE } from '../geocoding/geocoder.ts';
import { listStockModels } from '../store/cars.repo.ts';
import type { Executor } from '../store/db.ts';
import { bookedSlots } from '../store/leads.repo.ts';
import { findValuation } from '../store/valuations.repo.ts';

/** What checking a form found: a refusal with its fields, or what the lead adds. */
export type FormCheck =
  | {
      ok: false;
      status: 409 | 422;
      code: 'invalid_form' | 'slot_taken';
      message: string;
      fields: Record<string, string>;
    }
  | {
      ok: true;
      /** The shopper's postcode's position and the model to drive's make and model, added to the stored lead. */
      extra: LeadExtra;
      booking: { locationSlug: string; slotStart: string } | null;
    };

/** The message of a form whose fields the server refused (the fields say which). */
export const INVALID_FORM_MESSAGE = 'Some fields need your attention';

const refuse = (
  fields: Record<string, string>,
  message = INVALID_FORM_MESSAGE,
): Extract<FormCheck, { ok: false }> => ({
  ok: false,
  status: 422,
  code: 'invalid_form',
  message,
  fields,
});

/**
 * Checks a lead against the site-wide form it names, with the same schema the browser used
 * (`domain/site-form-pages.ts`): the form's fields as the site shows them, its categories, its
 * locations and dealerships; then the postcode with the geocoder (§5 "Geocoding an unknown postcode
 * fails with 'Invalid postcode'"; a geocoder that cannot be reached does not cost the shopper the
 * lead); then a test drive's time against the location's free times, a service booking's preferred
 * time against the service centre's hours, and a general test drive's model against the stock.
 */
export async function checkLeadForm(
  site: SiteConfig,
  submission: LeadSubmission,
  deps: { db: Executor; geocoder: Geocoder; now: Date },
): Promise<FormCheck> {
  const data = submission.userData;
  if (submission.form === 'tradeIn') return checkTradeInLead(site, data, deps);
  const location = typeof data.location === 'string' ? data.location : undefined;
  const form = siteForm(formSite(site, hasFeature(site, 'messageOptional')), submission.form, location);
  if (!form) {
    return submission.form === 'location'
      ? refuse({ location: 'Please choose one of our locations' })
      : refuse({ form: 'This site has no such form' }, 'This site has no such form');
  }
  const parsed = z.safeParse(siteFormSchemaOf(form), data);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));

  let extra: LeadExtra = {};
  if (form.schemaOptions.postcode && typeof data.postcode === 'string') {
    const located = await locatePostcode(deps.geocoder, data.postcode.trim());
    if (!located) return refuse({ postcode: UNKNOWN_POSTCODE_MESSAGE });
    extra = located;
  }
  if (form.schemaOptions.service) {
    if (!isWithinHours(site, data, deps.now)) {
      return refuse({ dateTime: SLOT_UNAVAILABLE_MESSAGE }, SLOT_UNAVAILABLE_MESSAGE);
    }
    // Stored as the checked number of km, however it was typed (`45,000`).
    if (typeof parsed.data.odometer === 'number') extra = { ...extra, odometer: parsed.data.odometer };
  }
  const model = await checkModelToDrive(site, submission, deps.db);
  if (!model.ok) return model.refusal;
  const booking = form.schemaOptions.booking ? await checkSlot(site, form, data, deps) : null;
  if (booking && !booking.ok) return booking.refusal;
  return { ok: true, extra: { ...extra, ...model.extra }, booking: booking?.booking ?? null };
}

/**
 * A service booking's preferred time (issue 37 item 8): one of the service centre's times — within
 * its hours, on an open day, not past nor sooner than the notice — whoever else asked for it.
 */
function isWithinHours(site: SiteConfig, data: LeadUserData, now: Date): boolean {
  const location = site.locations.find((l) => l.slug === data.location && l.location_type === 'service');
  const start = typeof data.dateTime === 'string' ? new Date(data.dateTime) : null;
  if (!location || !start || Number.isNaN(start.getTime())) return false;
  return isFreeSlot(start.toISOString(), {
    openingHours: location.opening_hours,
    specialHours: location.special_hours,
    timeZone: STATE_TIME_ZONES[location.address.state],
    now,
    booked: new Set(),
  });
}

/**
 * A general test drive's model to drive (issue 37 item 8): one the site has for sale, whose make and
 * model the lead then carries apart (the ADF's vehicle); none chosen is fine. A test drive of one
 * car does not name a model.
 */
async function checkModelToDrive(
  site: SiteConfig,
  submission: LeadSubmission,
  db: Executor,
): Promise<{ ok: true; extra: LeadExtra } | { ok: false; refusal: FormCheck }> {
  const chosen = submission.userData[MODEL_TO_DRIVE.name];
  if (chosen === undefined || chosen === null || chosen === '') return { ok: true, extra: {} };
  const refusal = refuse({ [MODEL_TO_DRIVE.name]: MODEL_TO_DRIVE.message });
  if (submission.form !== 'testDrive' || submission.userData.car_id || typeof chosen !== 'string') {
    return { ok: false, refusal };
  }
  const models = await listStockModels(
    db,
    site.dealerships.map((d) => d.id),
  );
  const found = models.find((entry) => stockModelName(entry) === chosen.trim());
  return found
    ? { ok: true, extra: { vehicle_make: found.make, vehicle_model: found.model } }
    : { ok: false, refusal };
}

async function checkSlot(
  site: SiteConfig,
  _form: SiteFormDefinition,
  data: LeadUserData,
  deps: { db: Executor; now: Date },
): Promise<
  { ok: true; booking: { locationSlug: string; slotStart: string } } | { ok: false; refusal: FormCheck }
> {
  const location = site.locations.find((l) => l.slug === data.location);
  const start = typeof data.dateTime === 'string' ? new Date(data.dateTime) : null;
  if (!location || !start || Number.isNaN(start.getTime())) {
    return { ok: false, refusal: refuse({ dateTime: SLOT_UNAVAILABLE_MESSAGE }) };
  }
  const slotStart = start.toISOString();
  const free = isFreeSlot(slotStart, {
    openingHours: location.opening_hours,
    specialHours: location.special_hours,
    timeZone: STATE_TIME_ZONES[location.address.state],
    now: deps.now,
    booked: await bookedSlots(deps.db, site.id, location.slug, deps.now),
  });
  if (!free) {
    return {
      ok: false,
      refusal: {
        ok: false,
        status: 409,
        code: 'slot_taken',
        message: SLOT_UNAVAILABLE_MESSAGE,
        fields: { dateTime: SLOT_UNAVAILABLE_MESSAGE },
      },
    };
  }
  return { ok: true, booking: { locationSlug: location.slug, slotStart } };
}

/**
 * A trade-in lead (issue 16): Step Four's fields with the wizard's own rules, about a valuation this
 * site started, with its postcode geocoded like any form's.
 */
async function checkTradeInLead(
  site: SiteConfig,
  data: LeadUserData,
  deps: { db: Executor; geocoder: Geocoder },
): Promise<FormCheck> {
  const parsed = z.safeParse(tradeInLeadSchema, data);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));
  if (!(await findValuation(deps.db, site.id, parsed.data.EvalID))) {
    return refuse(
      { EvalID: 'This valuation has expired. Please start again.' },
      'This valuation has expired. Please start again.',
    );
  }
  const extra = await locatePostcode(deps.geocoder, parsed.data.postcode);
  if (!extra) return refuse({ postcode: UNKNOWN_POSTCODE_MESSAGE });
  return { ok: true, extra, booking: null };
}

/** The forms whose sent lead a later step may change, and all that step may send (§4). */
const LEAD_UPDATES: Partial<Record<SiteFormId, typeof offerAcceptanceSchema>> = {
  tradeIn: offerAcceptanceSchema,
};

/** What checking a later step found: a refusal with its fields, or the lead and what changes in it. */
export type UpdateCheck =
  | Extract<FormCheck, { ok: false }>
  | { ok: true; leadId: string; changes: Partial<LeadUserData> & { category: string } };

/**
 * Checks a later step of a form (a submission naming its `lead_id`) against what that form's flow
 * allows it to change — the trade-in's offer acceptance, nothing else — so an update cannot rewrite
 * a sent lead's contact details, car or location, nor re-route it (issue 31 item 6).
 */
export function checkLeadUpdate(submission: LeadSubmission): UpdateCheck {
  const schema = LEAD_UPDATES[submission.form];
  if (!schema) {
    return refuse({ lead_id: 'A lead sent from this form cannot be changed' });
  }
  const allowed = Object.keys(schema.shape);
  const extra = Object.keys(submission.userData).filter((key) => !allowed.includes(key));
  if (extra.length > 0) {
    return refuse(
      Object.fromEntries(extra.map((key) => [key, 'This cannot change once the lead is sent'])),
      'Only the offer’s acceptance can change a sent lead',
    );
  }
  const parsed = z.safeParse(schema, submission.userData);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));
  const { lead_id: leadId, ...changes } = parsed.data;
  return { ok: true, leadId, changes };
}

/** Where a lead's postcode is (added to the stored lead). */
type PostcodePosition = Partial<Record<'postcode_lat' | 'postcode_lng', number>>;
/** What the server adds to a stored lead: the postcode's position, a chosen model's make and model. */
type LeadExtra = PostcodePosition &
  Partial<Record<'vehicle_make' | 'vehicle_model', string> & Record<'odometer', number>>;

/**
 * A postcode's position, or null when the geocoder does not know it (§5 "Invalid postcode"). A
 * geocoder that cannot be reached does not cost the shopper the lead: no position, no refusal.
 */
async function locatePostcode(geocoder: Geocoder, postcode: string): Promise<PostcodePosition | null> {
  try {
    const point = await geocoder.postcode(postcode);
    return point ? { postcode_lat: point.lat, postcode_lng: point.lng } : null;
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) return {};
    throw error;
  }
}
