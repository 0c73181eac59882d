import type { Template } from './tenant.schema.ts';

/**
 * Every per-dealer switch the two spec documents name, as lists of site slugs, dealership slugs and
 * templates (`search-detail-finance-watchlist.md` §1: "Which dealer sees which feature is decided by
 * configured lists of dealer slugs and templates"). Views and machines never test a slug themselves;
 * they receive these switches as props or machine input.
 *
 * A per-dealer difference that is a value rather than on/off (finance path and provider, sold window,
 * popular-makes count, stock count, enquire-button text, vehicle kinds, garage mode…) lives in the
 * site config (`tenant.schema.ts`); a switch here may pair with such a field. See
 * `docs/decisions/003-feature-switches.md`.
 */

/**
 * Whom a switch is decided for: a whole dealer `site`, or a `dealership` within a site (the switch is
 * then on for a listed dealership slug, and for every dealership of a listed site slug or template).
 */
export type FeatureScope = 'site' | 'dealership';

/** One per-dealer switch. It is on for the sites, templates (and, by scope, dealerships) it lists. */
export interface FeatureSwitch {
  /** One line: what the switch turns on. */
  readonly summary: string;
  /** Where the spec says so: `<document>.md §<n> <heading> [item]`. */
  readonly spec: string;
  readonly scope: FeatureScope;
  /** Site slugs (and, for dealership scope, dealership slugs) the switch is on for. */
  readonly slugs: readonly string[];
  /** Templates whose every site has the switch on. */
  readonly templates: readonly Template[];
  /** Whether the browser needs the switch in the public site config (`GET /api/site`). */
  readonly browser: boolean;
}

/** Every per-dealer switch, by name. Names are camelCase; each entry cites its spec section. */
export const features = {
  fuelTypeTag: {
    summary: "An 'Electric' or 'Hybrid' fuel tag wins the car tag over every other tag",
    spec: 'search-detail-finance-watchlist.md §4 Car tag precedence 1',
    scope: 'site',
    slugs: ['harbour-auto-group'],
    templates: ['franchise'],
    browser: true,
  },
  certifiedUsed: {
    summary:
      "Certified used tag image, certified badge and benefits modal on the certified manufacturer's unsold certified cars",
    spec: 'search-detail-finance-watchlist.md §4 Car tag precedence 3; §6 Roles and permissions; §2 Screens and widgets (Modals)',
    scope: 'site',
    slugs: ['bayside-mazda'],
    templates: [],
    browser: true,
  },
  financeHidden: {
    summary:
      'Finance estimates (summary strips, Car Finance card) are hidden for these sites and dealerships',
    spec: 'search-detail-finance-watchlist.md §5 Finance-estimate display',
    scope: 'dealership',
    slugs: ['harbour-volkswagen', 'outback-motorcycles'],
    templates: [],
    browser: true,
  },
  buyOnlinePath: {
    summary: 'Reserving a car uses /cars/{slug}/buy-online instead of /cars/{slug}/checkout',
    spec: 'search-detail-finance-watchlist.md §2 Routes; locations-forms-tradein-site.md §2 Routes',
    scope: 'dealership',
    slugs: ['harbour-hyundai', 'metro-used'],
    templates: [],
    browser: true,
  },
  checkoutJourney: {
    summary: 'Online purchase of used cars at /checkout-journey?car_id={slug}',
    spec: 'search-detail-finance-watchlist.md §2 Routes',
    scope: 'site',
    slugs: ['metro-used'],
    templates: [],
    browser: true,
  },
  personalisedFlow: {
    summary:
      'Personalised finance flow (/personalised/finance); checkout and finance routes send anonymous visitors to sign-in',
    spec: 'locations-forms-tradein-site.md §4 Gated routes; §2 Routes; §6 Roles and permissions',
    scope: 'site',
    slugs: ['harbour-auto-group'],
    templates: [],
    browser: true,
  },
  tradeInImageUpload: {
    summary: 'Trade-in wizard Step Three Upload Images (without it the wizard goes on to Step Four)',
    spec: 'locations-forms-tradein-site.md §4 Trade-in / instant-offer wizard',
    scope: 'dealership',
    slugs: ['harbour-toyota', 'harbour-hyundai', 'outback-cars', 'metro-used-cars'],
    templates: [],
    browser: true,
  },
  valuationSave: {
    summary: "A finished valuation is saved to the site's records (column_name valuation)",
    spec: 'search-detail-finance-watchlist.md §7 The calls it makes (Valuation save); §8 Error catalogue',
    scope: 'site',
    slugs: ['harbour-auto-group', 'metro-used'],
    templates: [],
    browser: true,
  },
  messageOptional: {
    summary: 'The message field of site-wide enquiry forms is optional',
    spec: 'locations-forms-tradein-site.md §5 Site-wide forms',
    scope: 'site',
    slugs: ['outback-rv'],
    templates: [],
    browser: true,
  },
  popularMakesCount: {
    summary: "The make picker shows search.popular_makes_count makes before 'Show all makes' instead of 7",
    spec: 'search-detail-finance-watchlist.md §9 Business constants and limits (Make list); §2 Screens and widgets (Make picker)',
    scope: 'site',
    slugs: ['harbour-auto-group'],
    templates: [],
    browser: true,
  },
  favouritesStorageOff: {
    summary: 'The storage setting is off: favourite and compare buttons are hidden',
    spec: 'search-detail-finance-watchlist.md §5 Search and buttons',
    scope: 'site',
    slugs: ['outback-rv'],
    templates: [],
    browser: true,
  },
  searchPresetInStock: {
    summary: 'Search filter preset: the base listing filter shows in-stock cars only',
    spec: 'search-detail-finance-watchlist.md §9 Business constants and limits (Search filter presets)',
    scope: 'site',
    slugs: [],
    templates: ['leisure'],
    browser: true,
  },
  searchPresetNewAndDemo: {
    summary:
      'Search filter preset: the base listing filter shows new and demo cars only (type listings such as /search/used-cars set car_type themselves)',
    spec: 'search-detail-finance-watchlist.md §9 Business constants and limits (Search filter presets)',
    scope: 'site',
    slugs: [],
    templates: ['franchise'],
    browser: true,
  },
  dealSignals: {
    summary:
      'Search cards show deal signals: the price drop, a price rating against comparable stock and days listed (issue 37 item 4, decision 130)',
    spec: 'search-detail-finance-watchlist.md §2 Screens and routes (Car card)',
    scope: 'site',
    slugs: ['harbour-auto-group'],
    templates: ['used'],
    browser: true,
  },
} as const satisfies Record<string, FeatureSwitch>;

/** The name of a per-dealer switch; any other name is a type error. */
export type FeatureName = keyof typeof features;

/** Switches the browser receives in the public site config. */
export type BrowserFeatureName = {
  [K in FeatureName]: (typeof features)[K]['browser'] extends true ? K : never;
}[FeatureName];

/**
 * The browser switches evaluated for one site: `true`/`false` for a site switch, and for a dealership
 * switch the slugs of the site's dealerships it is on for.
 */
export type PublicFeatures = {
  [K in BrowserFeatureName]: (typeof features)[K]['scope'] extends 'dealership' ? string[] : boolean;
};

/** What `hasFeature` needs to know of a site. */
export interface FeatureSite {
  readonly slug: string;
  readonly template: string;
}

/** What `publicFeatures` needs to know of a site: also its dealerships. */
export interface FeatureSiteWithDealerships extends FeatureSite {
  readonly dealerships: readonly { readonly slug: string }[];
}

/** Every switch name, in declaration order. */
export const featureNames = Object.keys(features) as FeatureName[];

function switchOf(name: FeatureName): FeatureSwitch {
  if (!Object.hasOwn(features, name)) throw new Error(`Unknown feature switch "${String(name)}"`);
  return features[name];
}

/**
 * Whether one switch is on for a site (and, for a dealership switch, one of its dealerships). A site
 * switch is on when the site's slug or template is listed. A dealership switch is on when
 * `dealershipSlug` is listed, or the site's slug or template is.
 */
export function isSwitchOn(feature: FeatureSwitch, site: FeatureSite, dealershipSlug?: string): boolean {
  const templates: readonly string[] = feature.templates;
  if (feature.slugs.includes(site.slug) || templates.includes(site.template)) return true;
  return (
    feature.scope === 'dealership' && dealershipSlug !== undefined && feature.slugs.includes(dealershipSlug)
  );
}

/** Whether the named switch is on for a site, or for one of its dealerships (see `isSwitchOn`). */
export function hasFeature(site: FeatureSite, name: FeatureName, dealershipSlug?: string): boolean {
  return isSwitchOn(switchOf(name), site, dealershipSlug);
}

/** The browser switches of a site, evaluated (the lists themselves never reach the browser). */
export function publicFeatures(site: FeatureSiteWithDealerships): PublicFeatures {
  const entries = featureNames
    .filter((name) => features[name].browser)
    .map((name) => {
      const value =
        features[name].scope === 'dealership'
          ? site.dealerships.map((d) => d.slug).filter((slug) => hasFeature(site, name, slug))
          : hasFeature(site, name);
      return [name, value] as const;
    });
  return Object.fromEntries(entries) as PublicFeatures;
}
