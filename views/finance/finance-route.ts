import { FINANCE_PATHS, PERSONALISED_FINANCE_PATH } from '../../domain/finance-application.ts';
import type { PublicSite } from '../../tenants/public-site.ts';

/**
 * The dealer's own finance route when `path` is another finance route (it moves there with its
 * query, §2 "site dependent"), and the dealer's own for `/personalised/finance` on a dealer without
 * the personalised flow; null where the page stays.
 */
export function movedTo(site: PublicSite, path: string, search: string): string | null {
  const bare = path.replace(/\/$/, '') || '/';
  const own = site.finance.path;
  const query = search ? `?${search}` : '';
  if (bare === PERSONALISED_FINANCE_PATH) return site.features.personalisedFlow ? null : `${own}${query}`;
  return (FINANCE_PATHS as readonly string[]).includes(bare) && bare !== own ? `${own}${query}` : null;
}
