import { defineCatalogEntry } from '../catalog.types.ts';
import { financeDisclaimerMachine } from './finance-disclaimer.machine.ts';

/** The finance disclaimer's path tests: first opening loads, later openings show it at once, failure and retry. */
export const financeDisclaimerCatalogEntry = defineCatalogEntry(financeDisclaimerMachine, {
  summary:
    'Finance disclaimer modal: closed → open.loading → open.shown | open.failed (retry); reopened after loading → open.shown',
  input: { carId: 501, provider: 'oem' },
  promiseInvokes: { loadDisclaimers: 'loadDisclaimers' },
  events: [
    {
      type: 'xstate.done.actor.loadDisclaimers',
      output: { oem: 'Manufacturer finance offer. Indicative monthly repayment only and not a quote.' },
    },
    { type: 'xstate.error.actor.loadDisclaimers', error: new Error('Network error') },
  ],
});
