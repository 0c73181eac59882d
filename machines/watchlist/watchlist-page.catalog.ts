import { defineCatalogEntry } from '../catalog.types.ts';
import { watchlistPageMachine } from './watchlist-page.machine.ts';

/** The watchlist page's path tests: the list loads, or loading fails and `retry` loads again. */
export const watchlistPageCatalogEntry = defineCatalogEntry(watchlistPageMachine, {
  summary: 'Watchlist page: loading → ready | failed, and retry from failed',
  promiseInvokes: { load: 'load' },
  events: [
    {
      type: 'xstate.done.actor.load',
      output: {
        signed_in: true,
        phone_number: '0400111222',
        cars: [
          {
            id: 501,
            slug: '2022-mazda-cx-5-touring-501',
            name: '2022 Mazda CX-5 Touring',
            price: 36_990,
            status: 'sold',
            sold: true,
            primary_image_url: null,
            saved_at: '2026-03-01T00:00:00.000Z',
          },
        ],
      },
    },
    { type: 'xstate.error.actor.load', error: new Error('Network error') },
  ],
});
