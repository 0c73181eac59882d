import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PostcodePlace, PostcodeQuery } from '../../../domain/contracts/postcodes.ts';
import { NEAR_POSTCODE_MESSAGE } from '../../../domain/distance-filter.ts';
import type { CarSearchCall, CarSearchRequest, CarSearchResult } from '../../../domain/search-result.ts';
import { POSTCODE_MESSAGE } from '../../../domain/site-forms.ts';
import { type SearchInput, searchMachine } from '../../../machines/search/search.machine.ts';
import {
  selectHref,
  selectNearMessage,
  selectNearPlace,
  selectSearchState,
  selectStatus,
} from '../../../machines/search/search.selectors.ts';
import { ServiceError } from '../../../services/errors.ts';

const settings: Omit<SearchInput, 'path' | 'search'> = {
  endpoint: { appId: 'forecourt', apiKey: 'key', host: 'localhost/search-api', protocol: 'http' },
  index: 'cars',
  sortIndices: ['cars'],
  pageSize: 21,
  cacheSize: 3,
  facets: ['make'],
  nowSeconds: 1_750_000_000,
  soldWindowDays: 3,
  inStockOnly: false,
  newAndDemoOnly: false,
  nearby: true,
};

const PARRAMATTA: PostcodePlace = { postcode: '2150', lat: -33.815, lng: 151.0011 };

/** A listing whose geocoder knows Parramatta only, refusing others as the server does ("Invalid postcode"). */
function start(search = '', extra: Partial<SearchInput> = {}) {
  const requests: CarSearchRequest[] = [];
  const lookedUp: string[] = [];
  const runSearch = fromPromise<CarSearchResult, CarSearchCall>(async ({ input }) => {
    requests.push(input.request);
    return { hits: [], nbHits: 1, page: 0, nbPages: 1, facets: {}, facetsStats: {}, processingTimeMS: 1 };
  });
  const geocodePostcode = fromPromise<PostcodePlace, PostcodeQuery>(async ({ input }) => {
    lookedUp.push(input.postcode);
    if (input.postcode === PARRAMATTA.postcode) return PARRAMATTA;
    throw new ServiceError('http', 'Invalid postcode', { status: 422, code: 'unknown_postcode' });
  });
  const actor = createActor(searchMachine.provide({ actors: { runSearch, geocodePostcode } }), {
    input: { ...settings, ...extra, path: '/search', search },
  });
  const pushed: string[] = [];
  actor.on('url.push', (event) => pushed.push(event.href));
  actor.start();
  const settled = () => waitFor(actor, (s) => selectStatus(s) !== 'loading');
  return { actor, requests, lookedUp, pushed, settled };
}

describe('search machine: "Within X km of my postcode" (issue 37 item 3)', () => {
  it('looks the postcode up, then searches around it; the address carries it', async () => {
    const { actor, requests, lookedUp, pushed, settled } = start();
    await settled();
    actor.send({ type: 'near.set', postcode: ' 2150 ', within: 25 });
    await settled();
    expect(lookedUp).toEqual(['2150']);
    expect(requests.at(-1)?.around).toEqual({ lat: -33.815, lng: 151.0011, km: 25 });
    expect(pushed.at(-1)).toBe('/search?near=2150&within=25');
    expect(selectNearPlace(actor.getSnapshot())).toEqual({ lat: -33.815, lng: 151.0011 });
    expect(selectNearMessage(actor.getSnapshot())).toBeNull();
  });

  it('Back restores the search without asking the geocoder again; Forward searches around it again', async () => {
    const { actor, requests, lookedUp, settled } = start('near=2150&within=50');
    await settled();
    expect(requests.at(-1)?.around?.km).toBe(50);
    actor.send({ type: 'location.change', path: '/search', search: '' });
    await settled();
    expect(requests.at(-1)?.around).toBeUndefined();
    expect(selectSearchState(actor.getSnapshot()).near).toBeUndefined();
    actor.send({ type: 'location.change', path: '/search', search: 'near=2150&within=50' });
    await settled();
    expect(selectHref(actor.getSnapshot())).toBe('/search?near=2150&within=50');
    expect(lookedUp).toEqual(['2150']);
  });

  it('an unknown postcode says "Invalid postcode" (§5) and searches without the filter', async () => {
    const { actor, requests, settled } = start();
    await settled();
    actor.send({ type: 'near.set', postcode: '0000', within: 25 });
    await settled();
    expect(selectNearMessage(actor.getSnapshot())).toBe('Invalid postcode');
    expect(requests.at(-1)?.around).toBeUndefined();
    expect(selectNearPlace(actor.getSnapshot())).toBeNull();
  });

  it('a postcode that is not four digits is refused with the forms’ text, and nothing is searched', async () => {
    const { actor, requests, lookedUp, settled } = start();
    await settled();
    const searched = requests.length;
    actor.send({ type: 'near.set', postcode: '21x', within: 25 });
    actor.send({ type: 'near.set', postcode: '2150', within: 30 });
    expect(selectNearMessage(actor.getSnapshot())).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(requests.length).toBe(searched);
    expect(lookedUp).toEqual([]);
  });

  it('clearing drops the filter (and is a refinement "Clear filters" clears)', async () => {
    const { actor, requests, pushed, settled } = start('near=2150&within=25');
    await settled();
    actor.send({ type: 'near.clear' });
    await settled();
    expect(requests.at(-1)?.around).toBeUndefined();
    expect(pushed.at(-1)).toBe('/search');
    actor.send({ type: 'near.set', postcode: '2150', within: 100 });
    await settled();
    actor.send({ type: 'refinements.clear' });
    await settled();
    expect(selectSearchState(actor.getSnapshot())).toEqual({});
  });

  it('refuses with the forms’ own text (§5), kept apart so the listing does not load the lead forms', () => {
    expect(NEAR_POSTCODE_MESSAGE).toBe(POSTCODE_MESSAGE);
  });

  it('a dealer without several places ignores a postcode in the address', async () => {
    const { requests, lookedUp, settled } = start('near=2150&within=25', { nearby: false });
    await settled();
    expect(lookedUp).toEqual([]);
    expect(requests.at(-1)?.around).toBeUndefined();
  });
});
