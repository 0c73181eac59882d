import type { LeadOrigin } from '../../domain/lead.ts';

/** The query parameters a lead carries from the page's URL (campaign tags and click ids). */
const LINKED = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/;

/**
 * Where a lead is sent from (`search-detail-finance-watchlist.md` §3 userData: url, user_agent,
 * lead_attributes.visited_pages and linked_query_params): the page, the browser, the page before it
 * on this site, and the campaign parameters of the URL. Null where there is no browser.
 */
export function leadOrigin(): LeadOrigin | null {
  if (typeof window === 'undefined') return null;
  const { location } = window;
  const visited = [location.pathname];
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer?.origin === location.origin && referrer.pathname !== location.pathname) {
      visited.unshift(referrer.pathname);
    }
  } catch {
    // An unreadable referrer adds nothing.
  }
  const linked: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (LINKED.test(name)) linked[name] = value.slice(0, 200);
  }
  return {
    url: location.href.slice(0, 2000),
    user_agent: navigator.userAgent.slice(0, 500),
    visited_pages: visited,
    linked_query_params: linked,
  };
}
