import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CompareCar } from '../../../domain/compare.ts';
import { compareMachine } from '../../../machines/compare/compare.machine.ts';
import {
  selectCars,
  selectCompareHref,
  selectHolds,
  selectIsFull,
  selectNotice,
} from '../../../machines/compare/compare.selectors.ts';

const car = (n: number): CompareCar => ({
  id: n,
  slug: `car-${n}`,
  name: `Car ${n}`,
  primary_image_url: null,
});

async function start(stored: CompareCar[] | Error = []) {
  const writes: CompareCar[][] = [];
  const actor = createActor(
    compareMachine.provide({
      actors: {
        readTray: fromPromise(async () => {
          if (stored instanceof Error) throw stored;
          return stored;
        }),
      },
      actions: { writeTray: (_, cars) => void writes.push(cars) },
    }),
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  return { actor, writes };
}

describe('compare tray machine (issue 19 item 1)', () => {
  it('restores the stored tray, adds and removes cars, and stores every change', async () => {
    const { actor, writes } = await start([car(1)]);
    expect(actor.getSnapshot().matches({ ready: 'holding' })).toBe(true);
    actor.send({ type: 'compare.add', car: car(2) });
    actor.send({ type: 'compare.add', car: car(2) });
    expect(selectCars(actor.getSnapshot()).map((c) => c.id)).toEqual([1, 2]);
    expect(selectHolds('car-2')(actor.getSnapshot())).toBe(true);
    expect(selectCompareHref(actor.getSnapshot())).toBe('/compare?cars=car-1,car-2');
    actor.send({ type: 'compare.remove', slug: 'car-1' });
    expect(writes.map((cars) => cars.map((c) => c.id))).toEqual([[1, 2], [2]]);
  });

  it('a fifth car is refused with a clear message, and removing one makes room', async () => {
    const { actor } = await start([car(1), car(2), car(3)]);
    actor.send({ type: 'compare.add', car: car(4) });
    expect(selectIsFull(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'compare.add', car: car(5) });
    expect(selectNotice(actor.getSnapshot())).toBe(
      'You can compare up to 4 cars. Remove one to add another.',
    );
    expect(selectCars(actor.getSnapshot())).toHaveLength(4);
    actor.send({ type: 'compare.remove', slug: 'car-4' });
    expect(selectNotice(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'compare.add', car: car(5) });
    expect(selectCars(actor.getSnapshot()).map((c) => c.id)).toEqual([1, 2, 3, 5]);
  });

  it('on a phone three are the limit; a tray filled wider keeps its cars but takes no more', async () => {
    const { actor } = await start([car(1), car(2), car(3), car(4)]);
    actor.send({ type: 'compare.limit', limit: 3 });
    expect(selectIsFull(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'compare.add', car: car(5) });
    expect(selectNotice(actor.getSnapshot())).toBe(
      'You can compare up to 3 cars. Remove one to add another.',
    );
    expect(selectCars(actor.getSnapshot())).toHaveLength(4);
  });

  it('cleared, it is empty; storage that cannot be read starts an empty tray', async () => {
    const { actor, writes } = await start([car(1)]);
    actor.send({ type: 'compare.clear' });
    expect(actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);
    expect(writes.at(-1)).toEqual([]);
    const broken = await start(new Error('storage off'));
    expect(broken.actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);
  });

  it('a phone’s limit told while the tray is still being read holds once it is read (issue 31 item 10)', async () => {
    let release: (cars: CompareCar[]) => void = () => undefined;
    const actor = createActor(
      compareMachine.provide({
        actors: { readTray: fromPromise(() => new Promise<CompareCar[]>((resolve) => (release = resolve))) },
        actions: { writeTray: () => undefined },
      }),
    ).start();
    actor.send({ type: 'compare.limit', limit: 3 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    release([car(1), car(2)]);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'compare.add', car: car(3) });
    expect(selectIsFull(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'compare.add', car: car(4) });
    expect(selectNotice(actor.getSnapshot())).toBe(
      'You can compare up to 3 cars. Remove one to add another.',
    );
    expect(selectCars(actor.getSnapshot()).map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it("another tab's tray replaces this one", async () => {
    const { actor } = await start([car(1)]);
    actor.send({ type: 'compare.sync', cars: [car(7), car(8)] });
    expect(selectCars(actor.getSnapshot()).map((c) => c.id)).toEqual([7, 8]);
  });
});
