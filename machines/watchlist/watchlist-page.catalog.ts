import type { WatchlistCar } from '../../domain/watchlist.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { watchlistPageMachine } from './watchlist-page.machine.ts';

const sold: WatchlistCar = {
  id: 501,
  slug: '2022-mazda-cx-5-touring-501',
  name: '2022 Mazda CX-5 Touring',
  price: 36_990,
  status: 'sold',
  sold: true,
  primary_image_url: null,
  saved_at: '2026-03-01T00:00:00.000Z',
};
const saved: WatchlistCar = {
  ...sold,
  id: 502,
  slug: '2023-mazda-cx-60-502',
  name: '2023 Mazda CX-60',
  sold: false,
};

/**
 * The watchlist page's path tests: the list loads, or loading fails and `retry` loads again; a change
 * of the list meanwhile (`list.changed`) reads it again, once more when it changed during a read.
 */
export const watchlistPageCatalogEntry = defineCatalogEntry(watchlistPageMachine, {
  summary: 'Watchlist page: loading → ready | failed (retry); list.changed → refreshing → ready',
  promiseInvokes: { load: 'load', reload: 'load' },
  events: [
    {
      type: 'xstate.done.actor.load',
      output: { signed_in: true, phone_number: '0400111222', cars: [sold] },
    },
    { type: 'xstate.error.actor.load', error: new Error('Network error') },
    {
      type: 'xstate.done.actor.reload',
      output: { signed_in: true, phone_number: '0400111222', cars: [saved, sold] },
    },
    { type: 'xstate.error.actor.reload', error: new Error('Network error') },
  ],
  notThroughUi: {
    'refreshing list.changed':
      'a second save must land within the few milliseconds the page takes to read its list again, which a shopper cannot time; `tests/views/watchlist-follow.test.ts` holds the read open and shows the change is heard',
    'refreshing xstate.done.actor.reload [isStale]': 'follows `refreshing list.changed` (above)',
  },
  serializeState: ({ value, context }) => ({
    value,
    cars: context.data?.cars.map((car) => car.id) ?? null,
    stale: context.stale,
    error: context.error !== null,
  }),
});
