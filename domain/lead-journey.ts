import { z } from 'zod/mini';

/**
 * The shopper's way through the site (`search-detail-finance-watchlist.md` §3 userData
 * `lead_attributes`: visited_pages and linked_query_params), kept for the visit across the app's own
 * navigations and reloads (issue 31 item 18): the pages, oldest first, and the campaign parameters
 * of every address on the way. Its own module, small, since the app's shell records it on every page.
 */

/** Bounds of a journey (the lead route applies the same to `lead_attributes`). */
export const JOURNEY_LIMITS = {
  /** Pages kept, the newest. */
  visitedPages: 50,
  /** Characters of a page's path. */
  page: 2000,
  /** Linked parameters kept. */
  linkedParams: 20,
  /** Characters of a linked parameter's value. */
  value: 200,
} as const;

/** The query parameters a lead carries from the addresses it came through (campaign tags and click ids). */
const LINKED_PARAM = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/;

/** A journey as the browser keeps it. */
export const leadJourneySchema = z.object({
  visited_pages: z
    .array(z.string().check(z.maxLength(JOURNEY_LIMITS.page)))
    .check(z.maxLength(JOURNEY_LIMITS.visitedPages)),
  linked_query_params: z.record(
    z.string().check(z.maxLength(100)),
    z.string().check(z.maxLength(JOURNEY_LIMITS.value)),
  ),
});
/** The pages and linked parameters of a visit. */
export type LeadJourney = z.infer<typeof leadJourneySchema>;

/**
 * A journey one page further: the path added unless it is the page the journey is on (a listing's
 * filters change only its query), the oldest pages dropped beyond the bound; the address's linked
 * parameters kept, a later value over an earlier one, new names only while there is room.
 */
export function journeyThrough(journey: LeadJourney | null, path: string, search: string): LeadJourney {
  const pages = journey?.visited_pages ?? [];
  const page = path.slice(0, JOURNEY_LIMITS.page);
  const linked: Record<string, string> = { ...journey?.linked_query_params };
  for (const [name, value] of new URLSearchParams(search)) {
    if (!LINKED_PARAM.test(name)) continue;
    if (!(name in linked) && Object.keys(linked).length >= JOURNEY_LIMITS.linkedParams) continue;
    linked[name] = value.slice(0, JOURNEY_LIMITS.value);
  }
  return {
    visited_pages: pages.at(-1) === page ? pages : [...pages, page].slice(-JOURNEY_LIMITS.visitedPages),
    linked_query_params: linked,
  };
}
