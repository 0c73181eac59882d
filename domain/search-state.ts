import { z } from 'zod/mini';
import { type DistanceRadius, nearSchema, withinSchema } from './distance-filter.ts';

/**
 * The Search state (`search-detail-finance-watchlist.md` §3 "Search state"): query, page, sortBy and
 * one filter per attribute, and the rules for changing it (§4 "Search results": a filter change
 * removes page). The URL form is in `search-url.ts`.
 */

/** How an attribute is refined, and so how InstantSearch writes it in the URL. */
export type RefinementKind = 'refinementList' | 'menu' | 'range';

/**
 * Every filter attribute of §3 "Search state", in URL order, with its refinement kind:
 * - `range` for the numbers the range slider refines (§2: price, km and year; and subscription_price);
 * - `menu` for single-choice dropdowns: car_type (new, demo or used; the guide's own example is
 *   `menu[car_type]=used`), item_type and the two price-bracket facets;
 * - `refinementList` (multi-select, ORed) for the rest, seats included (2, 5, 7 are choices, not a range).
 * `dealership_slug` is not in the §3 list but §2 Routes says "a dealer filter link uses the refinement
 * dealership_slug". Parsing also accepts a list attribute written as `menu[...]` and a menu attribute
 * written as `refinementList[...]`, so links from sites that chose other widgets still open.
 */
export const SEARCH_ATTRIBUTES = {
  badge: 'refinementList',
  status: 'refinementList',
  car_type: 'menu',
  categories: 'refinementList',
  city: 'refinementList',
  colour: 'refinementList',
  dealership_name: 'refinementList',
  dealership_slug: 'refinementList',
  filtered_features: 'refinementList',
  item_type: 'menu',
  km: 'range',
  location_name: 'refinementList',
  make: 'refinementList',
  make_model: 'refinementList',
  model: 'refinementList',
  price: 'range',
  subscription_price: 'range',
  price_range: 'menu',
  seats: 'refinementList',
  body: 'refinementList',
  drive: 'refinementList',
  fuel: 'refinementList',
  transmission: 'refinementList',
  state: 'refinementList',
  tag: 'refinementList',
  weekly_price_range: 'menu',
  year: 'range',
} as const satisfies Record<string, RefinementKind>;

/** A filter attribute of the Search state. */
export type SearchAttribute = keyof typeof SEARCH_ATTRIBUTES;
type AttributeOfKind<K extends RefinementKind> = {
  [A in SearchAttribute]: (typeof SEARCH_ATTRIBUTES)[A] extends K ? A : never;
}[SearchAttribute];
/** An attribute refined by a list of values (ORed). */
export type ListAttribute = AttributeOfKind<'refinementList'>;
/** An attribute refined by one value. */
export type MenuAttribute = AttributeOfKind<'menu'>;
/** A numeric attribute refined by a range. */
export type RangeAttribute = AttributeOfKind<'range'>;

/** Every filter attribute, in URL order. */
export const SEARCH_ATTRIBUTE_NAMES = Object.keys(SEARCH_ATTRIBUTES) as SearchAttribute[];

/** Whether a string names a filter attribute (own keys only, so `constructor` is not one). */
export function isSearchAttribute(name: string): name is SearchAttribute {
  return Object.hasOwn(SEARCH_ATTRIBUTES, name);
}

/** Longest query, facet value and list the state holds; longer input from a URL is dropped. */
export const SEARCH_LIMITS = { query: 512, value: 200, values: 100, page: 1000, weekly: 5000 } as const;

const wellFormed = (text: string): boolean => !/\p{Cs}/u.test(text);

/** A facet value: non-empty text without lone surrogates. */
export const facetValueSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(SEARCH_LIMITS.value), z.refine(wellFormed, 'must be well-formed text'));

/** A refinement list: distinct facet values, at least one. */
export const facetValuesSchema = z.array(facetValueSchema).check(
  z.minLength(1),
  z.maxLength(SEARCH_LIMITS.values),
  z.refine((values) => new Set(values).size === values.length, 'must not repeat a value'),
);

/** A numeric range; an open end is absent. At least one end is set and min ≤ max. */
export const numericRangeSchema = z
  .object({ min: z.optional(z.number()), max: z.optional(z.number()) })
  .check(
    z.refine((r) => r.min !== undefined || r.max !== undefined, 'must set min or max'),
    z.refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, 'min must not pass max'),
  );
/** A numeric range refinement (`range[price]=10000:30000`). */
export type NumericRange = z.infer<typeof numericRangeSchema>;

/**
 * "Under $X a week" (issue 37 item 5): the highest weekly finance repayment, whole dollars, exclusive
 * (`weekly=200` lists cars whose card shows at most $199 a week). Not an InstantSearch refinement: it
 * filters the record's `weekly_repayment` (`search-filters.ts`), and the URL carries it as `weekly`.
 */
export const weeklySchema = z.int().check(z.minimum(1), z.maximum(SEARCH_LIMITS.weekly));

/** The free-text query. */
export const querySchema = z
  .string()
  .check(z.minLength(1), z.maxLength(SEARCH_LIMITS.query), z.refine(wellFormed));
/** The 1-based page (page 1 is the same as no page). */
export const pageSchema = z.int().check(z.minimum(1), z.maximum(SEARCH_LIMITS.page));
/** A sort: the name of the index or replica to search (e.g. `cars_price_asc`). */
export const sortBySchema = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,128}$/, 'must be an index name'));

type SchemaOfKind<K extends RefinementKind> = K extends 'refinementList'
  ? typeof facetValuesSchema
  : K extends 'menu'
    ? typeof facetValueSchema
    : typeof numericRangeSchema;
type FilterShape = { [A in SearchAttribute]: z.ZodMiniOptional<SchemaOfKind<(typeof SEARCH_ATTRIBUTES)[A]>> };

const KIND_SCHEMAS = {
  refinementList: facetValuesSchema,
  menu: facetValueSchema,
  range: numericRangeSchema,
} as const;

const filterShape = Object.fromEntries(
  SEARCH_ATTRIBUTE_NAMES.map((name) => [name, z.optional(KIND_SCHEMAS[SEARCH_ATTRIBUTES[name]])]),
) as FilterShape;

/** The whole Search state; every field is optional and unknown keys are stripped. */
export const searchStateSchema = z.object({
  query: z.optional(querySchema),
  page: z.optional(pageSchema),
  sortBy: z.optional(sortBySchema),
  weekly: z.optional(weeklySchema),
  /** "Within `within` km of my postcode" (issue 37 item 3): set together or not at all. */
  near: z.optional(nearSchema),
  within: z.optional(withinSchema),
  ...filterShape,
});
/** A search: query, 1-based page, sort (replica name) and filters. */
export type SearchState = z.infer<typeof searchStateSchema>;

/**
 * The canonical form of a state: no page 1, no empty query, lists de-duplicated (first wins) and
 * non-empty, no range without an end. Two states that search the same are equal once normalised.
 */
export function normaliseSearchState(state: SearchState): SearchState {
  const out: Record<string, unknown> = {};
  if (state.query) out.query = state.query;
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    const value = state[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const distinct = [...new Set(value)];
      if (distinct.length > 0) out[name] = distinct;
    } else if (typeof value === 'string') {
      if (value !== '') out[name] = value;
    } else if (value.min !== undefined || value.max !== undefined) {
      out[name] = {
        ...(value.min !== undefined && { min: value.min }),
        ...(value.max !== undefined && { max: value.max }),
      };
    }
  }
  if (state.weekly !== undefined) out.weekly = state.weekly;
  if (state.near !== undefined && state.within !== undefined) {
    out.near = state.near;
    out.within = state.within;
  }
  if (state.page !== undefined && state.page > 1) out.page = state.page;
  if (state.sortBy) out.sortBy = state.sortBy;
  return out as SearchState;
}

/** Whether any filter is refined (the query, page and sort do not count). */
export function hasRefinements(state: SearchState): boolean {
  return (
    state.weekly !== undefined ||
    state.near !== undefined ||
    SEARCH_ATTRIBUTE_NAMES.some((name) => state[name] !== undefined)
  );
}

/** Whether the state searches everything: no query and no filter. */
export function isEmptySearch(state: SearchState): boolean {
  return !state.query && !hasRefinements(state);
}

function withoutPage(state: SearchState): SearchState {
  const { page: _page, ...rest } = state;
  return rest;
}

/** §4: adds the value to a list refinement, or removes it if present; drops the page. */
export function toggleRefinement(state: SearchState, attribute: ListAttribute, value: string): SearchState {
  const current = state[attribute] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return normaliseSearchState({ ...withoutPage(state), [attribute]: next });
}

/** §4: sets (or with `null` clears) a menu refinement; drops the page. */
export function setMenu(state: SearchState, attribute: MenuAttribute, value: string | null): SearchState {
  return normaliseSearchState({ ...withoutPage(state), [attribute]: value ?? undefined });
}

/** §4: sets (or with `null` clears) a range refinement; drops the page. */
export function setRange(
  state: SearchState,
  attribute: RangeAttribute,
  range: NumericRange | null,
): SearchState {
  return normaliseSearchState({ ...withoutPage(state), [attribute]: range ?? undefined });
}

/** Sets (or with `null` clears) "Under $X a week"; drops the page. */
export function setWeekly(state: SearchState, weekly: number | null): SearchState {
  return normaliseSearchState({ ...withoutPage(state), weekly: weekly ?? undefined });
}

/** Sets (or with `null` clears) "Within X km of my postcode"; drops the page. */
export function setNear(
  state: SearchState,
  near: { postcode: string; within: DistanceRadius } | null,
): SearchState {
  return normaliseSearchState({ ...withoutPage(state), near: near?.postcode, within: near?.within });
}

/** A new query starts again at page 1. */
export function setQuery(state: SearchState, query: string): SearchState {
  return normaliseSearchState({ ...withoutPage(state), query });
}

/** A new sort starts again at page 1; `null` is the default ranking. */
export function setSortBy(state: SearchState, sortBy: string | null): SearchState {
  return normaliseSearchState({ ...withoutPage(state), sortBy: sortBy ?? undefined });
}

/** Goes to a 1-based page; filters stay. */
export function setPage(state: SearchState, page: number): SearchState {
  return normaliseSearchState({ ...state, page });
}

/** Clears every filter and the page; the query and sort stay (as InstantSearch's ClearRefinements). */
export function clearRefinements(state: SearchState): SearchState {
  return normaliseSearchState({ query: state.query, sortBy: state.sortBy });
}

/** The 0-based page the search service expects (§7; the state's page is 1-based). */
export function servicePage(state: SearchState): number {
  return (state.page ?? 1) - 1;
}
