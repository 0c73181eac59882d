import { z } from 'zod/mini';
import { CV_FIELD } from './careers-cv.ts';
import { formatNumber } from './format.ts';
import { MODEL_TO_DRIVE } from './service-booking.ts';

/**
 * The dealer console's leads inbox (issue 36 item 3): what the staff do with a lead once it has reached
 * them — its status and their notes — and the inbox's filters, as the list's address carries them.
 */

/** A lead's status, in the order a sale moves through them; every stored lead starts `new`. */
export const LEAD_STATUSES = ['new', 'contacted', 'appointment', 'sold', 'lost'] as const;
/** new, contacted, appointment, sold or lost. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** A status, as every boundary reads it. */
export const leadStatusSchema = z.enum(LEAD_STATUSES);

/** How the console names each status. */
export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  appointment: 'Appointment',
  sold: 'Sold',
  lost: 'Lost',
};

/** The most characters a note may have. */
export const LEAD_NOTE_MAX = 2000;
/** How many leads one page of the inbox lists. */
export const LEAD_PAGE_SIZE = 25;
/** The most leads one CSV export holds (the newest, when more match). */
export const LEAD_EXPORT_MAX = 5000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`)));
const optionalDate = () => z.optional(z.string().check(z.refine(isDate, 'Expected a date as YYYY-MM-DD')));

/**
 * The inbox's filters (every one optional): the lead's type (its category), status, dealership (slug),
 * the first and last day it arrived (`YYYY-MM-DD`, inclusive, in the site's time zone), and words found
 * in the shopper's name, email, phone or a trade-in's rego. The list's page address and the API's query
 * carry the same names, so a filtered list is a link.
 */
export const leadFiltersSchema = z.object({
  type: optionalText(100),
  status: z.optional(leadStatusSchema),
  dealership: optionalText(100),
  from: optionalDate(),
  to: optionalDate(),
  q: optionalText(100),
});
/** The inbox's filters. */
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

const FILTER_KEYS = ['type', 'status', 'dealership', 'from', 'to', 'q'] as const;

/**
 * The filters as they are read from an address's query (the console page's, an API call's): unknown or
 * malformed values are dropped, so a hand-edited link lists what it still can rather than failing.
 */
export function filtersFromQuery(query: Readonly<Record<string, string | undefined>>): LeadFilters {
  const filters: LeadFilters = {};
  for (const key of FILTER_KEYS) {
    const value = query[key]?.trim();
    if (!value) continue;
    const parsed = z.safeParse(leadFiltersSchema, { [key]: value });
    if (parsed.success) Object.assign(filters, parsed.data);
  }
  return filters;
}

/** The filters as query pairs in a fixed order, without the empty ones (for links and API calls). */
export function filtersToQuery(filters: LeadFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) query[key] = value;
  }
  return query;
}

/** Whether any filter is set (the empty inbox says "no leads yet" only when none is). */
export function isFiltered(filters: LeadFilters): boolean {
  return Object.keys(filtersToQuery(filters)).length > 0;
}

/** A page of the inbox asked for (the list's service's parameter): the filters and where it starts. */
export interface LeadInboxCall {
  filters: LeadFilters;
  /** The previous page's `next` cursor; null for the first page. */
  after: string | null;
}

/** A lead's status set (the service's parameter). */
export interface LeadStatusCall {
  leadId: string;
  status: LeadStatus;
}

/** A note added to a lead (the service's parameter). */
export interface LeadNoteCall {
  leadId: string;
  text: string;
}

/** A given-up delivery of a lead sent again (the service's parameter). */
export interface LeadResendCall {
  leadId: string;
  delivery: string;
}

/** What the console says when a note is sent empty. */
export const NOTE_REQUIRED_MESSAGE = 'Please write a note';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as the console shows a lead's times, in the dealer's time zone: `27 Nov 2026, 8:30 am`. */
export function formatLeadTime(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** A field the shopper sent as the lead page shows it: its label and its value, as text. */
export interface LeadFieldFact {
  label: string;
  value: string;
}

/**
 * How the lead page shows a field the shopper sent: a booking's time in the dealer's time zone, the
 * odometer in km, the model to drive by its label; the careers CV not at all (the page links to the
 * file); any other field by its name, as sent.
 */
export function leadFieldFact(
  field: { name: string; value: string },
  timeZone: string,
): LeadFieldFact | null {
  const { name, value } = field;
  if (name === CV_FIELD) return null;
  if (name === 'dateTime') {
    const at = new Date(value);
    return {
      label: 'Time asked for',
      value: Number.isNaN(at.getTime()) ? value : formatLeadTime(value, timeZone),
    };
  }
  if (name === 'odometer') {
    const km = Number(value.replace(/[\s,]/g, ''));
    return {
      label: 'Odometer',
      value: value !== '' && Number.isFinite(km) ? `${formatNumber(km)} km` : value,
    };
  }
  if (name === MODEL_TO_DRIVE.name) return { label: 'Model to drive', value };
  return { label: name, value };
}
