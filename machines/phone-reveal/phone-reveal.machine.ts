import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** What the reveal-tracking call sends (§7 Reveal-phone tracking). */
export interface PhoneRevealTracking {
  car_id: number;
  dealership_id: number;
  website_id: number;
}

/** The car whose dealer number may be revealed. */
export interface PhoneRevealInput {
  tracking: PhoneRevealTracking;
}

/** The tracking payload, the revealed number and the last tracking failure (only ever logged). */
export interface PhoneRevealContext extends PhoneRevealInput {
  phone: string | null;
  trackingError: string | null;
}

/**
 * The shopper's click on the masked number, with the number the box masks (`carContactPhone`), or
 * `null` when the dealer has none.
 */
export type PhoneRevealEvent = { type: 'phone.reveal'; phone: string | null };

/**
 * The contact-phone box's number (§4 Phone reveal, §7, §8): `masked` until the shopper clicks; a click
 * shows the number as a `tel:` link at once and fires the reveal-tracking call. A failed call is only
 * logged (`logWarning`), never shown; without a number a click logs a warning and nothing else changes.
 */
export const phoneRevealMachine = setup({
  types: {} as { context: PhoneRevealContext; events: PhoneRevealEvent; input: PhoneRevealInput },
  actors: {
    trackReveal: fromPromise<unknown, PhoneRevealTracking>(notProvided('trackReveal')),
  },
  guards: {
    hasNumber: (_, phone: string | null) => phone !== null && phone.trim() !== '',
  },
  actions: {
    logWarning: (_, _params: { message: string }) => notProvided('logWarning')(),
    assignPhone: assign((_, phone: string | null) => ({ phone })),
    assignTrackingError: assign((_, error: unknown) => ({ trackingError: errorMessage(error) })),
  },
}).createMachine({
  id: 'phoneReveal',
  context: ({ input }) => ({ ...input, phone: null, trackingError: null }),
  initial: 'masked',
  states: {
    masked: {
      on: {
        'phone.reveal': [
          {
            guard: { type: 'hasNumber', params: ({ event }) => event.phone },
            target: 'revealed',
            actions: { type: 'assignPhone', params: ({ event }) => event.phone },
          },
          {
            actions: {
              type: 'logWarning',
              params: ({ context }) => ({
                message: `No phone number for car ${context.tracking.car_id}: nothing to reveal`,
              }),
            },
          },
        ],
      },
    },
    revealed: {
      initial: 'tracking',
      states: {
        tracking: {
          invoke: {
            id: 'trackReveal',
            src: 'trackReveal',
            input: ({ context }) => context.tracking,
            onDone: 'tracked',
            onError: {
              target: 'trackingFailed',
              actions: [
                {
                  type: 'assignTrackingError',
                  params: errorOf,
                },
                {
                  type: 'logWarning',
                  params: ({ context }) => ({
                    message: `Phone reveal tracking failed: ${context.trackingError}`,
                  }),
                },
              ],
            },
          },
        },
        tracked: { type: 'final' },
        /** §8 "Reveal-call failure: logged only" — the number stays shown and nothing is retried. */
        trackingFailed: { type: 'final' },
      },
    },
  },
});

/** A running phone reveal. */
export type PhoneRevealActorRef = ActorRefFrom<typeof phoneRevealMachine>;
