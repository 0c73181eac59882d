import { nearSchema, withinSchema } from './distance-filter.ts';
import {
  facetValueSchema,
  type NumericRange,
  normaliseSearchState,
  numericRangeSchema,
  pageSchema,
  querySchema,
  SEARCH_ATTRIBUTE_NAMES,
  SEARCH_ATTRIBUTES,
  SEARCH_LIMITS,
  type SearchState,
  sortBySchema,
  weeklySchema,
} from './search-state.ts';

/**
 * The Search state in the page URL, in InstantSearch's single-index routing format
 * (`../shared/guides/search-protocol.md` "URL state"; spec §7 "Filters are also expressible in URL
 * query parameters"):
 * `?query=corolla&refinementList[make][0]=Toyota&range[price]=10000:30000&menu[car_type]=used&page=3&sortBy=cars_price_asc`.
 *
 * Two steps each way, so `qs` can replace the first one without touching the rules:
 * query string ⇄ route state (`readRouteState` / `writeRouteState`, what `qs.parse` / `qs.stringify`
 * do) and route state ⇄ Search state (`routeToSearchState` / `searchStateToRoute`, which validate).
 * Unknown or malformed parameters are dropped one by one and the rest kept; nothing here throws.
 */

/** InstantSearch's route state of one index, as `qs.parse` gives it (values not yet validated). */
export interface RouteState {
  query?: string;
  page?: string;
  sortBy?: string;
  /** "Under $X a week" (issue 37 item 5): whole dollars. */
  weekly?: string;
  /** "Within `within` km of `near`" (issue 37 item 3): a postcode and km. */
  near?: string;
  within?: string;
  refinementList?: Record<string, string[]>;
  menu?: Record<string, string>;
  range?: Record<string, string>;
}

/** qs's `parameterLimit`: parameters after the first 1000 are ignored. */
const MAX_PARAMETERS = 1000;
const MAX_INDEX = 999;
const NESTED_KEY = /^(refinementList|menu|range)\[([^[\]]+)\](?:\[(\d*)\])?$/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses a query string (`location.search`, with or without `?`) into a route state. Keys may have
 * their brackets percent-encoded; `+` is a space; a repeated scalar keeps its first value; list
 * values are ordered by their index (`[]` appends, a bare `refinementList[attr]` is one value).
 */
export function readRouteState(search: string): RouteState {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const route: RouteState = {};
  const lists = new Map<string, Array<{ index: number; value: string }>>();
  const menu = new Map<string, string>();
  const range = new Map<string, string>();
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PARAMETERS) break;
    if (
      key === 'query' ||
      key === 'page' ||
      key === 'sortBy' ||
      key === 'weekly' ||
      key === 'near' ||
      key === 'within'
    ) {
      route[key] ??= value;
      continue;
    }
    const match = NESTED_KEY.exec(key);
    if (!match) continue;
    const [, kind, attribute = '', index] = match;
    if (kind === 'refinementList') {
      const entries = lists.get(attribute) ?? [];
      const appended = index === undefined || index === '';
      const position = appended ? MAX_INDEX + 1 + entries.length : Number(index);
      if (position > MAX_INDEX && !appended) continue;
      entries.push({ index: position, value });
      lists.set(attribute, entries);
    } else if (index === undefined) {
      const target = kind === 'menu' ? menu : range;
      if (!target.has(attribute)) target.set(attribute, value);
    }
  }
  if (lists.size > 0) {
    route.refinementList = Object.fromEntries(
      [...lists].map(([attribute, entries]) => [
        attribute,
        entries.sort((a, b) => a.index - b.index).map((entry) => entry.value),
      ]),
    );
  }
  if (menu.size > 0) route.menu = Object.fromEntries(menu);
  if (range.size > 0) route.range = Object.fromEntries(range);
  return route;
}

const encode = (text: string): string => encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD'));

/** Writes a route state as a query string (no leading `?`), brackets left readable as in the guide. */
export function writeRouteState(route: RouteState): string {
  const parts: string[] = [];
  if (route.query !== undefined) parts.push(`query=${encode(route.query)}`);
  for (const [attribute, values] of Object.entries(route.refinementList ?? {})) {
    values.forEach((value, index) => {
      parts.push(`refinementList[${encode(attribute)}][${index}]=${encode(value)}`);
    });
  }
  for (const [attribute, value] of Object.entries(route.range ?? {})) {
    parts.push(`range[${encode(attribute)}]=${encode(value).replace(/%3A/g, ':')}`);
  }
  for (const [attribute, value] of Object.entries(route.menu ?? {})) {
    parts.push(`menu[${encode(attribute)}]=${encode(value)}`);
  }
  if (route.weekly !== undefined) parts.push(`weekly=${encode(route.weekly)}`);
  if (route.near !== undefined) parts.push(`near=${encode(route.near)}`);
  if (route.within !== undefined) parts.push(`within=${encode(route.within)}`);
  if (route.page !== undefined) parts.push(`page=${encode(route.page)}`);
  if (route.sortBy !== undefined) parts.push(`sortBy=${encode(route.sortBy)}`);
  return parts.join('&');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function own(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A list as qs may give it: an array, one string, or an object keyed by index (past `arrayLimit`). */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? [v] : []));
  if (typeof value === 'string') return [value];
  if (!isRecord(value)) return [];
  return Object.entries(value)
    .filter(([key, v]) => /^\d+$/.test(key) && typeof v === 'string')
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, v]) => v as string);
}

function numberOf(text: string): number | undefined | null {
  if (text === '') return undefined;
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return value === 0 ? 0 : value;
}

/** `min:max` with either end empty; `null` when malformed or both ends are empty. */
export function parseRangeValue(text: string): NumericRange | null {
  const parts = text.split(':');
  if (parts.length !== 2) return null;
  const min = numberOf(parts[0] ?? '');
  const max = numberOf(parts[1] ?? '');
  if (min === null || max === null) return null;
  const range: NumericRange = {
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
  };
  return numericRangeSchema.safeParse(range).success ? range : null;
}

/** Options for reading a URL. */
export interface ParseSearchUrlOptions {
  /** The index names `sortBy` may take (e.g. the sort options' replicas); others are dropped. */
  readonly sortIndices?: readonly string[];
}

/**
 * Validates a route state — from `readRouteState` or from `qs.parse` — into a canonical Search state.
 * Each parameter stands alone: an unknown or invalid one is dropped and the rest kept.
 */
export function routeToSearchState(route: unknown, options: ParseSearchUrlOptions = {}): SearchState {
  const out: Record<string, unknown> = {};
  const query = querySchema.safeParse(scalar(own(route, 'query')));
  if (query.success) out.query = query.data;
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    const kind = SEARCH_ATTRIBUTES[name];
    const listed = listOf(own(own(route, 'refinementList'), name));
    const chosen = scalar(own(own(route, 'menu'), name));
    if (kind === 'range') {
      const text = scalar(own(own(route, 'range'), name));
      const range = text === undefined ? null : parseRangeValue(text);
      if (range) out[name] = range;
      continue;
    }
    const candidates = kind === 'menu' ? [chosen, ...listed] : [...listed, chosen];
    const values = [
      ...new Set(
        candidates.filter((v): v is string => v !== undefined && facetValueSchema.safeParse(v).success),
      ),
    ];
    if (values.length === 0) continue;
    out[name] = kind === 'menu' ? values[0] : values.slice(0, SEARCH_LIMITS.values);
  }
  const weeklyText = scalar(own(route, 'weekly'));
  if (weeklyText !== undefined && /^\d{1,5}$/.test(weeklyText)) {
    const weekly = weeklySchema.safeParse(Number(weeklyText));
    if (weekly.success) out.weekly = weekly.data;
  }
  const near = nearSchema.safeParse(scalar(own(route, 'near')));
  const withinText = scalar(own(route, 'within'));
  const within = withinSchema.safeParse(
    withinText !== undefined && /^\d{1,3}$/.test(withinText) ? Number(withinText) : undefined,
  );
  if (near.success && within.success) {
    out.near = near.data;
    out.within = within.data;
  }
  const pageText = scalar(own(route, 'page'));
  if (pageText !== undefined && /^\d{1,7}$/.test(pageText)) {
    const page = pageSchema.safeParse(Number(pageText));
    if (page.success && page.data > 1) out.page = page.data;
  }
  const sortBy = sortBySchema.safeParse(scalar(own(route, 'sortBy')));
  if (sortBy.success && (!options.sortIndices || options.sortIndices.includes(sortBy.data))) {
    out.sortBy = sortBy.data;
  }
  return out as SearchState;
}

/** The route state of a Search state (canonical: page 1, empty lists and open ranges left out). */
export function searchStateToRoute(state: SearchState): RouteState {
  const canonical = normaliseSearchState(state);
  const route: RouteState = {};
  const refinementList: Record<string, string[]> = {};
  const menu: Record<string, string> = {};
  const range: Record<string, string> = {};
  if (canonical.query !== undefined) route.query = canonical.query;
  for (const name of SEARCH_ATTRIBUTE_NAMES) {
    const value = canonical[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) refinementList[name] = value;
    else if (typeof value === 'string') menu[name] = value;
    else range[name] = `${value.min ?? ''}:${value.max ?? ''}`;
  }
  if (Object.keys(refinementList).length > 0) route.refinementList = refinementList;
  if (Object.keys(range).length > 0) route.range = range;
  if (Object.keys(menu).length > 0) route.menu = menu;
  if (canonical.weekly !== undefined) route.weekly = String(canonical.weekly);
  if (canonical.near !== undefined && canonical.within !== undefined) {
    route.near = canonical.near;
    route.within = String(canonical.within);
  }
  if (canonical.page !== undefined) route.page = String(canonical.page);
  if (canonical.sortBy !== undefined) route.sortBy = canonical.sortBy;
  return route;
}

/** Reads the Search state from `location.search`. Never throws. */
export function parseSearchUrl(search: string, options: ParseSearchUrlOptions = {}): SearchState {
  return routeToSearchState(readRouteState(search), options);
}

/** Writes the Search state as a query string without `?` (empty for the empty search). */
export function serialiseSearchUrl(state: SearchState): string {
  return writeRouteState(searchStateToRoute(state));
}

/** `path` plus `?` and the state's query string, or `path` alone for the empty search. */
export function searchHref(path: string, state: SearchState): string {
  const query = serialiseSearchUrl(state);
  return query === '' ? path : `${path}?${query}`;
}
