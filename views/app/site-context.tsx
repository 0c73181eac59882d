import { createContext, type ReactNode, useContext } from 'react';
import type { PublicSite } from '../../tenants/public-site.ts';

const SiteContext = createContext<PublicSite | null>(null);

/** Gives every view the current dealer site's public config. */
export function SiteProvider({ site, children }: { site: PublicSite; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The current dealer site's public config. */
export function useSite(): PublicSite {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs a <SiteProvider>');
  return site;
}
