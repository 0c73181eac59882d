import type { LeadOrigin } from '../../domain/lead.ts';
import { journeyThrough, type LeadJourney } from '../../domain/lead-journey.ts';
import { browserSessionStorage } from '../storage/browser-storage.ts';
import { readLeadJourney } from './lead-journey.storage.ts';

/** Without a stored journey (storage off): the page before this one on this site, if the referrer says. */
function referredJourney(): LeadJourney | null {
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    return referrer?.origin === location.origin
      ? { visited_pages: [referrer.pathname], linked_query_params: {} }
      : null;
  } catch {
    return null;
  }
}

/**
 * Where a lead is sent from (`search-detail-finance-watchlist.md` §3 userData: url, user_agent,
 * lead_attributes.visited_pages and linked_query_params): the page, the browser, and the visit's
 * journey to it — the pages and the campaign parameters of every address on the way, as recorded on
 * each navigation (`lead-journey.storage.ts`, issue 31 item 18). Null where there is no browser.
 */
export function leadOrigin(): LeadOrigin | null {
  if (typeof window === 'undefined') return null;
  const { location } = window;
  const journey = journeyThrough(
    readLeadJourney(browserSessionStorage()) ?? referredJourney(),
    location.pathname,
    location.search,
  );
  return {
    url: location.href.slice(0, 2000),
    user_agent: navigator.userAgent.slice(0, 500),
    visited_pages: journey.visited_pages,
    linked_query_params: journey.linked_query_params,
  };
}
