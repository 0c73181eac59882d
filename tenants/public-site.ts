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
  /**
   * Logo URL by make name (the `make` facet's values), for the makes that have one
   * (`locations-forms-tradein-site.md` §3 "Make": `logo.url (may be null)`); a make missing here has
   * none and shows a text badge.
   */
  make_logos: MakeLogos;
  /** The dealer's promotions running now (`locations-forms-tradein-site.md` §4), for the listing's promo cards. */
  promotions: readonly PublicPromotion[];
};

/** A running promotion as the browser sees it: enough for a card linking to its page. */
export interface PublicPromotion {
  readonly id: number;
  readonly title: string;
  readonly description: string | null;
}

/** Logo URL by make name, only for makes with a logo. */
export type MakeLogos = Readonly<Record<string, string>>;

/**
 * Builds the public config of a site: its config, its evaluated browser switches, its search
 * connection, the make logos and the promotions running now (none unless given).
 */
export function toPublicSite(
  site: SiteConfig,
  connection: SearchConnection,
  makeLogos: MakeLogos = {},
  promotions: readonly PublicPromotion[] = [],
): PublicSite {
  const { domains: _domains, ...rest } = site;
  return {
    ...rest,
    features: publicFeatures(site),
    search_connection: connection,
    make_logos: makeLogos,
    promotions,
  };
}

/** The logos of the makes that have one, by make name. */
export function makeLogosOf(
  makes: readonly { readonly name: string; readonly logo: { readonly url: string | null } }[],
): MakeLogos {
  return Object.fromEntries(
    makes.flatMap((make) => (make.logo.url ? [[make.name, make.logo.url] as const] : [])),
  );
}
