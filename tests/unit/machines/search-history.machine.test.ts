import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeSearch } from '../../../domain/search-description.ts';
import type { SearchState } from '../../../domain/search-state.ts';
import { searchHistoryMachine } from '../../../machines/search-history/search-history.machine.ts';
import {
  selectError,
  selectHistoryLinks,
  selectIsLoading,
} from '../../../machines/search-history/search-history.selectors.ts';

/** Storage as a fake: what was saved, and switches to make reading or saving fail. */
function fakeStorage(stored: unknown = null) {
  const storage = { stored, saves: [] as SearchState[][], failLoad: false, failSave: false };
  const machine = searchHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise(async () => {
        if (storage.failLoad) throw new Error('Storage is unavailable');
        return storage.stored;
      }),
      saveHistory: fromPromise(async ({ input }) => {
        if (storage.failSave) throw new Error('Storage is full');
        storage.saves.push(input.history);
        storage.stored = input.history;
      }),
    },
  });
  return { storage, machine };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const searches: SearchState[] = [
  { query: 'corolla' },
  { make: ['Ford'] },
  { body: ['Ute'] },
  { make: ['Mazda'], price: { max: 30_000 } },
  { car_type: 'used' },
  { query: 'ranger', km: { max: 50_000 } },
];

describe('search history machine (doc 2 §4 "Toasts and history", §9 "Search history 5 entries")', () => {
  it('reads the stored history, dropping entries that are not searches', async () => {
    const { machine } = fakeStorage([{ make: ['Ford'] }, 'junk', { page: 'x' }, {}]);
    const actor = createActor(machine).start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context.history).toEqual([{ make: ['Ford'] }]);
  });

  it('§9: keeps the last 5 searches, newest first, each once, saving each change', async () => {
    const { machine, storage } = fakeStorage();
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    for (const search of searches) {
      actor.send({ type: 'search.remember', search });
      await flush();
    }
    actor.send({ type: 'search.remember', search: { car_type: 'used', page: 3 } });
    await flush();
    const history = actor.getSnapshot().context.history;
    expect(history).toHaveLength(5);
    expect(history[0]).toEqual({ car_type: 'used' });
    expect(history[1]).toEqual(searches[5]);
    expect(history).not.toContainEqual({ query: 'corolla' });
    expect(storage.stored).toEqual(history);
  });

  it('an empty search, or the newest again, changes nothing and saves nothing', async () => {
    const { machine, storage } = fakeStorage([{ make: ['Ford'] }]);
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'search.remember', search: {} });
    actor.send({ type: 'search.remember', search: { make: ['Ford'], page: 2 } });
    await flush();
    expect(storage.saves).toEqual([]);
  });

  it('a search shown while the history loads is remembered once it has loaded', async () => {
    const { machine, storage } = fakeStorage([{ make: ['Ford'] }]);
    const actor = createActor(machine).start();
    actor.send({ type: 'search.remember', search: { query: 'hilux' } });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: 'ready' }));
    expect(actor.getSnapshot().context.history).toEqual([{ query: 'hilux' }, { make: ['Ford'] }]);
    expect(storage.saves).toHaveLength(1);
  });

  it('a failed read holds its message and retries; a failed save too, saving the latest', async () => {
    const { machine, storage } = fakeStorage();
    storage.failLoad = true;
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectError(actor.getSnapshot())).toBe('Storage is unavailable');
    expect(JSON.parse(JSON.stringify(actor.getPersistedSnapshot()))).toMatchObject({
      context: { error: 'Storage is unavailable' },
    });
    storage.failLoad = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: 'ready' }));
    storage.failSave = true;
    actor.send({ type: 'search.remember', search: { query: 'corolla' } });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: 'saveFailed' }));
    expect(selectError(actor.getSnapshot())).toBe('Storage is full');
    storage.failSave = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: 'ready' }));
    expect(storage.stored).toEqual([{ query: 'corolla' }]);
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('clearing saves an empty history', async () => {
    const { machine, storage } = fakeStorage([{ make: ['Ford'] }]);
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'history.clear' });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: 'ready' }));
    expect(storage.stored).toEqual([]);
  });

  it('each remembered search is a link to the listing with a short description', async () => {
    const { machine } = fakeStorage([
      { query: 'ranger', make: ['Ford'], price: { min: 20_000, max: 40_000 } },
    ]);
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectHistoryLinks('/search')(actor.getSnapshot())).toEqual([
      {
        key: expect.any(String),
        label: '“ranger” · Ford · $20,000 – $40,000',
        href: '/search?query=ranger&refinementList[make][0]=Ford&range[price]=20000:40000',
      },
    ]);
    expect(describeSearch({ km: { max: 50_000 }, year: { min: 2018 } })).toBe('under 50,000 km · from 2018');
  });
});
