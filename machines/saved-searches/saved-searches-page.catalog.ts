import type { SavedSearch } from '../../domain/saved-search.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { savedSearchesPageMachine } from './saved-searches-page.machine.ts';

const mazdas: SavedSearch = {
  id: 7,
  name: 'Used · Mazda · under $30,000',
  href: '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Mazda',
  frequency: 'instant',
  created_at: '2026-11-26T00:00:00.000Z',
};

/**
 * The saved-searches page's path tests, arriving from a listing's "Save search": loading → ready
 * (signed in: the offer to save; signed out: the offer to save with just an email, issue 37 item 9) |
 * failed and retry; save (or the empty name, or a signed-out shopper's bad email, refused), the
 * confirmation link sent or refused, dismiss, change a frequency, delete, each answered or refused.
 */
export const savedSearchesPageCatalogEntry = defineCatalogEntry(savedSearchesPageMachine, {
  summary:
    'Saved searches page: loading → ready (offer to save, by email too | list) | failed; save, email a link, dismiss, change emails, delete — answered or refused',
  // From a listing's "Save search" (the offer, signed in or by email), and opened directly (the list).
  inputs: [
    {
      offer: {
        href: '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Mazda',
        search: { make: ['Mazda'], price: { max: 30_000 } },
        car_types: ['used'],
      },
      defaultName: 'Used · Mazda · under $30,000',
    },
    { offer: null, defaultName: '' },
  ],
  promiseInvokes: {
    load: 'load',
    saveSearch: 'saveSearch',
    saveSearchByEmail: 'saveSearchByEmail',
    setFrequency: 'setFrequency',
    deleteSearch: 'deleteSearch',
  },
  events: [
    { type: 'xstate.done.actor.load', output: { signed_in: true, searches: [] } },
    { type: 'xstate.done.actor.load', output: { signed_in: false, searches: [] } },
    { type: 'xstate.error.actor.load', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'name.change', name: '' },
    { type: 'frequency.choose', frequency: 'daily' },
    { type: 'save' },
    { type: 'offer.dismiss' },
    { type: 'email.change', email: 'not an email' },
    { type: 'email.change', email: 'shopper@example.com' },
    { type: 'xstate.done.actor.saveSearchByEmail', output: 'shopper@example.com' },
    { type: 'xstate.error.actor.saveSearchByEmail', error: new Error('Too many requests') },
    { type: 'xstate.done.actor.saveSearch', output: mazdas },
    { type: 'xstate.error.actor.saveSearch', error: new Error('You can save up to 20 searches') },
    { type: 'frequency.set', id: 7, frequency: 'off' },
    { type: 'xstate.done.actor.setFrequency', output: { ...mazdas, frequency: 'off' } },
    { type: 'xstate.error.actor.setFrequency', error: new Error('This saved search no longer exists') },
    { type: 'search.delete', id: 7 },
    { type: 'xstate.done.actor.deleteSearch', output: 7 },
    { type: 'xstate.error.actor.deleteSearch', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    offer: context.offer !== null,
    named: context.name !== '',
    email: context.email,
    searches: context.data?.searches.length ?? null,
    failed: context.actionError !== null,
  }),
  simplePaths: false,
  notThroughUi: {
    'ready.offering offer.dismiss':
      'the offer has no Dismiss: the shopper leaves it with “Back to the search” (a link, a new page)',
    'ready.offering save [otherwise]':
      'the name field is required, so the browser does not submit the form with an empty name',
    'ready.emailing save [otherwise]':
      'the name field is required, so the browser does not submit the form with an empty name',
  },
});
