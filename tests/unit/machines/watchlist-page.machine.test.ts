import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { WatchlistAnswer } from '../../../domain/contracts/watchlist.ts';
import type { WatchlistCar } from '../../../domain/watchlist.ts';
import {
  type WatchlistPageEvent,
  watchlistPageMachine,
} from '../../../machines/watchlist/watchlist-page.machine.ts';

const car = (id: number, name: string): WatchlistCar => ({
  id,
  slug: `car-${id}`,
  name,
  price: 30_000,
  status: 'in_stock',
  sold: false,
  primary_image_url: null,
  saved_at: '2026-03-01T00:00:00.000Z',
});
const cx5 = car(501, '2022 Mazda CX-5 Touring');
const cx60 = car(502, '2023 Mazda CX-60');
const answer = (...cars: WatchlistCar[]): WatchlistAnswer => ({
  signed_in: true,
  phone_number: '0400111222',
  cars,
});

/**
 * The server's list as each read finds it (one read per `reads` entry, held until the test lets it
 * go), and the page's `followList` as the wiring binds it: `changed()` is a save the app's watchlist
 * made meanwhile.
 */
function page(options: { restored?: unknown } = {}) {
  const reads: { resolve: (list: WatchlistAnswer) => void }[] = [];
  let follow: ((event: WatchlistPageEvent) => void) | null = null;
  const machine = watchlistPageMachine.provide({
    actors: {
      load: fromPromise(() => new Promise<WatchlistAnswer>((resolve) => reads.push({ resolve }))),
      followList: fromCallback<WatchlistPageEvent>(({ sendBack }) => {
        follow = sendBack;
        return () => {
          follow = null;
        };
      }),
    },
  });
  const actor = createActor(machine, options.restored ? { snapshot: options.restored as never } : {});
  actor.start();
  return {
    actor,
    reads,
    changed: () => follow?.({ type: 'list.changed' }),
    following: () => follow !== null,
    shown: () => actor.getSnapshot().context.data?.cars.map((shown) => shown.name) ?? null,
  };
}

describe('watchlist page machine: it follows the shopper’s list (issue 31 item 21)', () => {
  it('a save made while the page shows reads the list again and shows the car, without a reload', async () => {
    const { actor, reads, changed, shown } = page();
    reads[0]?.resolve(answer(cx5));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown()).toEqual([cx5.name]);

    changed();
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(shown()).toEqual([cx5.name]);
    reads[1]?.resolve(answer(cx60, cx5));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown()).toEqual([cx60.name, cx5.name]);
  });

  it('a row removed on the page stays (to save it again) when the list is read again', async () => {
    const { actor, reads, changed, shown } = page();
    reads[0]?.resolve(answer(cx5));
    await waitFor(actor, (s) => s.matches('ready'));
    changed();
    reads[1]?.resolve(answer(cx60));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown()).toEqual([cx60.name, cx5.name]);
  });

  it('a save that lands while the first read is on its way reads once more after it', async () => {
    const { actor, reads, changed, shown } = page();
    changed();
    reads[0]?.resolve(answer());
    await waitFor(actor, () => reads.length === 2);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    reads[1]?.resolve(answer(cx60));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown()).toEqual([cx60.name]);
  });

  it('restored from the server’s snapshot, the page still follows the list', async () => {
    const server = page();
    server.reads[0]?.resolve(answer(cx5));
    await waitFor(server.actor, (s) => s.matches('ready'));
    const persisted = JSON.parse(JSON.stringify(server.actor.getPersistedSnapshot()));
    server.actor.stop();

    const browser = page({ restored: persisted });
    expect(browser.actor.getSnapshot().matches('ready')).toBe(true);
    expect(browser.following()).toBe(true);
    browser.changed();
    browser.reads[0]?.resolve(answer(cx60, cx5));
    await waitFor(browser.actor, (s) => s.matches('ready') && s.context.data?.cars.length === 2);
    expect(browser.shown()).toEqual([cx60.name, cx5.name]);
  });
});
