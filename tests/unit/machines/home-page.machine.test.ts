import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { HomeContent } from '../../../domain/contracts/home.ts';
import {
  type HomePageData,
  type HomePageInput,
  homePageMachine,
} from '../../../machines/home-page/home-page.machine.ts';
import {
  selectError,
  selectHome,
  selectIsLoading,
  selectStock,
} from '../../../machines/home-page/home-page.selectors.ts';

const home: HomeContent = {
  name: 'Bayside Mazda',
  tagline: 't',
  description: 'd',
  dealerships: [],
  locations: [],
  promotions: [],
};
const search = { indexName: 'cars', state: {}, facets: [], filters: '', hitsPerPage: 6 };
const input = {
  stock: {
    endpoint: { appId: 'a', apiKey: 'k', host: 'localhost/search-api', protocol: 'http' as const },
    featured: search,
    makes: { ...search, facets: ['make'], hitsPerPage: 0 },
  },
  nowSeconds: 1_790_000_000,
};
const loaded = { content: home, stock: { featured: [], makes: [{ name: 'Mazda', count: 12 }] } };

describe('home page machine', () => {
  it('loads, then is ready with the content', async () => {
    const actor = createActor(
      homePageMachine.provide({
        actors: { load: fromPromise<HomePageData, HomePageInput>(async () => loaded) },
      }),
      { input },
    ).start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectHome(actor.getSnapshot())).toEqual(home);
    expect(selectStock(actor.getSnapshot())?.makes).toEqual([{ name: 'Mazda', count: 12 }]);
  });

  it('keeps the failure message as a string (it must survive a persisted snapshot), and retries', async () => {
    let calls = 0;
    const load = fromPromise<HomePageData, HomePageInput>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('Network error: offline');
      return loaded;
    });
    const actor = createActor(homePageMachine.provide({ actors: { load } }), { input }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectError(actor.getSnapshot())).toBe('Network error: offline');
    expect(JSON.parse(JSON.stringify(actor.getPersistedSnapshot()))).toMatchObject({
      context: { error: 'Network error: offline' },
    });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(calls).toBe(2);
  });

  it('a restored ready snapshot does not load again', async () => {
    const first = createActor(
      homePageMachine.provide({
        actors: { load: fromPromise<HomePageData, HomePageInput>(async () => loaded) },
      }),
      { input },
    ).start();
    await waitFor(first, (s) => s.matches('ready'));
    const persisted = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
    let loads = 0;
    const restored = createActor(
      homePageMachine.provide({
        actors: {
          load: fromPromise<HomePageData, HomePageInput>(async () => {
            loads += 1;
            return loaded;
          }),
        },
      }),
      { snapshot: persisted, input },
    ).start();
    expect(restored.getSnapshot().matches('ready')).toBe(true);
    expect(selectHome(restored.getSnapshot())?.name).toBe('Bayside Mazda');
    expect(loads).toBe(0);
  });
});
