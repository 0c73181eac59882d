import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createAppDeps, onWatchlistChanged, watchlistLogic, watchlistRead } from '../../views/app/wiring.ts';
import { testQueries } from './support/query-cache.ts';

/**
 * The app's watchlist and a page that shows the shopper's list (issue 31 item 21): each save or
 * removal the watchlist makes marks the list's read out of date, and a page following it hears of
 * each one — also of a second change after it has read the list again, and of a change that lands
 * while it is reading the list again (a cache's own invalidation event would not repeat then).
 */

/**
 * An app whose server saves every car and answers the list with `readList` (after the watchlist's own
 * first read), its watchlist loaded, and a page following the list: `heard()` counts the changes it
 * was told of, `save(id)` saves a car and waits until the watchlist is idle again.
 */
async function followedWatchlist(readList: () => Promise<void> = async () => undefined) {
  const saved: number[] = [];
  let reads = 0;
  const deps = createAppDeps({
    baseUrl: 'http://bayside-mazda.localhost',
    queries: testQueries(),
    fetch: async (request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/watchlist/save-car') {
        const { car_id } = (await request.json()) as { car_id: number };
        saved.push(car_id);
        return Response.json({ success: true, car_id });
      }
      reads += 1;
      if (reads > 1) await readList();
      return Response.json({ signed_in: true, phone_number: '0400111222', cars: [] });
    },
  });
  let heard = 0;
  const stop = onWatchlistChanged(deps, () => {
    heard += 1;
  });
  const watchlist = createActor(watchlistLogic(deps)).start();
  watchlist.send({ type: 'list.load' });
  await waitFor(watchlist, (s) => s.matches({ ready: 'idle' }));
  const save = async (id: number) => {
    watchlist.send({ type: 'car.save', car: { id, name: `Car ${id}` }, from: '/watchlist' });
    await waitFor(watchlist, (s) => s.matches({ ready: 'idle' }) && s.context.queue.length === 0);
  };
  return { deps, saved, save, heard: () => heard, stop };
}

describe('a save of the app’s watchlist reaches a page that shows the list', () => {
  it('each change is heard, one after another', async () => {
    const { deps, saved, save, heard, stop } = await followedWatchlist();
    await save(501);
    expect(heard()).toBe(1);
    // The page reads the list again, through the same cache.
    await watchlistRead(deps)();
    await save(502);
    expect(heard()).toBe(2);
    expect(saved).toEqual([501, 502]);
    stop();
  });

  it('a save that lands while the page reads the list again is heard too', async () => {
    let releaseRead: () => void = () => undefined;
    const { deps, save, heard, stop } = await followedWatchlist(
      () =>
        new Promise<void>((done) => {
          releaseRead = done;
        }),
    );
    await save(601);
    expect(heard()).toBe(1);
    // The page reads the list again; while that read is on its way, another save goes through.
    const reading = watchlistRead(deps)();
    await save(602);
    expect(heard()).toBe(2);
    releaseRead();
    await reading;
    stop();
  });
});
