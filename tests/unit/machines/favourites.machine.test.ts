import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, waitFor } from 'xstate';
import type { FavouriteCar } from '../../../domain/watchlist.ts';
import { favouritesMachine } from '../../../machines/favourites/favourites.machine.ts';
import { selectFavourites, selectIsFavourite } from '../../../machines/favourites/favourites.selectors.ts';

const car: FavouriteCar = {
  id: 501,
  slug: 'cx-5-501',
  name: '2022 Mazda CX-5',
  price: 36_990,
  primary_image_url: null,
};

function start(stored: FavouriteCar[] | Error) {
  const writes: FavouriteCar[][] = [];
  const actor = createActor(
    favouritesMachine.provide({
      actors: {
        readFavourites: fromPromise(async () => {
          if (stored instanceof Error) throw stored;
          return stored;
        }),
      },
      actions: { writeFavourites: (_, { cars }) => writes.push(cars) },
    }),
  );
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, writes, emitted };
}

describe('favourites machine (search-detail-finance-watchlist.md §4 Favourites)', () => {
  it('adding a car stores the list and records analytics event 39; adding it again changes nothing', async () => {
    const { actor, writes, emitted } = start([]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'favourite.add', car });
    actor.send({ type: 'favourite.add', car });
    expect(selectIsFavourite(501)(actor.getSnapshot())).toBe(true);
    expect(writes).toEqual([[car]]);
    expect(emitted).toEqual([{ type: 'analytics', event_id: 39, car_id: 501 }]);
  });

  it('removing a car drops it from the list and from storage, with no analytics', async () => {
    const { actor, writes, emitted } = start([car]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'favourite.remove', carId: 501 });
    expect(selectFavourites(actor.getSnapshot())).toEqual([]);
    expect(writes).toEqual([[]]);
    expect(emitted).toEqual([]);
  });

  it('storage that cannot be read leaves the list unavailable, with the reason', async () => {
    const { actor } = start(new Error('The saved favourites could not be read'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The saved favourites could not be read');
  });
});
