import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, waitFor } from 'xstate';
import type { WatchlistChange } from '../../../domain/watchlist.ts';
import {
  type WatchlistSnapshotData,
  watchlistMachine,
} from '../../../machines/watchlist/watchlist.machine.ts';
import { selectIsSaved } from '../../../machines/watchlist/watchlist.selectors.ts';

const cx5 = { id: 501, name: '2022 Mazda CX-5 Touring' };
const rav4 = { id: 502, name: '2023 Toyota RAV4 GX' };
const from = '/cars/2022-mazda-cx-5-touring-501?ref=card';

/** A controllable server: each call waits until the test settles it. */
function fakeServer(initial: WatchlistSnapshotData) {
  const calls: { change: 'save' | 'remove'; body: WatchlistChange; settle: (error?: Error) => void }[] = [];
  const loads: WatchlistSnapshotData[] = [initial];
  const change = (kind: 'save' | 'remove') =>
    fromPromise<unknown, WatchlistChange>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({
            change: kind,
            body: input,
            settle: (error) => (error ? reject(error) : resolve({ success: true, car_id: input.car_id })),
          });
        }),
    );
  const alertMessage = vi.fn();
  const machine = watchlistMachine.provide({
    actors: {
      loadWatchlist: fromPromise(async () => loads.at(-1) ?? initial),
      saveCar: change('save'),
      removeCar: change('remove'),
    },
    actions: { alertMessage: (_, { message }) => alertMessage(message) },
  });
  const actor = createActor(machine);
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted, alertMessage, loads };
}

const signedIn = { signedIn: true, phoneNumber: '0400111222', carIds: [] };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchlist machine (search-detail-finance-watchlist.md §4 Watchlist, §7, §8)', () => {
  it('stays unloaded until something asks for the list, then loads it once', async () => {
    const { actor } = fakeServer({ ...signedIn, carIds: [7] });
    expect(actor.getSnapshot().value).toBe('unloaded');
    actor.send({ type: 'list.load' });
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.carIds).toEqual([7]);
  });

  it('a save adds the car at once, then calls save-car with {phone_number, car_id}; success emits the toast and event 39', async () => {
    const { actor, calls, emitted } = fakeServer(signedIn);
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'car.save', car: cx5, from });
    expect(selectIsSaved(cx5.id)(actor.getSnapshot())).toBe(true);
    await settled();
    expect(calls.map((call) => [call.change, call.body])).toEqual([
      ['save', { phone_number: '0400111222', car_id: 501 }],
    ]);
    expect(emitted).toEqual([]);
    calls[0]?.settle();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(emitted).toEqual([
      {
        type: 'toast',
        toast: {
          title: 'Car Saved In Watchlist',
          description: '2022 Mazda CX-5 Touring is now available in your watchlist',
          action: { label: 'View List', href: '/watchlist' },
        },
      },
      { type: 'analytics', event_id: 39, car_id: 501 },
    ]);
    expect(actor.getSnapshot().context.lastResult).toEqual({
      change: 'save',
      carId: 501,
      success: true,
      message: null,
    });
  });

  it('§8 a refused save alerts the message, records success false and puts the list back as it was', async () => {
    const { actor, calls, emitted, alertMessage } = fakeServer({ ...signedIn, carIds: [9] });
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'car.save', car: cx5, from });
    expect(actor.getSnapshot().context.carIds).toEqual([9, 501]);
    await settled();
    calls[0]?.settle(new Error('Car not found'));
    await waitFor(actor, (s) => s.context.queue.length === 0);
    expect(actor.getSnapshot().context.carIds).toEqual([9]);
    expect(alertMessage).toHaveBeenCalledWith('Car not found');
    expect(actor.getSnapshot().context.lastResult).toEqual({
      change: 'save',
      carId: 501,
      success: false,
      message: 'Car not found',
    });
    expect(emitted).toEqual([]);
  });

  it('a remove deletes the car at once; success toasts "Car Removed", failure puts it back in its place', async () => {
    const { actor, calls, emitted, alertMessage } = fakeServer({ ...signedIn, carIds: [1, 501, 2] });
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'car.remove', car: cx5 });
    expect(actor.getSnapshot().context.carIds).toEqual([1, 2]);
    await settled();
    calls[0]?.settle(new Error('Network error: offline'));
    await waitFor(actor, (s) => s.context.queue.length === 0);
    expect(actor.getSnapshot().context.carIds).toEqual([1, 501, 2]);
    expect(alertMessage).toHaveBeenCalledWith('Network error: offline');
    actor.send({ type: 'car.remove', car: cx5 });
    await settled();
    calls[1]?.settle();
    await waitFor(actor, (s) => s.context.queue.length === 0);
    expect(emitted).toEqual([
      {
        type: 'toast',
        toast: {
          title: 'Car Removed',
          description: '2022 Mazda CX-5 Touring is no longer in your watchlist',
          action: { label: 'View List', href: '/watchlist' },
        },
      },
    ]);
  });

  it('changes made while one is on its way queue up and reach the server in order', async () => {
    const { actor, calls } = fakeServer(signedIn);
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'car.save', car: cx5, from });
    actor.send({ type: 'car.save', car: rav4, from });
    actor.send({ type: 'car.remove', car: cx5 });
    expect(actor.getSnapshot().context.carIds).toEqual([502]);
    for (let index = 0; index < 3; index++) {
      await settled();
      calls[index]?.settle();
    }
    await waitFor(actor, (s) => s.context.queue.length === 0);
    expect(calls.map((call) => `${call.change} ${call.body.car_id}`)).toEqual([
      'save 501',
      'save 502',
      'remove 501',
    ]);
  });

  it('§4 without a phone on record a save goes to sign-in (type=watchlist, redirect and back), and is made once the shopper is back with one', async () => {
    const { actor, calls, emitted, loads } = fakeServer({ signedIn: false, phoneNumber: null, carIds: [] });
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'car.save', car: cx5, from });
    expect(emitted).toEqual([
      {
        type: 'navigate',
        to: '/sign-in?type=watchlist&redirect=%2Fcars%2F2022-mazda-cx-5-touring-501%3Fref%3Dcard&back=%2Fcars%2F2022-mazda-cx-5-touring-501%3Fref%3Dcard',
      },
    ]);
    expect(selectIsSaved(cx5.id)(actor.getSnapshot())).toBe(false);
    await settled();
    expect(calls).toEqual([]);
    loads.push(signedIn);
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.matches({ ready: 'saving' }));
    expect(selectIsSaved(cx5.id)(actor.getSnapshot())).toBe(true);
    expect(calls.map((call) => call.body)).toEqual([{ phone_number: '0400111222', car_id: 501 }]);
  });

  it('its snapshot is plain data (it persists and restores)', async () => {
    const { actor } = fakeServer({ ...signedIn, carIds: [3] });
    actor.send({ type: 'list.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    expect(persisted.context).toMatchObject({ carIds: [3], phoneNumber: '0400111222' });
  });
});

describe('a save asked for before an emailed sign-up link (issue 14 item 8)', () => {
  it('a stored pending save from the list’s load is made once signed in with a phone, and then forgotten', async () => {
    const { actor, calls } = fakeServer({ ...signedIn, pendingSave: cx5 });
    actor.send({ type: 'list.load' });
    await waitFor(actor, () => calls.length === 1);
    expect(calls[0]?.body).toEqual({ phone_number: '0400111222', car_id: cx5.id });
    expect(actor.getSnapshot().context.pendingSave).toBeNull();
  });

  it('the browser keeps it for an hour, not longer', async () => {
    const { readPendingSave, storePendingSave } = await import(
      '../../../services/watchlist/pending-save.storage.ts'
    );
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    storePendingSave(storage, cx5, 1_000_000);
    expect(readPendingSave(storage, 1_000_000 + 59 * 60_000)).toEqual(cx5);
    expect(readPendingSave(storage, 1_000_000 + 61 * 60_000)).toBeNull();
    storePendingSave(storage, null, 1_000_000);
    expect(readPendingSave(storage, 1_000_000)).toBeNull();
  });
});
