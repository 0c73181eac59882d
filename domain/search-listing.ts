import { type CarType, carTypeSchema, type VehicleKind, vehicleKindSchema } from './car.ts';
import { isCarListed, type ListingFacts, soldWindowDays, soldWindowStart } from './car-availability.ts';
import { formatNumber } from './format.ts';
import type { SearchState } from './search-state.ts';

/**
 * Rules of the search listing (`search-detail-finance-watchlist.md` §2 search results grid and
 * promotional cards, §4 Car availability, §9 stock count, car type order, search filter presets and
 * promo positions; `locations-forms-tradein-site.md` §9 sort options).
 */

/** §9: stock counts above this are replaced. */
export const STOCK_COUNT_LIMIT = 1999;

/**
 * §9 "Stock counts above 1999 are replaced by the configured stock count or the summed facet counts"
 * (a hosted service's count is approximate there). Without either, the count stays.
 */
export function displayedStockCount(input: {
  readonly count: number;
  readonly configured?: number | null;
  /** One facet's value counts over the same results, e.g. `facets.car_type`. */
  readonly facetCounts?: Readonly<Record<string, number>> | null;
}): number {
  if (input.count <= STOCK_COUNT_LIMIT) return input.count;
  if (input.configured && input.configured > 0) return input.configured;
  const summed = Object.values(input.facetCounts ?? {}).reduce((sum, n) => sum + n, 0);
  return summed > 0 ? summed : input.count;
}

/** §9 "Car type order: new, demo, used". */
export const CAR_TYPE_ORDER: readonly CarType[] = carTypeSchema.options;

/** Sorts car-type facet values new, demo, used; other values follow in their own order. */
export function sortByCarType<T>(values: readonly T[], carTypeOf: (item: T) => string): T[] {
  const rank = (item: T): number => {
    const index = (CAR_TYPE_ORDER as readonly string[]).indexOf(carTypeOf(item).toLowerCase());
    return index === -1 ? CAR_TYPE_ORDER.length : index;
  };
  return [...values].sort((a, b) => rank(a) - rank(b));
}

/** §2, §9: promotional cards sit at these 1-based positions of the grid. */
export const PROMO_CARD_POSITIONS: readonly number[] = [8, 17];

/** One tile of the results grid. */
export type ListingItem<H, P> = { kind: 'hit'; hit: H } | { kind: 'promo'; promo: P };

/**
 * §2 "Promotional cards in the listing at positions 8 and 17": the hits with the promotions inserted
 * so that they are the 8th and 17th tiles. A promotion goes in only when the tiles before it are all
 * there (so it may be last, never after a gap); promotions are used in order, one per position.
 */
export function withPromoCards<H, P>(
  hits: readonly H[],
  promos: readonly P[],
  positions: readonly number[] = PROMO_CARD_POSITIONS,
): ListingItem<H, P>[] {
  const items: ListingItem<H, P>[] = hits.map((hit) => ({ kind: 'hit', hit }));
  [...positions]
    .sort((a, b) => a - b)
    .forEach((position, index) => {
      const promo = promos[index];
      if (promo === undefined || position - 1 > items.length) return;
      items.splice(position - 1, 0, { kind: 'promo', promo });
    });
  return items;
}

/** What a listing shows: one vehicle kind a site sells, or `vehicles` for several at once. */
export type VehicleNounKind = VehicleKind | 'vehicles';
const NOUNS: Record<VehicleNounKind, readonly [one: string, other: string]> = {
  cars: ['car', 'cars'],
  caravans: ['caravan', 'caravans'],
  motorcycles: ['motorcycle', 'motorcycles'],
  vehicles: ['vehicle', 'vehicles'],
};

/** A vehicle kind as a filter value reads (`caravans` → `Caravans`). */
export const VEHICLE_KIND_LABELS: Readonly<Record<VehicleKind, string>> = {
  cars: 'Cars',
  caravans: 'Caravans',
  motorcycles: 'Motorcycles',
};

/**
 * What a listing calls its stock (issue 31 item 21: a leisure dealer's caravans and bikes are not
 * "cars"): the refined vehicle kind; else the one kind the results hold (the `item_type` facet,
 * when counted); else the site's one kind; else `vehicles`.
 */
export function listingNounKind(input: {
  readonly refined?: string | null | undefined;
  readonly kindCounts?: Readonly<Record<string, number>> | null | undefined;
  readonly siteKinds: readonly VehicleKind[];
}): VehicleNounKind {
  const kind = vehicleKindSchema.safeParse(input.refined);
  if (kind.success) return kind.data;
  const counted = Object.entries(input.kindCounts ?? {})
    .filter(([, count]) => count > 0)
    .map(([value]) => vehicleKindSchema.safeParse(value));
  if (counted.length === 1 && counted[0]?.success) return counted[0].data;
  return input.siteKinds.length === 1 ? (input.siteKinds[0] ?? 'cars') : 'vehicles';
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The car types a listing shows, as words: `used`, `new and demo`, or '' when it shows every type
 * (or none is chosen).
 */
export function carTypesPhrase(carTypes: readonly CarType[] | null | undefined): string {
  const chosen = CAR_TYPE_ORDER.filter((type) => carTypes?.includes(type));
  if (chosen.length === 0 || chosen.length === CAR_TYPE_ORDER.length) return '';
  return chosen.join(' and ');
}

/** What the listing shows, in title case: `Used Cars`, `New and Demo Cars`, `Car` (for 1). */
export function listingTypeLabel(
  carTypes: readonly CarType[] | null | undefined,
  count: number,
  kind: VehicleNounKind = 'cars',
): string {
  const noun = NOUNS[kind][count === 1 ? 0 : 1];
  return [...carTypesPhrase(carTypes).split(' '), noun]
    .filter(Boolean)
    .map((word) => (word === 'and' ? word : capitalise(word)))
    .join(' ');
}

/**
 * Each model's make, read from `make_model` facet values (`Toyota Corolla`) and the model names
 * (`Corolla`): a value ending in ` {model}` names that model's make, the longest model name winning
 * (`Omoda 5` over `5`). A model two makes share (or none names) is left out.
 */
export function makesOfModels(
  models: readonly string[],
  makeModels: readonly string[],
): Record<string, string> {
  const longestFirst = [...models].sort((a, b) => b.length - a.length);
  const found = new Map<string, Set<string>>();
  for (const value of makeModels) {
    const model = longestFirst.find((name) => value.length > name.length + 1 && value.endsWith(` ${name}`));
    if (model === undefined) continue;
    const makes = found.get(model) ?? new Set<string>();
    makes.add(value.slice(0, value.length - model.length - 1));
    found.set(model, makes);
  }
  const out: Record<string, string> = {};
  for (const [model, makes] of found) if (makes.size === 1) out[model] = [...makes][0] as string;
  return out;
}

/**
 * The Model filter's labels (issue 31 item 19: a franchise dealer's used stock mixes makes): when the
 * models listed are of more than one make, each reads with its make (`Toyota Corolla`); of one make,
 * the model name alone. Returns model → label.
 */
export function modelLabels(
  models: readonly string[],
  makeOf: Readonly<Record<string, string>>,
): Record<string, string> {
  const makes = new Set(models.flatMap((model) => (Object.hasOwn(makeOf, model) ? [makeOf[model]] : [])));
  return Object.fromEntries(
    models.map((model) => {
      const make = Object.hasOwn(makeOf, model) ? makeOf[model] : undefined;
      return [model, makes.size > 1 && make ? `${make} ${model}` : model];
    }),
  );
}

/** §2 the results button: 'Show Me {count} {type}', the count with comma thousands (§9). */
export function showMeLabel(count: number, type: string): string {
  return `Show Me ${formatNumber(count)} ${type}`;
}

/**
 * What a listing says when nothing is on its page (issue 31 item 21; the spec has no words for it):
 * an empty result names what it lists, and a page past the end names the last page there is.
 */
export const LISTING_NOTICES = {
  clearFilters: 'Clear filters',
  clearQuery: 'Clear the search words',
  allStock: 'See all our stock',
} as const;

/** `No used cars match your search.` for a listing of `Used Cars`. */
export function noResultsText(typeLabel: string): string {
  return `No ${typeLabel.toLowerCase()} match your search.`;
}

/** A page past the last: `There is no page 999 of these results; they end on page 5.` */
export function pastLastPageText(page: number, lastPage: number): string {
  return `There is no page ${formatNumber(page)} of these results; they end on page ${formatNumber(lastPage)}.`;
}

/** The link to the last page from past it: `Go to page 5`. */
export function lastPageLinkText(lastPage: number): string {
  return `Go to page ${formatNumber(lastPage)}`;
}

/** A sort option (`locations-forms-tradein-site.md` §9) and the replica that sorts that way. */
export interface SortOption {
  readonly id: 'relevant' | 'latest' | 'priceDesc' | 'priceAsc' | 'priceDrop';
  readonly label: string;
  /** The index or replica to search: the `sortBy` value. */
  readonly indexName: string;
}

/**
 * §9 "Sort options: most relevant, latest, highest price, lowest price" over the car index `index`
 * (the primary ranks by relevance; replicas are `{index}_latest`, `{index}_price_desc`,
 * `{index}_price_asc`, the names `server/search/indices.ts` creates), and — beyond the spec, issue 19
 * item 3 — the most recent price drops first (`{index}_price_drop`).
 */
export function sortOptions(index = 'cars'): SortOption[] {
  return [
    { id: 'relevant', label: 'Most relevant', indexName: index },
    { id: 'latest', label: 'Latest', indexName: `${index}_latest` },
    { id: 'priceDesc', label: 'Highest price', indexName: `${index}_price_desc` },
    { id: 'priceAsc', label: 'Lowest price', indexName: `${index}_price_asc` },
    { id: 'priceDrop', label: 'Recent price drops', indexName: `${index}_price_drop` },
  ];
}

/** The base filter's inputs: the site's presets (§9) and the listing route's car types. */
export interface StockFilterInput {
  /** Unix seconds. */
  readonly nowSeconds: number;
  /** The site's sold window; 3 days when not configured. */
  readonly soldWindowDays?: number | null;
  /** The `searchPresetInStock` switch: in-stock cars only. */
  readonly inStockOnly?: boolean;
  /** The `searchPresetNewAndDemo` switch: new and demo cars only, unless the route sets car types. */
  readonly newAndDemoOnly?: boolean;
  /** Car types a listing route sets (`/search/used-cars`); they replace the new-and-demo preset. */
  readonly routeCarTypes?: readonly CarType[] | null;
}

/** The car types a listing keeps: the route's, else the new-and-demo preset's; null for every type. */
function listedCarTypes(input: StockFilterInput): readonly CarType[] | null {
  return input.routeCarTypes ?? (input.newAndDemoOnly ? ['new', 'demo'] : null);
}

/**
 * The listing's base `filters` string (§4 stock filter, §9 search filter presets): shown on the
 * dealer website and in stock or coming soon, or sold within the window — or, with the in-stock
 * preset, in stock only — and, when set, of the route's or the preset's car types.
 *
 * Algolia cannot OR a facet filter with a numeric one, so "or sold within the window" is written as
 * `status:sold` among the statuses plus `NOT sold_at < start`: an unsold car has no `sold_at`, and a
 * negated filter matches a record without the attribute. `isCarListed` states the same rule.
 */
export function stockFilter(input: StockFilterInput): string {
  const parts = ['show_on_dealer_website:true'];
  const window = soldWindowDays(input.soldWindowDays);
  if (input.inStockOnly) {
    parts.push('status:in_stock');
  } else {
    const statuses = ['in_stock', 'coming_soon', ...(window > 0 ? ['sold'] : [])];
    parts.push(`(${statuses.map((s) => `status:${s}`).join(' OR ')})`);
    parts.push(`NOT sold_at < ${soldWindowStart(input.nowSeconds, window)}`);
  }
  const carTypes = listedCarTypes(input);
  const types = CAR_TYPE_ORDER.filter((type) => carTypes?.includes(type));
  if (types.length > 0 && types.length < CAR_TYPE_ORDER.length) {
    parts.push(`(${types.map((type) => `car_type:${type}`).join(' OR ')})`);
  }
  return parts.join(' AND ');
}

/** What {@link isInListing} reads of a car (a Car, or a search record with the same names). */
export interface ListingCarFacts extends ListingFacts {
  readonly car_type: CarType;
}

/**
 * Whether one car is in a listing: {@link stockFilter}'s rule for a single car (the sitemap names only
 * listings with stock, issue 31 item 21). `isCarListed` is its visibility half.
 */
export function isInListing(car: ListingCarFacts, input: StockFilterInput): boolean {
  if (!isCarListed(car, input.nowSeconds, input.soldWindowDays)) return false;
  if (input.inStockOnly && car.status !== 'in_stock') return false;
  const carTypes = listedCarTypes(input);
  return carTypes === null || carTypes.includes(car.car_type);
}

/**
 * The listed-stock rule a site's search key carries (issue 14 item 6), so that whoever holds the key
 * — the storefront, a copied key, a script — gets exactly the cars the website lists: not hidden from
 * the website, and not sold before the window. It is `stockFilter`'s visibility rule written with
 * negations only, because a negated filter also matches a record without the attribute: the same key
 * then serves the model and item indices, whose records carry neither. `isCarListed` states the rule.
 */
export function listedStockKeyFilter(nowSeconds: number, soldWindow?: number | null): string {
  const window = soldWindowDays(soldWindow);
  const parts = ['NOT show_on_dealer_website:false', `NOT sold_at < ${soldWindowStart(nowSeconds, window)}`];
  if (window === 0) parts.push('NOT status:sold');
  return parts.join(' AND ');
}

/** What a search page's title and description are made of. */
export interface SearchPageMetaInput {
  readonly state: SearchState;
  /** Car types the listing route sets; a `car_type` refinement narrows them. */
  readonly routeCarTypes?: readonly CarType[] | null;
  /** Where the dealer is, e.g. its city; a single refined city wins. */
  readonly place: string;
  readonly siteName: string;
  /** The displayed stock count, when known. */
  readonly count?: number | null;
  readonly kind?: VehicleNounKind;
}

/** A search page's heading, `<title>` and meta description. */
export interface SearchPageMeta {
  /** `Used Toyota cars for sale in Brisbane` */
  readonly heading: string;
  /** The heading and the site name. */
  readonly title: string;
  readonly description: string;
}

const single = (values: readonly string[] | undefined): string | null =>
  values?.length === 1 ? (values[0] ?? null) : null;

/**
 * The title and description of a search page, e.g. "Used Toyota cars for sale in Brisbane": the car
 * types (when not every type), then the make, model and body when exactly one of each is refined
 * (a model only with its one make), then the place.
 */
export function searchPageMeta(input: SearchPageMetaInput): SearchPageMeta {
  const { state } = input;
  const carType = carTypeSchema.safeParse(state.car_type);
  const carTypes = carType.success ? [carType.data] : input.routeCarTypes;
  const make = single(state.make);
  const model = make ? single(state.model) : null;
  const subject = [carTypesPhrase(carTypes), make, model, single(state.body)].filter(Boolean).join(' ');
  const [one, other] = NOUNS[input.kind ?? 'cars'];
  const place = single(state.city) ?? input.place;
  const phrase = (noun: string): string => `${subject ? `${subject} ` : ''}${noun} for sale in ${place}`;
  const heading = capitalise(phrase(other));
  const count = input.count ?? null;
  const described =
    count === null ? phrase(other) : `${formatNumber(count)} ${phrase(count === 1 ? one : other)}`;
  return {
    heading,
    title: `${heading} | ${input.siteName}`,
    description: `Browse ${described} at ${input.siteName}.`,
  };
}
