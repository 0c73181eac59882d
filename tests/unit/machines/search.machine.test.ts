import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Snapshot, waitFor } from 'xstate';
import type { CarSearchCall, CarSearchRequest, CarSearchResult } from '../../../domain/search-result.ts';
import { type SearchInput, searchMachine } from '../../../machines/search/search.machine.ts';
import {
  selectCount,
  selectError,
  selectHits,
  selectHref,
  selectIsStale,
  selectPage,
  selectPageHref,
  selectSearchState,
  selectStatus,
  selectTileHref,
} from '../../../machines/search/search.selectors.ts';

const NOW = 1_750_000_000;

const settings: Omit<SearchInput, 'path' | 'search'> = {
  endpoint: { appId: 'forecourt', apiKey: 'key', host: 'localhost/search-api', protocol: 'http' },
  index: 'cars',
  sortIndices: ['cars', 'cars_latest', 'cars_price_desc', 'cars_price_asc'],
  pageSize: 21,
  cacheSize: 3,
  facets: ['make', 'body', 'car_type', 'price'],
  nowSeconds: NOW,
  soldWindowDays: 3,
  inStockOnly: false,
  newAndDemoOnly: false,
};

const resultFor = (request: CarSearchRequest): CarSearchResult => ({
  hits: [],
  nbHits: request.hitsPerPage === 0 ? 9 : 42,
  page: (request.state.page ?? 1) - 1,
  nbPages: 2,
  facets: {
    make: { Toyota: 5, Mazda: 4 },
    make_model: { 'Toyota Corolla': 5 },
    body: { SUV: 3, Ute: 6 },
    item_type: { cars: 9, caravans: 2 },
  },
  facetsStats: {},
  processingTimeMS: 1,
});

/** A search page actor whose searches answer from `answer` (or fail when it throws); requests are kept. */
function start(path: string, search = '', answer = resultFor, extra: Partial<SearchInput> = {}) {
  const requests: CarSearchRequest[] = [];
  const runSearch = fromPromise<CarSearchResult, CarSearchCall>(async ({ input }) => {
    requests.push(input.request);
    return answer(input.request);
  });
  const actor = createActor(searchMachine.provide({ actors: { runSearch } }), {
    input: { ...settings, ...extra, path, search },
  });
  const pushed: string[] = [];
  actor.on('url.push', (event) => pushed.push(event.href));
  actor.start();
  return { actor, requests, pushed };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('loading') && !s.matches({ listing: 'searching' }));

describe('search page machine (search-detail-finance-watchlist.md §4 Search results)', () => {
  it('reads the URL (InstantSearch format, brackets percent-encoded), searches and has data', async () => {
    const search =
      'query=corolla&refinementList%5Bmake%5D%5B0%5D=Toyota&refinementList%5Bmake%5D%5B1%5D=Mazda' +
      '&range%5Bprice%5D=10000%3A30000&page=3&sortBy=cars_price_asc';
    const { actor, requests } = start('/search', search);
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    expect(selectCount(actor.getSnapshot())).toBe(42);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      indexName: 'cars_price_asc',
      hitsPerPage: 21,
      facets: settings.facets,
      state: {
        query: 'corolla',
        make: ['Toyota', 'Mazda'],
        price: { min: 10_000, max: 30_000 },
        page: 3,
        sortBy: 'cars_price_asc',
      },
    });
    expect(requests[0]?.filters).toContain('show_on_dealer_website:true');
    expect(requests[0]?.filters).toContain(`NOT sold_at < ${NOW - 3 * 86_400}`);
  });

  it('drops unknown or malformed parameters and keeps the rest — never an error', async () => {
    const { actor, requests } = start(
      '/search',
      'foo=1&page=abc&refinementList[nope][0]=x&range[price]=cheap&sortBy=evil_index&menu[car_type]=used',
    );
    await settled(actor);
    expect(requests[0]?.state).toEqual({ car_type: 'used' });
    expect(requests[0]?.indexName).toBe('cars');
  });

  it('§4: a filter change drops the page and pushes the new URL (which the view shows from the top)', async () => {
    const { actor, pushed } = start('/search', 'page=2');
    await settled(actor);
    expect(selectPage(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'refinement.toggle', attribute: 'make', value: 'Toyota' });
    expect(selectSearchState(actor.getSnapshot())).toEqual({ make: ['Toyota'] });
    expect(pushed).toEqual(['/search?refinementList[make][0]=Toyota']);
    expect(selectHref(actor.getSnapshot())).toBe('/search?refinementList[make][0]=Toyota');
    actor.send({ type: 'sort.set', sortBy: 'cars_price_desc' });
    actor.send({ type: 'range.set', attribute: 'price', range: { max: 30_000 } });
    actor.send({ type: 'menu.set', attribute: 'car_type', value: 'used' });
    actor.send({ type: 'query.set', query: 'hilux' });
    actor.send({ type: 'page.set', page: 2 });
    expect(pushed.at(-1)).toBe(
      '/search?query=hilux&refinementList[make][0]=Toyota&range[price]=:30000&menu[car_type]=used&page=2&sortBy=cars_price_desc',
    );
    actor.send({ type: 'refinements.clear' });
    expect(pushed.at(-1)).toBe('/search?query=hilux&sortBy=cars_price_desc');
    actor.send({ type: 'sort.set', sortBy: null });
    expect(pushed.at(-1)).toBe('/search?query=hilux');
  });

  it('§4: the last good hits, facets and count stay while loading and after an error; retry', async () => {
    let fail = false;
    const { actor } = start('/search', '', (request) => {
      if (fail) throw new Error('Search is unavailable (test fault)');
      return resultFor(request);
    });
    await settled(actor);
    fail = true;
    actor.send({ type: 'query.set', query: '__fault__' });
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    expect(selectCount(actor.getSnapshot())).toBe(42);
    expect(selectIsStale(actor.getSnapshot())).toBe(true);
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('hasError');
    expect(selectError(actor.getSnapshot())).toBe('Search is unavailable (test fault)');
    expect(selectCount(actor.getSnapshot())).toBe(42);
    expect(selectHits(actor.getSnapshot())).toEqual([]);
    fail = false;
    actor.send({ type: 'retry' });
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(selectIsStale(actor.getSnapshot())).toBe(false);
  });

  it('§4: a repeated search answers from the cache at once; a full cache drops its oldest entry', async () => {
    const { actor, requests } = start('/search', '', resultFor, { cacheSize: 2 });
    await settled(actor);
    actor.send({ type: 'query.set', query: 'b' });
    await settled(actor);
    actor.send({ type: 'query.set', query: '' });
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    expect(requests).toHaveLength(2);
    actor.send({ type: 'query.set', query: 'c' });
    await settled(actor);
    expect(requests).toHaveLength(3);
    actor.send({ type: 'query.set', query: 'b' });
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    actor.send({ type: 'query.set', query: '' });
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    await settled(actor);
    expect(requests.map((r) => r.state.query ?? '')).toEqual(['', 'b', 'c', '']);
  });

  it('a press on a value searches at once; its click then shows that result without searching', async () => {
    const { actor, requests, pushed } = start('/search');
    await settled(actor);
    actor.send({ type: 'refinement.intent', attribute: 'body', value: 'SUV' });
    // Nothing a shopper sees changes at the press: the state, the address and the status stay.
    expect(selectSearchState(actor.getSnapshot())).toEqual({});
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    expect(pushed).toEqual([]);
    expect(requests.map((r) => r.state)).toEqual([{}, { body: ['SUV'] }]);
    await waitFor(actor, (s) => s.context.prefetchKey === null);
    // A second press on the same value (a double click) searches nothing more.
    actor.send({ type: 'refinement.intent', attribute: 'body', value: 'SUV' });
    expect(requests).toHaveLength(2);
    actor.send({ type: 'refinement.toggle', attribute: 'body', value: 'SUV' });
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    expect(selectSearchState(actor.getSnapshot())).toEqual({ body: ['SUV'] });
    expect(pushed).toEqual(['/search?refinementList[body][0]=SUV']);
    expect(requests).toHaveLength(2);
    // Pressing the ticked value searches for it unticked: the search already kept.
    actor.send({ type: 'refinement.intent', attribute: 'body', value: 'SUV' });
    expect(requests).toHaveLength(2);
  });

  it('a click before the pressed search answers searches as usual; a press on another value replaces it', async () => {
    const pending: { request: CarSearchRequest; answer: (nbHits: number) => void }[] = [];
    const runSearch = fromPromise<CarSearchResult, CarSearchCall>(
      ({ input }) =>
        new Promise((resolve) =>
          pending.push({
            request: input.request,
            answer: (nbHits) => resolve({ ...resultFor(input.request), nbHits }),
          }),
        ),
    );
    const actor = createActor(searchMachine.provide({ actors: { runSearch } }), {
      input: { ...settings, path: '/search', search: '' },
    }).start();
    pending[0]?.answer(42);
    await settled(actor);
    actor.send({ type: 'refinement.intent', attribute: 'body', value: 'SUV' });
    actor.send({ type: 'refinement.intent', attribute: 'body', value: 'Ute' });
    expect(pending.map((p) => p.request.state)).toEqual([{}, { body: ['SUV'] }, { body: ['Ute'] }]);
    actor.send({ type: 'refinement.toggle', attribute: 'body', value: 'Ute' });
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    // The click's own search and the press's (the app's query cache makes them one request).
    const [, dropped, pressed, clicked] = pending;
    expect(clicked?.request).toEqual(pressed?.request);
    dropped?.answer(3);
    clicked?.answer(6);
    await settled(actor);
    expect(selectCount(actor.getSnapshot())).toBe(6);
    pressed?.answer(6);
    await waitFor(actor, (s) => s.context.prefetchKey === null);
    // One entry per search: the replaced press left nothing, the kept one is not kept twice.
    expect(actor.getSnapshot().context.cache.map((entry) => entry.result.nbHits)).toEqual([42, 6]);
  });

  it("a pressed value's result never pushes out the result on screen; a failed one is forgotten", async () => {
    const { actor, requests } = start('/search', '', resultFor, { cacheSize: 1 });
    await settled(actor);
    actor.send({ type: 'refinement.intent', attribute: 'body', value: 'SUV' });
    await waitFor(actor, (s) => s.context.prefetchKey === null);
    expect(selectCount(actor.getSnapshot())).toBe(42);
    expect(actor.getSnapshot().context.cache).toHaveLength(1);
    actor.send({ type: 'refinement.toggle', attribute: 'body', value: 'SUV' });
    await settled(actor);
    expect(requests).toHaveLength(3);

    const failing = start('/search', '', (request) => {
      if (request.state.body) throw new Error('Search is unavailable');
      return resultFor(request);
    });
    await settled(failing.actor);
    failing.actor.send({ type: 'refinement.intent', attribute: 'body', value: 'Ute' });
    await waitFor(failing.actor, (s) => s.context.prefetchKey === null);
    expect(selectStatus(failing.actor.getSnapshot())).toBe('hasData');
    expect(selectError(failing.actor.getSnapshot())).toBeNull();
    failing.actor.send({ type: 'refinement.toggle', attribute: 'body', value: 'Ute' });
    await settled(failing.actor);
    expect(selectStatus(failing.actor.getSnapshot())).toBe('hasError');
    expect(failing.requests).toHaveLength(3);
  });

  it('back/forward: location.change reads the page from the query parameters and pushes nothing', async () => {
    const { actor, pushed, requests } = start('/search');
    await settled(actor);
    actor.send({ type: 'location.change', path: '/search', search: 'page=3' });
    await settled(actor);
    expect(selectPage(actor.getSnapshot())).toBe(3);
    expect(requests.at(-1)?.state).toEqual({ page: 3 });
    actor.send({ type: 'location.change', path: '/search', search: '' });
    expect(selectStatus(actor.getSnapshot())).toBe('hasData');
    expect(pushed).toEqual([]);
  });

  it('/search/{make} reads the catalog first, then searches the make; its links keep the path', async () => {
    const { actor, requests, pushed } = start('/search/toyota', 'refinementList[body][0]=SUV');
    await settled(actor);
    expect(requests[0]).toMatchObject({
      hitsPerPage: 0,
      facets: ['make', 'make_model', 'body', 'item_type'],
    });
    expect(requests[1]?.state).toEqual({ make: ['Toyota'], body: ['SUV'] });
    expect(selectPageHref(2)(actor.getSnapshot())).toBe('/search/toyota?refinementList[body][0]=SUV&page=2');
    actor.send({ type: 'refinement.toggle', attribute: 'make', value: 'Mazda' });
    expect(pushed.at(-1)).toBe('/search/toyota?refinementList[make][0]=Mazda&refinementList[body][0]=SUV');
    actor.send({ type: 'refinement.toggle', attribute: 'make', value: 'Toyota' });
    expect(pushed.at(-1)).toBe('/search?refinementList[make][0]=Mazda&refinementList[body][0]=SUV');
  });

  it('/search/{make}/{model}, /search/{body}-cars and the listings by type are routes too', async () => {
    const model = start('/search/toyota/corolla');
    await settled(model.actor);
    expect(model.requests[1]?.state).toEqual({ make: ['Toyota'], model: ['Corolla'] });
    const body = start('/search/suv-cars');
    await settled(body.actor);
    expect(body.requests[1]?.state).toEqual({ body: ['SUV'] });
    const used = start('/search/used-cars');
    await settled(used.actor);
    expect(used.requests).toHaveLength(1);
    expect(used.requests[0]?.filters).toContain('(car_type:used)');
  });

  it('/search/caravans lists the vehicle kind the stock has; another kind leaves the route', async () => {
    const { actor, requests, pushed } = start('/search/caravans');
    await settled(actor);
    expect(requests[1]?.state).toEqual({ item_type: 'caravans' });
    expect(selectPageHref(2)(actor.getSnapshot())).toBe('/search/caravans?page=2');
    actor.send({ type: 'menu.set', attribute: 'item_type', value: 'cars' });
    expect(pushed.at(-1)).toBe('/search?menu[item_type]=cars');
    const motorcycles = start('/search/motorcycles');
    await waitFor(motorcycles.actor, (s) => s.status === 'done');
    expect(selectStatus(motorcycles.actor.getSnapshot())).toBe('notFound');
  });

  it('an unknown slug is notFound; a catalog that cannot be read fails, and retry reads it again', async () => {
    const unknown = start('/search/ferrari');
    await waitFor(unknown.actor, (s) => s.status === 'done');
    expect(selectStatus(unknown.actor.getSnapshot())).toBe('notFound');
    let fail = true;
    const failing = start('/search/toyota', '', (request) => {
      if (fail) throw new Error('Network error: offline');
      return resultFor(request);
    });
    await waitFor(failing.actor, (s) => s.matches('failed'));
    expect(selectError(failing.actor.getSnapshot())).toBe('Network error: offline');
    fail = false;
    failing.actor.send({ type: 'retry' });
    await settled(failing.actor);
    expect(selectStatus(failing.actor.getSnapshot())).toBe('hasData');
  });

  it('a persisted snapshot serialises, and a restored actor shows its data without searching', async () => {
    const { actor } = start('/search/toyota');
    await settled(actor);
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as Snapshot<unknown>;
    actor.stop();
    let searches = 0;
    const restored = createActor(
      searchMachine.provide({
        actors: {
          runSearch: fromPromise<CarSearchResult, CarSearchCall>(async ({ input }) => {
            searches += 1;
            return resultFor(input.request);
          }),
        },
      }),
      { input: { ...settings, path: '/search/toyota', search: '' }, snapshot: persisted },
    ).start();
    expect(selectStatus(restored.getSnapshot())).toBe('hasData');
    expect(selectCount(restored.getSnapshot())).toBe(42);
    expect(searches).toBe(0);
  });

  it.each<[string, string, boolean, 'make' | 'body', string, string]>([
    [
      'the base listing a preset narrows keeps its address',
      '/search',
      true,
      'body',
      'SUV',
      '/search?refinementList[body][0]=SUV',
    ],
    [
      'an unnarrowed base listing opens /search/{slug}, words kept',
      '/search?query=rav4&page=2',
      false,
      'body',
      'SUV',
      '/search/suv?query=rav4',
    ],
    [
      'a listing by type keeps its address',
      '/search/used-cars',
      true,
      'body',
      'SUV',
      '/search/used-cars?refinementList[body][0]=SUV',
    ],
    [
      'a make’s page keeps its address for a body',
      '/search/toyota',
      false,
      'body',
      'SUV',
      '/search/toyota?refinementList[body][0]=SUV',
    ],
    ['another make replaces the page’s make', '/search/toyota', false, 'make', 'Mazda', '/search/mazda'],
    [
      'another body from a body’s page (where no preset applies) opens that body’s page',
      '/search/suv',
      true,
      'body',
      'Ute',
      '/search/ute',
    ],
    [
      'a refined body is replaced, not added to',
      '/search?refinementList[body][0]=Ute',
      false,
      'body',
      'SUV',
      '/search/suv',
    ],
  ])(
    'a facet tile opens the listing it counts (issue 31 item 21): %s',
    async (_name, url, preset, attribute, value, href) => {
      const [path = '', search = ''] = url.split('?');
      const shown = start(path, search, resultFor, { newAndDemoOnly: preset });
      await settled(shown.actor);
      const snapshot = shown.actor.getSnapshot();
      expect(selectTileHref(attribute, value)(snapshot)).toBe(href);
      // The page the tile opens searches what the tile counted: this listing, with only that value.
      const counted = shown.requests.at(-1);
      const [tilePath = '', tileSearch = ''] = href.split('?');
      const opened = start(tilePath, tileSearch, resultFor, { newAndDemoOnly: preset });
      await settled(opened.actor);
      const { page: _page, ...state } = selectSearchState(snapshot);
      expect(opened.requests.at(-1)?.filters).toBe(counted?.filters);
      expect(opened.requests.at(-1)?.state).toEqual({ ...state, [attribute]: [value] });
    },
  );
});
