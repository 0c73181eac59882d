import { z } from 'zod/mini';
import { auStateSchema } from './au-state.ts';
import { JOURNEY_LIMITS } from './lead-journey.ts';
import { rowIdSchema } from './row-id.ts';
import { SITE_FORM_IDS, type SiteFormId, shapeSubmission } from './site-forms.ts';

/**
 * A lead: what a shopper's form sends to the dealer (`search-detail-finance-watchlist.md` §3 "Lead
 * payload (userData)", §7 "Lead submission (shared helper)"; `locations-forms-tradein-site.md` §3
 * "Form submission payload"). The spec's known keys are typed; the form's own fields travel beside
 * them, bounded in number and size, since each form has its own (a trade-in's, a service booking's).
 * The same schema checks the browser's submission and the server's route (issue 15).
 */

/** Bounds of a submission (none are in the spec; each is far above what a form sends). */
export const LEAD_LIMITS = {
  /** Characters of one text value. */
  text: 5000,
  /** A form's own fields. */
  fields: 60,
  /** Characters of a field's name. */
  fieldName: 64,
  /** Pages in `lead_attributes.visited_pages`. */
  visitedPages: JOURNEY_LIMITS.visitedPages,
} as const;

/** A lead's id: a UUID (checked by pattern: the browser bundle carries no UUID validator for it). */
export const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name of the field that people never see and bots fill in (issue 15 item 5). */
export const HONEYPOT_FIELD = 'company_website';

const text = (max: number = LEAD_LIMITS.text) =>
  z.string().check(z.maxLength(max, `At most ${max} characters`));
const optionalText = (max?: number) => z.optional(z.nullable(text(max)));

/** A form field's value: text, a number, a yes/no, the options ticked, or nothing. */
const fieldValueSchema = z.nullable(
  z.union([text(), z.number(), z.boolean(), z.array(text(200)).check(z.maxLength(50, 'At most 50 options'))]),
);

/** The spec's `userData`, with the form's fields beside its known keys. */
export const leadUserDataSchema = z
  .catchall(
    z.object({
      category: text(100).check(z.minLength(1, 'Please choose a category')),
      subcategory: optionalText(100),
      /** Present when the lead already exists and this submission updates it. */
      lead_id: z.optional(z.nullable(z.string().check(z.regex(LEAD_ID, 'Not a lead id')))),
      url: optionalText(2000),
      source: optionalText(200),
      user_agent: optionalText(500),
      car_id: z.optional(z.nullable(rowIdSchema())),
      car_dealership_id: z.optional(z.nullable(rowIdSchema())),
      lead_attributes: z.optional(
        z.object({
          visited_pages: z.optional(
            z.array(text(2000)).check(z.maxLength(LEAD_LIMITS.visitedPages, 'Too many pages')),
          ),
          linked_query_params: z.optional(z.record(text(100), text(2000))),
        }),
      ),
      form_completed: z.optional(z.boolean()),
      offer_accepted: z.optional(z.boolean()),
      rego: optionalText(20),
      regoState: z.optional(z.nullable(auStateSchema)),
      adjustmentAnswers: z.optional(z.record(text(100), z.union([text(500), z.number(), z.boolean()]))),
      email: optionalText(254),
      phone: optionalText(40),
      name: optionalText(200),
      dealership_slug: optionalText(100),
      opt_in: z.optional(z.boolean()),
    }),
    fieldValueSchema,
  )
  .check(
    z.refine((data) => Object.keys(data).length <= LEAD_LIMITS.fields + 25, {
      message: `At most ${LEAD_LIMITS.fields} form fields`,
    }),
    z.refine((data) => Object.keys(data).every((key) => key.length <= LEAD_LIMITS.fieldName), {
      message: `Field names have at most ${LEAD_LIMITS.fieldName} characters`,
    }),
  );
/** A lead's `userData`. */
export type LeadUserData = z.infer<typeof leadUserDataSchema>;

/**
 * `POST /api/leads`'s body: the lead, the form it came from (whose rules the server checks again:
 * `domain/site-form-pages.ts`, the trade-in's in `domain/trade-in.ts`), whether this is the form's
 * last step, and the honeypot.
 */
export const leadSubmissionSchema = z.object({
  userData: leadUserDataSchema,
  /** Every lead names its form, whose rules the server applies (issue 31 item 6). */
  form: z.enum(SITE_FORM_IDS, 'Name the form this lead was sent from'),
  last_step: z.optional(z.boolean()),
  [HONEYPOT_FIELD]: z.optional(z.string()),
});
/** What a form submits. */
export type LeadSubmission = z.infer<typeof leadSubmissionSchema>;

/**
 * What a sent form leaves in the browser's storage (`locations-forms-tradein-site.md` §4 "stores the
 * success category in local storage"; `search-detail-finance-watchlist.md` §4 "stores the car and
 * category locally"), so `/success` can say what was sent and about which car.
 */
export const leadSuccessSchema = z.object({
  category: z.string().check(z.maxLength(100)),
  carName: z.nullable(z.string().check(z.maxLength(300))),
  carId: z.nullable(z.int()),
});
/** The last lead the shopper sent. */
export type LeadSuccess = z.infer<typeof leadSuccessSchema>;

/** Where a lead was sent from (§3 userData: url, user_agent, lead_attributes). */
export interface LeadOrigin {
  url: string;
  user_agent: string;
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

/** The §3 userData keys that say where a lead was sent from (none without a browser). */
export function originFields(origin: LeadOrigin | null) {
  if (!origin) return {};
  return {
    url: origin.url,
    user_agent: origin.user_agent,
    lead_attributes: { visited_pages: origin.visited_pages, linked_query_params: origin.linked_query_params },
  };
}

/**
 * The lead a site-wide form sends (§3 "Form submission payload", §5): its checked values shaped
 * (Careers Enquiry → General Enquiry / Career Enquiry, `_radio_options` dropped, ticked options in
 * `additional_services`), its category when the form has no select, and where it was sent from. Here,
 * beside the lead's schema, not with the forms' definitions (`site-form-pages.ts`): every lead is
 * sent through it, the trade-in's too, which shows none of those forms (issue 38 item 3).
 */
export function siteFormSubmission(
  form: { id: SiteFormId; category: string },
  values: Record<string, unknown>,
  origin: LeadOrigin | null,
): LeadSubmission {
  // The honeypot a bot filled travels beside the lead, where the server looks for it (issue 31 item 6).
  const { [HONEYPOT_FIELD]: honeypot, ...fields } = values;
  const shaped = shapeSubmission({ category: form.category, ...fields });
  return {
    form: form.id,
    last_step: true,
    userData: {
      ...shaped,
      category: String(shaped.category),
      source: 'website',
      form_completed: true,
      ...originFields(origin),
    } as LeadSubmission['userData'],
    ...(typeof honeypot === 'string' && honeypot !== '' ? { [HONEYPOT_FIELD]: honeypot } : {}),
  };
}
