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
    /** Issue 19 item 3: the most recent price drops first. */
    priceDrop: string;
  };
}

/** The site config the browser may see (`GET /api/site`, and the page's boot block): the dealer's domains, CRM intake addresses and payment account stay on the server. */
export type PublicSite = Omit<SiteConfig, 'domains' | 'crm_intake' | 'payments'> & {
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
  /**
   * The maker's models this dealer sells, by body type in the Range menu's order (suvs, utes, cars,
   * hybrids, sports, then the rest): empty for a dealer without a model range.
   */
  model_range: readonly RangeGroup[];
  /**
   * The dealer's logo from its folder (`tenants/<slug>/logo.svg`, `.png` or `.webp`; issue 35 item 5),
   * shown in the header in place of its name; null for a dealer without one, which shows its name.
   */
  logo: SiteLogo | null;
};

/** A dealer's logo: its versioned address on the dealer's own host and its intrinsic size in px. */
export interface SiteLogo {
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

/** One body type of the model range and its models (a model with two body types is in both). */
export interface RangeGroup {
  /** The body type's name as the maker writes it: `SUVs`, `Utes`… */
  readonly category: string;
  readonly models: readonly RangeModel[];
}

/** A model in the Range menu: its name (make and model), where its stock is listed, NEW or COMING SOON. */
export interface RangeModel {
  readonly name: string;
  readonly href: string;
  readonly status: '' | 'new' | 'coming_soon';
}

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
 * connection, the make logos, the promotions running now, the model range and its logo (none
 * unless given).
 */
export function toPublicSite(
  site: SiteConfig,
  connection: SearchConnection,
  makeLogos: MakeLogos = {},
  promotions: readonly PublicPromotion[] = [],
  modelRange: readonly RangeGroup[] = [],
  logo: SiteLogo | null = null,
): PublicSite {
  const { domains: _domains, crm_intake: _crmIntake, payments: _payments, ...rest } = site;
  return {
    ...rest,
    // The dealer's synonyms are the search engine's (pushed with its settings, decision 129): no page reads them.
    search: { ...rest.search, synonyms: [] },
    features: publicFeatures(site),
    search_connection: connection,
    make_logos: makeLogos,
    promotions,
    model_range: modelRange,
    logo,
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
