import { type ActorRefFrom, sendTo } from 'xstate';
import { LOADING_MESSAGE_MS, tradeInLeadValues } from '../../domain/trade-in.ts';
import { leadOutcome, leadRefusal, sentLeadId } from '../form-submission/lead-outcome.ts';
import { errorOf } from '../shared/error-of.ts';
import { readingContact } from '../shared/reading-contact.ts';
import {
  checkChoice,
  checkDetails,
  checkRego,
  errorsOf,
  initialContext,
  leadFormInput,
  submissionOf,
} from './trade-in.context.ts';
import { tradeInSetup } from './trade-in.setup.ts';

export type { RawValues, TradeInContext, TradeInEvent, TradeInInput } from './trade-in.context.ts';

/**
 * The trade-in / instant-offer wizard (`locations-forms-tradein-site.md` §4, §5, §8, §9;
 * `search-detail-finance-watchlist.md` §4 "Trade-in offer acceptance"): Step One `vehicleDetails`
 * (rego and state) → `lookingUp` (busy; its loading message rotates every 5 s) → Step Two
 * `vehicleSelection` (descriptions) | Step Three `uploadImages` (an EvalID, for dealers that take
 * photos) | Step Four `yourDetails` | `notFound` (Back returns to the form with its values). Each
 * step's event carries the values as entered; the step's schema decides (a guard) and its field
 * errors stay on the step. Step Two chooses (`selecting`), Step Three is the `photoUpload` child (one
 * photo at a time; it finishes on Next), Step Four values the car (`valuing`) and hands the lead about
 * it to the one lead-sending child (`sendingLead`, issue 32 item 5), then `offer` shows the instant
 * offer (or why there is none online); accepting it updates the lead (`accepting`) → `accepted`
 * (event 18). Any failure shows its message, or 'An error occurred while submitting the form. Please
 * try again.' A signed-in shopper's details, read while Step One is on screen (`readContact`, issue 37
 * item 9), start Step Four's name, email and phone: only where the shopper has not typed, and
 * editable; a session that cannot be read leaves them blank, as for a visitor.
 */
export const tradeInMachine = tradeInSetup.createMachine({
  id: 'tradeIn',
  context: ({ input }) => initialContext(input),
  initial: 'loadingCar',
  states: {
    /** The car being bought, when the page names one (a page without one resolves at once). */
    loadingCar: {
      tags: ['loading'],
      invoke: {
        id: 'loadCar',
        src: 'loadCar',
        input: ({ context }) => context.carId,
        onDone: {
          target: 'vehicleDetails',
          actions: { type: 'assignCar', params: ({ event }) => event.output },
        },
        onError: { target: 'vehicleDetails', actions: 'forgetCar' },
      },
    },
    /** Step One Vehicle Details. */
    vehicleDetails: {
      // The shopper's details are read while they enter the rego (again on coming back, harmlessly:
      // they are kept apart from what the shopper types).
      initial: 'reading',
      states: readingContact('assignContact'),
      on: {
        'tradeIn.rego': [
          {
            guard: { type: 'isRegoValid', params: ({ event }) => event.values },
            target: 'lookingUp',
            actions: { type: 'assignRego', params: ({ event }) => event.values },
          },
          { actions: { type: 'assignInvalid', params: ({ event }) => errorsOf(checkRego(event.values)) } },
        ],
      },
    },
    lookingUp: {
      tags: ['busy'],
      invoke: {
        id: 'lookUpRego',
        src: 'lookUpRego',
        input: ({ context }) => context.rego ?? { rego: '', state: 'qld' },
        onDone: [
          {
            guard: { type: 'toSelection', params: ({ event }) => event.output },
            target: 'vehicleSelection',
            actions: { type: 'assignFound', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'toImages', params: ({ event }) => event.output },
            target: 'uploadImages',
            actions: { type: 'assignFound', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasEvalId', params: ({ event }) => event.output },
            target: 'yourDetails',
            actions: { type: 'assignFound', params: ({ event }) => event.output },
          },
          { target: 'notFound' },
        ],
        onError: { target: 'vehicleDetails', actions: { type: 'assignError', params: errorOf } },
      },
      // §4: the loading messages rotate every 5 seconds.
      initial: 'message',
      states: {
        message: {
          after: { [LOADING_MESSAGE_MS]: { target: 'message', reenter: true, actions: 'nextMessage' } },
        },
      },
    },
    /** §8: no match; Back returns to the form with its values. */
    notFound: { on: { 'tradeIn.back': 'vehicleDetails' } },
    /** Step Two Vehicle Selection. */
    vehicleSelection: {
      on: {
        'tradeIn.choose': [
          {
            guard: { type: 'isChoiceValid', params: ({ event }) => event.values },
            target: 'selecting',
            actions: { type: 'assignChoice', params: ({ event }) => event.values },
          },
          { actions: { type: 'assignInvalid', params: ({ event }) => errorsOf(checkChoice(event.values)) } },
        ],
        'tradeIn.back': 'vehicleDetails',
      },
    },
    selecting: {
      tags: ['busy'],
      invoke: {
        id: 'chooseDescription',
        src: 'chooseDescription',
        input: ({ context }) => ({ vin: String(context.record?.VIN ?? ''), desc: context.choice ?? '' }),
        onDone: [
          {
            guard: 'takesImages',
            target: 'uploadImages',
            actions: { type: 'assignChosen', params: ({ event }) => event.output },
          },
          { target: 'yourDetails', actions: { type: 'assignChosen', params: ({ event }) => event.output } },
        ],
        onError: { target: 'vehicleSelection', actions: { type: 'assignError', params: errorOf } },
      },
    },
    /** Step Three Upload Images: the `photoUpload` child; optional, it finishes on Next. */
    uploadImages: {
      invoke: {
        id: 'photoUpload',
        src: 'photoUpload',
        input: ({ context }) => ({ evalId: String(context.record?.EvalID ?? '') }),
        onDone: 'yourDetails',
      },
    },
    /** Step Four Your Details. */
    yourDetails: {
      on: {
        'tradeIn.details': [
          {
            guard: { type: 'isDetailsValid', params: ({ event }) => event.values },
            target: 'valuing',
            actions: { type: 'assignDetails', params: ({ event }) => event.values },
          },
          {
            actions: { type: 'assignInvalid', params: ({ event }) => errorsOf(checkDetails(event.values)) },
          },
        ],
      },
    },
    /** §7 update-eval: the car valued with Step Four's details (the instant offer, or why none). */
    valuing: {
      tags: ['busy'],
      invoke: {
        id: 'valueCar',
        src: 'valueCar',
        input: ({ context }) => submissionOf(context),
        onDone: {
          target: 'sendingLead',
          actions: { type: 'assignOffered', params: ({ event }) => event.output },
        },
        onError: { target: 'yourDetails', actions: { type: 'assignError', params: errorOf } },
      },
    },
    /** §7 "Lead submission": the lead about the valued car, handed to the one lead-sending child. */
    sendingLead: {
      tags: ['busy'],
      entry: sendTo('formSubmission', ({ context }) => ({
        type: 'form.send' as const,
        values: tradeInLeadValues(submissionOf(context, context.offered)),
      })),
      invoke: {
        id: 'formSubmission',
        src: 'formSubmission',
        input: ({ context }) => leadFormInput(context),
        onDone: [
          {
            guard: { type: 'isLeadSent', params: leadOutcome },
            target: 'offer',
            actions: [
              { type: 'assignLead', params: sentLeadId },
              {
                type: 'saveValuation',
                params: ({ context }) => ({ record: context.valuationSave ? context.offered : null }),
              },
            ],
          },
          { target: 'yourDetails', actions: { type: 'assignRefusal', params: leadRefusal } },
        ],
        onError: { target: 'yourDetails', actions: { type: 'assignError', params: errorOf } },
      },
    },
    /** The instant offer, valid 7 days — or why there is none online (the dealer has the lead). */
    offer: {
      on: { 'tradeIn.accept': { guard: 'hasOffer', target: 'accepting', actions: 'clearError' } },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptOffer',
        src: 'acceptOffer',
        input: ({ context }) => ({ leadId: context.leadId ?? '' }),
        onDone: {
          target: 'accepted',
          actions: { type: 'recordAccepted', params: ({ context }) => ({ carId: context.carId }) },
        },
        onError: { target: 'offer', actions: { type: 'assignError', params: errorOf } },
      },
    },
    accepted: { type: 'final' },
  },
});

/** A running trade-in wizard. */
export type TradeInActorRef = ActorRefFrom<typeof tradeInMachine>;
