import { fromPromise } from 'xstate';
import { confirmSearchMachine } from '../../machines/saved-searches/confirm-search.machine.ts';
import { savedSearchesPageMachine } from '../../machines/saved-searches/saved-searches-page.machine.ts';
import { unsubscribeMachine } from '../../machines/saved-searches/unsubscribe.machine.ts';
import {
  confirmSavedSearch,
  deleteSavedSearch,
  fetchSavedSearches,
  saveSearch,
  saveSearchByEmail,
  setAlertFrequency,
  unsubscribe,
} from '../../services/saved-searches/saved-searches.service.ts';
import type { AppDeps } from '../app/app-deps.ts';

/** The saved-searches page's machine: the list (read with the shopper's cookie, also when rendering) and its changes. */
export function savedSearchesPageLogic({ http }: AppDeps) {
  return savedSearchesPageMachine.provide({
    actors: {
      load: fromPromise(() => fetchSavedSearches(http)),
      saveSearch: fromPromise(({ input }) => saveSearch(http, input)),
      saveSearchByEmail: fromPromise(({ input }) => saveSearchByEmail(http, input)),
      setFrequency: fromPromise(({ input }) => setAlertFrequency(http, input)),
      deleteSearch: fromPromise(({ input }) => deleteSavedSearch(http, input)),
    },
  });
}

/** The unsubscribe page's machine: the token sent when the shopper confirms. */
export function unsubscribeLogic({ http }: AppDeps) {
  return unsubscribeMachine.provide({
    actors: { unsubscribe: fromPromise(({ input }) => unsubscribe(http, input)) },
  });
}

/** The confirmation page's machine (issue 37 item 9): the link's token sent when the shopper confirms. */
export function confirmSearchLogic({ http }: AppDeps) {
  return confirmSearchMachine.provide({
    actors: { confirmSearch: fromPromise(({ input }) => confirmSavedSearch(http, input)) },
  });
}
