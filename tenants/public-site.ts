import { type PublicFeatures, publicFeatures } from './features.ts';
import type { SiteConfig } from './tenant.schema.ts';

/**
 * How the browser reaches search. In production it is Algolia itself (`host` null: the client's own
 * hosts); locally it is the server's own Algolia-compatible endpoint. `apiKey` is the site's secured
 * browser key, restricted to its dealerships; the parent and admin keys never leave the server.
 */
export interface SearchConnection {
  appId: string;
  apiKey: string;
  /** `host[:port]/path` for the embedded endpoint, or null for Algolia's own hosts. */
  host: string | null;
  protocol: 'http' | 'https';
  indices: {
    cars: string;
    models: string;
    items: string;
  };
  /** Replica per sort option (spec §9 "Sort options"). */
  replicas: {
    relevant: string;
    latest: string;
    priceDesc: string;
    priceAsc: string;
  };
}

/** The site config the browser may see (`GET /api/site`, and the page's boot block). */
export type PublicSite = Omit<SiteConfig, 'domains'> & {
  features: PublicFeatures;
  search_connection: SearchConnection;
};

/** Builds the public config of a site: its config, its evaluated browser switches, its search connection. */
export function toPublicSite(site: SiteConfig, connection: SearchConnection): PublicSite {
  const { domains: _domains, ...rest } = site;
  return { ...rest, features: publicFeatures(site), search_connection: connection };
}
