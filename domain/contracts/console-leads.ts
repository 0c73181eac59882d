import { z } from 'zod/mini';
import { LEAD_ID } from '../lead.ts';
import {
  filtersToQuery,
  LEAD_NOTE_MAX,
  type LeadFilters,
  leadFiltersSchema,
  leadStatusSchema,
  NOTE_REQUIRED_MESSAGE,
} from '../lead-inbox.ts';
import { type Endpoint, urlOf, withRequest } from './endpoint.ts';

/**
 * The dealer console's leads inbox (issue 36 item 3): a site's leads for any signed-in member of its
 * staff (`staff: 'sales'`), never another site's — another site's lead id is not found.
 */

/** A dealership as a filter offers it. */
export const inboxDealershipSchema = z.object({ slug: z.string(), name: z.string() });
/** A dealership in a filter. */
export type InboxDealership = z.infer<typeof inboxDealershipSchema>;

/** One lead as the list shows it. */
export const inboxLeadSchema = z.object({
  lead_id: z.string(),
  created_at: z.string(),
  category: z.string(),
  subcategory: z.nullable(z.string()),
  status: leadStatusSchema,
  dealership: inboxDealershipSchema,
  /** The shopper's name as they gave it (first and last), or empty. */
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** A trade-in's registration, when the lead has one. */
  rego: z.nullable(z.string()),
  /** The car the lead is about, by name, or null. */
  car: z.nullable(z.string()),
});
/** A lead in the list. */
export type InboxLead = z.infer<typeof inboxLeadSchema>;

/** A page of the list, newest first, and what its filters offer. */
export const leadInboxSchema = z.object({
  leads: z.array(inboxLeadSchema),
  /** The cursor of the next (older) page, or null on the last. */
  next: z.nullable(z.string()),
  /** The lead types (categories) this site has received, for the type filter. */
  types: z.array(z.string()),
  dealerships: z.array(inboxDealershipSchema),
  /** The dealer's time zone, which the console shows times in. */
  time_zone: z.string(),
});
/** A page of the inbox. */
export type LeadInbox = z.infer<typeof leadInboxSchema>;

/** One field the shopper sent, as text. */
export const leadFieldSchema = z.object({ name: z.string(), value: z.string() });

/**
 * One recipient of a lead's emails: its CRM intake (the ADF), its sales team, or the shopper's
 * acknowledgement; each with its outcome, how many tries, the last error and when.
 */
export const leadDeliverySchema = z.object({
  /** What `resend` names it by: `lead-<version>` (CRM and team) or `acknowledgement`. */
  key: z.string(),
  recipient: z.enum(['crm', 'team', 'shopper']),
  address: z.nullable(z.string()),
  /** The lead version it carries (the CRM's and the team's emails go once per version). */
  version: z.nullable(z.int()),
  outcome: z.enum(['sent', 'waiting', 'given_up']),
  attempts: z.int(),
  /** When it was sent or given up; when it is next tried while waiting. */
  at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  /** Whether it may be queued again (only one that was given up). */
  can_resend: z.boolean(),
});
/** A delivery of a lead. */
export type LeadDelivery = z.infer<typeof leadDeliverySchema>;

/** A note on a lead. */
export const leadNoteSchema = z.object({
  id: z.int(),
  staff_name: z.string(),
  text: z.string(),
  at: z.string(),
});
/** A note. */
export type LeadNote = z.infer<typeof leadNoteSchema>;

/** A lead's page: everything the shopper sent, its visit, its ADF, deliveries, status and notes. */
export const leadDetailSchema = z.object({
  lead_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.int(),
  category: z.string(),
  subcategory: z.nullable(z.string()),
  status: leadStatusSchema,
  status_changed_at: z.nullable(z.string()),
  dealership: inboxDealershipSchema,
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  car: z.nullable(z.object({ id: z.int(), name: z.string(), stock_number: z.nullable(z.string()) })),
  /** Every field the shopper's form sent, in the order it sent them (the visit apart). */
  fields: z.array(leadFieldSchema),
  /** The visit: the pages seen before sending, and the campaign parameters the visit came with. */
  visit: z.object({
    pages: z.array(z.string()),
    params: z.array(leadFieldSchema),
  }),
  /** The ADF/XML document its CRM receives (of its latest version). */
  adf: z.string(),
  deliveries: z.array(leadDeliverySchema),
  notes: z.array(leadNoteSchema),
  /** The dealer's time zone, which the console shows times in. */
  time_zone: z.string(),
  /** A careers enquiry's CV (its sanitised name and size), opened at `leadCvEndpoint` (issue 37 item 9). */
  cv: z.optional(z.nullable(z.object({ name: z.string(), size: z.int() }))),
});
/** A lead's page. */
export type LeadDetail = z.infer<typeof leadDetailSchema>;

const leadParams = () => z.object({ id: z.string().check(z.regex(LEAD_ID, 'Not a lead id')) });

/**
 * `GET /api/dealer/leads?type=&status=&dealership=&from=&to=&q=&after=`: the site's leads, newest
 * first, a page at a time (`after` is the previous page's `next`).
 */
export const leadInboxEndpoint = {
  method: 'GET',
  path: '/api/dealer/leads',
  answer: leadInboxSchema,
  staff: 'sales',
} as const satisfies Endpoint;
export const leadInboxRequest = withRequest(leadInboxEndpoint, () => ({
  query: z.extend(leadFiltersSchema, {
    after: z.optional(z.string().check(z.regex(/^\d{1,15}\.\d{1,10}$/, 'Not a page cursor'))),
  }),
}));

/**
 * `GET /api/dealer/leads/export?…filters`: the filtered list (every page, newest first, up to
 * `LEAD_EXPORT_MAX`) as a CSV attachment, its columns as `npm run leads -- --format csv` writes them.
 */
export const leadExportEndpoint = {
  method: 'GET',
  path: '/api/dealer/leads/export',
  answer: 'file',
  staff: 'sales',
} as const satisfies Endpoint;
export const leadExportRequest = withRequest(leadExportEndpoint, () => ({ query: leadFiltersSchema }));

/** The address of the filtered list's CSV, for the inbox's download link. */
export function leadExportHref(filters: LeadFilters): string {
  return urlOf(leadExportEndpoint.path, {}, filtersToQuery(filters));
}

/** `GET /api/dealer/leads/:id`: a lead's page. */
export const leadDetailEndpoint = {
  method: 'GET',
  path: '/api/dealer/leads/:id',
  answer: leadDetailSchema,
  staff: 'sales',
} as const satisfies Endpoint;
export const leadDetailRequest = withRequest(leadDetailEndpoint, () => ({ params: leadParams() }));

/** `GET /api/dealer/leads/:id/cv`: a careers enquiry's CV, as a download (issue 37 item 9). */
export const leadCvEndpoint = {
  method: 'GET',
  path: '/api/dealer/leads/:id/cv',
  answer: 'file',
  staff: 'sales',
} as const satisfies Endpoint;
export const leadCvRequest = withRequest(leadCvEndpoint, () => ({ params: leadParams() }));

/** `POST /api/dealer/leads/:id/status { status }`: sets its status; answers the lead's page. */
export const leadStatusEndpoint = {
  method: 'POST',
  path: '/api/dealer/leads/:id/status',
  answer: leadDetailSchema,
  staff: 'sales',
} as const satisfies Endpoint;
export const leadStatusRequest = withRequest(leadStatusEndpoint, () => ({
  params: leadParams(),
  body: z.object({ status: leadStatusSchema }),
}));

/** `POST /api/dealer/leads/:id/notes { text }`: adds a note by the signed-in member; answers the page. */
export const leadNoteEndpoint = {
  method: 'POST',
  path: '/api/dealer/leads/:id/notes',
  answer: leadDetailSchema,
  status: 201,
  staff: 'sales',
} as const satisfies Endpoint;
export const leadNoteRequest = withRequest(leadNoteEndpoint, () => ({
  params: leadParams(),
  body: z.object({
    text: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, NOTE_REQUIRED_MESSAGE),
        z.maxLength(LEAD_NOTE_MAX, `At most ${LEAD_NOTE_MAX} characters`),
      ),
  }),
}));

/**
 * `POST /api/dealer/leads/:id/resend { delivery }`: queues a delivery that was given up in its outbox
 * again (409 `not_given_up` for one that was sent or is still being tried); answers the page.
 */
export const leadResendEndpoint = {
  method: 'POST',
  path: '/api/dealer/leads/:id/resend',
  answer: leadDetailSchema,
  status: 202,
  staff: 'sales',
} as const satisfies Endpoint;
export const leadResendRequest = withRequest(leadResendEndpoint, () => ({
  errors: ['not_given_up'],
  params: leadParams(),
  body: z.object({
    delivery: z.string().check(z.regex(/^(acknowledgement|lead-\d{1,6})$/, 'Not a delivery')),
  }),
}));
