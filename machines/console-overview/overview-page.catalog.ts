import { defineCatalogEntry } from '../catalog.types.ts';
import { overviewPageMachine } from './overview-page.machine.ts';

/** The console overview's path tests: loading → ready | failed (retry). */
export const consoleOverviewCatalogEntry = defineCatalogEntry(overviewPageMachine, {
  summary: 'Dealer console overview: loading the member → ready | failed (retry)',
  input: undefined,
  promiseInvokes: { loadOverview: 'loadOverview' },
  events: [
    {
      type: 'xstate.done.actor.loadOverview',
      output: {
        id: 3,
        site_id: 1,
        email: 'sales@bayside-mazda.example',
        name: 'Sam Ortiz',
        role: 'sales',
        totp_enabled: false,
      },
    },
    { type: 'xstate.error.actor.loadOverview', error: new Error('Sign in to the dealer console') },
    { type: 'retry' },
  ],
});
