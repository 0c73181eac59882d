import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { FinanceProvider } from '../../domain/car.ts';
import type { CarFinanceQuery, FinanceDisclaimers } from '../../domain/contracts/vehicle.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The car whose finance disclaimer the modal shows, and the provider of its estimate. */
export interface FinanceDisclaimerInput {
  carId: number;
  provider: FinanceProvider | null;
}

/** The loaded disclaimers (kept across openings) and the last failure. */
export interface FinanceDisclaimerContext extends FinanceDisclaimerInput {
  disclaimers: FinanceDisclaimers | null;
  error: string | null;
}

/** Events of the finance-disclaimer modal. */
export type FinanceDisclaimerEvent =
  | { type: 'disclaimer.open' }
  | { type: 'disclaimer.close' }
  | { type: 'retry' };

/**
 * The finance-disclaimer modal (§2 Modals, §4 Other "The finance disclaimer loads lazily and a spinner
 * shows until it has loaded"): `closed` until opened; the first opening loads the car's disclaimers
 * (`loading`, tag `busy`), later openings show them at once. A failure is shown in the modal with retry.
 */
export const financeDisclaimerMachine = setup({
  types: {} as {
    context: FinanceDisclaimerContext;
    events: FinanceDisclaimerEvent;
    input: FinanceDisclaimerInput;
  },
  actors: {
    loadDisclaimers: fromPromise<FinanceDisclaimers, CarFinanceQuery>(notProvided('loadDisclaimers')),
  },
  guards: {
    hasDisclaimers: ({ context }) => context.disclaimers !== null,
  },
  actions: {
    assignDisclaimers: assign((_, disclaimers: FinanceDisclaimers) => ({ disclaimers, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'financeDisclaimer',
  context: ({ input }) => ({ ...input, disclaimers: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'disclaimer.open': [{ guard: 'hasDisclaimers', target: 'open.shown' }, { target: 'open.loading' }],
      },
    },
    open: {
      on: { 'disclaimer.close': 'closed' },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadDisclaimers',
            src: 'loadDisclaimers',
            input: ({ context }) => ({ carId: context.carId }),
            onDone: {
              target: 'shown',
              actions: { type: 'assignDisclaimers', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        shown: {},
        failed: { on: { retry: 'loading' } },
      },
    },
  },
});

/** A running finance-disclaimer modal. */
export type FinanceDisclaimerActorRef = ActorRefFrom<typeof financeDisclaimerMachine>;
