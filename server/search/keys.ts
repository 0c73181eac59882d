import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { algoliasearch } from 'algoliasearch';
import { SearchHttpError } from './engine/errors.ts';
import { parseFacetFilters, parseNumericFilters, parseTagFilters } from './engine/filter-arrays.ts';
import type { FilterExpression } from './engine/filter-ast.ts';
import { parseFilters } from './engine/filters.ts';

/** What a verified key may do. Restrictions are ANDed onto every query made with it. */
export interface KeyAccess {
  /** `admin` may write; `search` may only search. */
  acl: 'admin' | 'search';
  /** The secured key's filters (empty for the parent and admin keys). */
  filters: readonly FilterExpression[];
  /** Index names or `prefix*` patterns the key may query; null = any. */
  restrictIndices: readonly string[] | null;
  /** A page size the key forces, if any. */
  hitsPerPage: number | null;
}

/** Checks an application id and API key (from headers or the query string). */
export interface KeyVerifier {
  /** Returns the key's access, or throws a 403 {@link SearchHttpError}. */
  verify(appId: string | undefined, apiKey: string | undefined): KeyAccess;
}

/** The embedded endpoint's credentials (server-side only). */
export interface KeyConfig {
  appId: string;
  /** Parent of every secured browser key; also a search key itself. */
  searchKey: string;
  adminKey: string;
  /** Unix seconds now (tests pin it). */
  now?: () => number;
}

const INVALID = 'Invalid Application-ID or API key';
const HMAC_HEX = /^[0-9a-f]{64}$/;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Constant-time string equality (hashing first hides the lengths). */
export const sameSecret = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));

interface SecuredKeyMaker {
  generateSecuredApiKey(options: {
    parentApiKey: string;
    restrictions: { filters: string; validUntil?: number };
  }): string;
}

let maker: SecuredKeyMaker | null = null;

/** One client serves every key: `generateSecuredApiKey` takes the parent key as an argument. */
function keyMaker(): SecuredKeyMaker {
  if (!maker) {
    // why: TypeScript resolves algoliasearch's browser typings, which omit this Node-only helper.
    const client = algoliasearch('forecourt', 'key-maker') as unknown as Partial<SecuredKeyMaker>;
    if (typeof client.generateSecuredApiKey !== 'function')
      throw new Error('makeBrowserKey needs the Node build of algoliasearch');
    maker = client as SecuredKeyMaker;
  }
  return maker;
}

/** What a browser key is restricted to. */
export interface BrowserKeyRestrictions {
  /** The dealerships whose records the key sees (at least one). */
  dealershipIds: readonly number[];
  /** More filters ANDed on (a site's listed-stock rule, `listedStockKeyFilter`). */
  filters?: string;
  /** Unix seconds after which the key answers 403. */
  validUntil?: number;
}

/**
 * A browser key for a tenant: `generateSecuredApiKey` of the real `algoliasearch` client, restricted
 * to `(dealership_id:1 OR dealership_id:2…)` and any further `filters`, optionally expiring at
 * `validUntil`.
 */
export function makeBrowserKey(parentKey: string, restrictions: BrowserKeyRestrictions): string {
  const { dealershipIds, validUntil } = restrictions;
  if (dealershipIds.length === 0)
    throw new Error('makeBrowserKey: a tenant key needs at least one dealership id');
  if (!dealershipIds.every((id) => Number.isSafeInteger(id)))
    throw new Error('makeBrowserKey: dealership ids must be integers');
  const dealerships = dealershipIds.map((id) => `dealership_id:${id}`).join(' OR ');
  const filters = restrictions.filters ? `(${dealerships}) AND ${restrictions.filters}` : dealerships;
  return keyMaker().generateSecuredApiKey({
    parentApiKey: parentKey,
    restrictions: validUntil === undefined ? { filters } : { filters, validUntil },
  });
}

const KNOWN_RESTRICTIONS = new Set([
  'filters',
  'validUntil',
  'restrictIndices',
  'hitsPerPage',
  'userToken',
  'facetFilters',
  'numericFilters',
  'tagFilters',
]);

function restrictionsOf(query: string, now: number): KeyAccess {
  const params = new URLSearchParams(query);
  for (const name of params.keys()) {
    if (!KNOWN_RESTRICTIONS.has(name))
      throw new SearchHttpError(403, `Secured API key has an unsupported restriction: ${name}`);
  }
  const validUntil = params.get('validUntil');
  if (validUntil !== null) {
    const until = Number(validUntil);
    if (!Number.isFinite(until)) throw new SearchHttpError(403, 'Secured API key has an invalid validUntil');
    if (until < now) throw new SearchHttpError(403, 'The API key has expired');
  }
  const filters: FilterExpression[] = [];
  try {
    const f = params.get('filters');
    if (f !== null) filters.push(parseFilters(f));
    const facet = params.get('facetFilters');
    if (facet !== null) filters.push(parseFacetFilters(facet));
    const numeric = params.get('numericFilters');
    if (numeric !== null) filters.push(parseNumericFilters(numeric));
    const tags = params.get('tagFilters');
    if (tags !== null) filters.push(parseTagFilters(tags));
  } catch {
    throw new SearchHttpError(403, 'Secured API key has malformed filters');
  }
  const hitsPerPage = params.get('hitsPerPage');
  const indices = params.get('restrictIndices');
  return {
    acl: 'search',
    filters,
    restrictIndices:
      indices === null
        ? null
        : indices
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    hitsPerPage:
      hitsPerPage === null ? null : Math.max(0, Math.min(1000, Math.trunc(Number(hitsPerPage)) || 0)),
  };
}

/**
 * Accepts the parent search key, the admin key, or a secured key derived from the parent key
 * (HMAC-SHA256 checked in constant time), and decodes a secured key's restrictions.
 */
export function createKeyVerifier(config: KeyConfig): KeyVerifier {
  const now = config.now ?? (() => Math.floor(Date.now() / 1000));
  const open = (acl: 'admin' | 'search'): KeyAccess => ({
    acl,
    filters: [],
    restrictIndices: null,
    hitsPerPage: null,
  });
  return {
    verify(appId, apiKey) {
      if (appId === undefined || apiKey === undefined || apiKey === '' || !sameSecret(appId, config.appId)) {
        throw new SearchHttpError(403, INVALID);
      }
      if (sameSecret(apiKey, config.adminKey)) return open('admin');
      if (sameSecret(apiKey, config.searchKey)) return open('search');
      const decoded = Buffer.from(apiKey, 'base64').toString('utf8');
      const mac = decoded.slice(0, 64);
      const query = decoded.slice(64);
      if (!HMAC_HEX.test(mac)) throw new SearchHttpError(403, INVALID);
      const expected = createHmac('sha256', config.searchKey).update(query).digest('hex');
      if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw new SearchHttpError(403, INVALID);
      return restrictionsOf(query, now());
    },
  };
}

/** Whether a key restricted to `patterns` may query `indexName` (`prefix*`, `*suffix`, `*`). */
export function indexAllowed(patterns: readonly string[] | null, indexName: string): boolean {
  if (patterns === null) return true;
  return patterns.some((pattern) => {
    const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${escaped}$`).test(indexName);
  });
}
