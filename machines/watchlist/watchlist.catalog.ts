import type { WatchlistCarRef } from '../../domain/watchlist.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { watchlistMachine } from './watchlist.machine.ts';

const cx5: WatchlistCarRef = { id: 501, name: '2022 Mazda CX-5 Touring' };
const from = '/cars/2022-mazda-cx-5-touring-501';

/**
 * The watchlist's path tests: loads on demand; saves and removes change the list at once, then the
 * server answers (toast, or alert and roll back); without a phone a save goes to sign-in and is made
 * after the session refreshes. Paths stop once two changes wait in the queue.
 */
export const watchlistCatalogEntry = defineCatalogEntry(watchlistMachine, {
  summary: 'Watchlist: unloaded → loading → ready (save/remove at once, then the server: toast | roll back)',
  promiseInvokes: { loadWatchlist: 'loadWatchlist', saveCar: 'saveCar', removeCar: 'removeCar' },
  events: [
    {
      type: 'xstate.done.actor.loadWatchlist',
      output: { signedIn: true, phoneNumber: '0400111222', carIds: [] },
    },
    { type: 'xstate.done.actor.loadWatchlist', output: { signedIn: true, phoneNumber: null, carIds: [] } },
    { type: 'xstate.done.actor.loadWatchlist', output: { signedIn: false, phoneNumber: null, carIds: [] } },
    { type: 'xstate.error.actor.loadWatchlist', error: new Error('Network error') },
    { type: 'car.save', car: cx5, from },
    { type: 'car.remove', car: cx5 },
    { type: 'xstate.done.actor.saveCar', output: { success: true, car_id: cx5.id } },
    { type: 'xstate.error.actor.saveCar', error: new Error('Car not found') },
    { type: 'xstate.done.actor.removeCar', output: { success: true, car_id: cx5.id } },
    { type: 'xstate.error.actor.removeCar', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    signedIn: context.signedIn,
    phone: context.phoneNumber !== null,
    carIds: context.carIds,
    queue: context.queue.map((op) => op.change),
    pending: context.pendingSave?.id ?? null,
    lastSuccess: context.lastResult?.success ?? null,
  }),
  stopWhen: (snapshot) => snapshot.context.queue.length >= 2,
  // Simple paths explode (every save/remove/answer interleaving is a cycle through `ready`); the
  // shortest paths already take every transition (`npm run catalog -- watchlist`: no findings).
  simplePaths: false,
  provide: { actions: { alertMessage: () => {} } },
  notThroughUi: {
    'unloaded session.refresh':
      'the shell loads the list as soon as the app has hydrated (app.hydrated), before any page can change the session',
    'loading session.refresh':
      'the list is read within moments of hydration; a change of session needs a form sent and answered first',
    'failed retry':
      'a list that cannot be read hides the save buttons and offers no retry; a change of session reads it again',
    'ready car.save [isSaved]':
      'a saved car’s button is pressed, so pressing it removes the car (car.remove); every button for a car shows it saved',
  },
});
