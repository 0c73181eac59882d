import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import { checkFields } from '../../domain/field-errors.ts';
import {
  type DescriptionChoice,
  type DetailsStep,
  detailsStepSchema,
  LOADING_MESSAGE_MS,
  LOADING_MESSAGES,
  type OfferAcceptanceRequest,
  type RegoStep,
  regoOutcome,
  regoStepSchema,
  selectionStepSchema,
  type TradeInSubmission,
  type TradeInValued,
  type VehicleRecord,
  vehicleDescriptions,
} from '../../domain/trade-in.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields } from '../shared/refusal.ts';
import { failureMessage } from './failure-message.ts';
import { photoUploadMachine } from './photo-upload.machine.ts';

export type { TradeInValued } from '../../domain/trade-in.ts';

/** Where the wizard runs: which dealerships take photos (Step Three), and the car being bought. */
export interface TradeInInput {
  /** The dealerships switched on for Step Three (`tradeInImageUpload`, a dealership switch). */
  imageDealerships: readonly string[];
  carId: number | null;
  /** The dealership the lead goes to when no car is named (the site's own). */
  dealershipSlug: string | null;
  /** The `valuationSave` switch: a finished valuation is also saved to the site's records (§7). */
  valuationSave: boolean;
}

export interface TradeInContext extends TradeInInput {
  /** The car being bought (`/cars/trade-in?car_id=`), shown beside the wizard; null without one. */
  car: CarSummary | null;
  /** Step One's values as last sent (a failed look-up shows them again). */
  rego: RegoStep | null;
  record: VehicleRecord | null;
  descriptions: string[];
  /** Step Two's choice, as checked. */
  choice: string | null;
  /** Step Four's values, as checked. */
  details: DetailsStep | null;
  valued: TradeInValued | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  messageIndex: number;
}

/** A step's values as the shopper entered them, unchecked: the machine runs the step's schema. */
export type RawValues = Record<string, unknown>;

export type TradeInEvent =
  /** Step One's values (rego, state), checked here against `regoStepSchema`. */
  | { type: 'tradeIn.rego'; values: RawValues }
  /** Step Two's values (`manualEntry`, the chosen description), checked against `selectionStepSchema`. */
  | { type: 'tradeIn.choose'; values: RawValues }
  /** Step Four's values, checked against `detailsStepSchema`. */
  | { type: 'tradeIn.details'; values: RawValues }
  | { type: 'tradeIn.accept' }
  | { type: 'tradeIn.back' };

const checkRego = (values: RawValues) => checkFields(regoStepSchema, values);
const checkChoice = (values: RawValues) => checkFields(selectionStepSchema, values);
const checkDetails = (values: RawValues) => checkFields(detailsStepSchema, values);
/** The field errors of a step's values that did not pass its schema. */
const errorsOf = (check: ReturnType<typeof checkFields>) => (check.ok ? {} : check.fieldErrors);

/**
 * Whether the dealership the trade-in goes to takes photos: the car's dealership when one is being
 * bought, else the site's own.
 */
const takesPhotos = (context: TradeInContext) =>
  context.imageDealerships.includes(context.car?.dealership_slug ?? context.dealershipSlug ?? '');

/**
 * The trade-in / instant-offer wizard (`locations-forms-tradein-site.md` §4, §5, §8, §9;
 * `search-detail-finance-watchlist.md` §4 "Trade-in offer acceptance"): Step One `vehicleDetails`
 * (rego and state) → `lookingUp` (busy; its loading message rotates every 5 s) → Step Two
 * `vehicleSelection` (descriptions) | Step Three `uploadImages` (an EvalID, for dealers that take
 * photos) | Step Four `yourDetails` | `notFound` (Back returns to the form with its values). Each
 * step's event carries the values as entered; the step's schema decides (a guard) and its field
 * errors stay on the step. Step Two chooses (`selecting`), Step Three is the `photoUpload` child (one
 * photo at a time; it finishes on Next), Step Four values the car and sends the lead (`submitting`), then `offer` shows the instant offer (or why there is none online);
 * accepting it updates the lead (`accepting`) → `accepted` (event 18). Any failure shows its message,
 * or 'An error occurred while submitting the form. Please try again.'
 */
export const tradeInMachine = setup({
  types: {} as {
    context: TradeInContext;
    events: TradeInEvent;
    input: TradeInInput;
    children: { photoUpload: 'photoUpload' };
  },
  actors: {
    /** The car being bought, by its id (none without one). */
    loadCar: fromPromise<CarSummary | null, number | null>(notProvided('loadCar')),
    lookUpRego: fromPromise<VehicleRecord[], RegoStep>(notProvided('lookUpRego')),
    chooseDescription: fromPromise<VehicleRecord[], DescriptionChoice>(notProvided('chooseDescription')),
    /** Step Three, bound in the wiring with its upload. */
    photoUpload: photoUploadMachine,
    submitDetails: fromPromise<TradeInValued, TradeInSubmission>(notProvided('submitDetails')),
    acceptOffer: fromPromise<unknown, OfferAcceptanceRequest>(notProvided('acceptOffer')),
  },
  actions: {
    recordAccepted: (_, _params: { carId: number | null }) => notProvided('recordAccepted')(),
    /** §7 "Valuation save", fire and forget (§8: a failure is only logged); bound in the wiring. */
    saveValuation: (_, _params: { record: VehicleRecord }) => notProvided('saveValuation')(),
    /** On the flagged sites only. */
    saveValuationIfFlagged: enqueueActions(({ context, enqueue }, valued: TradeInValued) => {
      if (context.valuationSave)
        enqueue({ type: 'saveValuation', params: { record: valued.record } } as never);
    }),
    assignRego: assign((_, values: RawValues) => {
      const checked = checkRego(values);
      return checked.ok
        ? { rego: checked.values as RegoStep, error: null, fieldErrors: {}, messageIndex: 0 }
        : {};
    }),
    assignChoice: assign((_, values: RawValues) => {
      const checked = checkChoice(values);
      return checked.ok ? { choice: String(checked.values.manualEntry), error: null, fieldErrors: {} } : {};
    }),
    assignDetails: assign((_, values: RawValues) => {
      const checked = checkDetails(values);
      return checked.ok ? { details: checked.values as DetailsStep, error: null, fieldErrors: {} } : {};
    }),
    /** A step's values that did not pass its schema: their field errors. */
    assignInvalid: assign((_, fieldErrors: Record<string, string>) => ({ fieldErrors })),
    assignFound: assign((_, found: VehicleRecord[]) => {
      const record = found[0] ?? null;
      return { record, descriptions: record ? vehicleDescriptions(record) : [] };
    }),
    /**
     * §7 manual-entry answers "the updated vehicle": the chosen description's car over what the
     * look-up found, whose registration and its expiry the answer need not repeat (issue 31 item 16).
     */
    assignChosen: assign(({ context }, found: VehicleRecord[]) => {
      const { VechielDescriptions: _listed, VechicleDescriptions: _spelt, ...looked } = context.record ?? {};
      const chosen = found[0];
      return { record: chosen ? { ...looked, ...chosen } : null };
    }),
    assignError: assign((_, error: unknown) => ({
      error: failureMessage(error),
      fieldErrors: refusalFields(error),
    })),
    nextMessage: assign(({ context }) => ({
      messageIndex: (context.messageIndex + 1) % LOADING_MESSAGES.length,
    })),
    assignValued: assign((_, valued: TradeInValued) => ({ valued, error: null, fieldErrors: {} })),
    clearError: assign({ error: null, fieldErrors: {} }),
    assignCar: assign((_, car: CarSummary | null) => ({ car, carId: car?.id ?? null })),
    /** A car that is not for sale here any more: the trade-in goes on without it. */
    forgetCar: assign({ car: null, carId: null }),
  },
  guards: {
    isRegoValid: (_, values: RawValues) => checkRego(values).ok,
    isChoiceValid: (_, values: RawValues) => checkChoice(values).ok,
    isDetailsValid: (_, values: RawValues) => checkDetails(values).ok,
    toSelection: (_, found: VehicleRecord[]) => regoOutcome(found[0], false) === 'selection',
    toImages: ({ context }, found: VehicleRecord[]) =>
      regoOutcome(found[0], takesPhotos(context)) === 'images',
    hasEvalId: (_, found: VehicleRecord[]) => regoOutcome(found[0], false) === 'details',
    /** The dealership's switch (`tradeInImageUpload`): Step Three, or straight on to Step Four. */
    takesImages: ({ context }) => takesPhotos(context),
    hasOffer: ({ context }) => typeof context.valued?.record.OfferAmount === 'number',
  },
}).createMachine({
  id: 'tradeIn',
  context: ({ input }) => ({
    ...input,
    car: null,
    rego: null,
    record: null,
    descriptions: [],
    choice: null,
    details: null,
    valued: null,
    error: null,
    fieldErrors: {},
    messageIndex: 0,
  }),
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
            target: 'submitting',
            actions: { type: 'assignDetails', params: ({ event }) => event.values },
          },
          {
            actions: { type: 'assignInvalid', params: ({ event }) => errorsOf(checkDetails(event.values)) },
          },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitDetails',
        src: 'submitDetails',
        input: ({ context }) => ({
          record: context.record ?? {},
          rego: context.rego,
          details: context.details as DetailsStep,
          carId: context.carId,
          dealershipSlug: context.dealershipSlug,
        }),
        onDone: {
          target: 'offer',
          actions: [
            { type: 'assignValued', params: ({ event }) => event.output },
            { type: 'saveValuationIfFlagged', params: ({ event }) => event.output },
          ],
        },
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
        input: ({ context }) => ({ leadId: context.valued?.leadId ?? '' }),
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
