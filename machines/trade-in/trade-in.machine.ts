import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import {
  IMAGE_RULES,
  LOADING_MESSAGE_MS,
  LOADING_MESSAGES,
  type RegoStep,
  regoOutcome,
  TRADE_IN_ERROR_MESSAGE,
  type VehicleRecord,
  vehicleDescriptions,
} from '../../domain/trade-in.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage } from '../shared/refusal.ts';

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

/** A photo chosen for upload (the file stays in the browser until its turn). */
export interface TradeInImage {
  id: number;
  name: string;
  file: Blob | null;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  message: string | null;
}

/** What the valued step answers: the vehicle with its offer (or why none), and the stored lead. */
export interface TradeInValued {
  record: VehicleRecord;
  leadId: string;
}

export interface TradeInContext extends TradeInInput {
  /** The car being bought (`/cars/trade-in?car_id=`), shown beside the wizard; null without one. */
  car: CarSummary | null;
  rego: RegoStep | null;
  record: VehicleRecord | null;
  descriptions: string[];
  images: TradeInImage[];
  valued: TradeInValued | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  messageIndex: number;
  nextImageId: number;
}

export type TradeInEvent =
  /** Step One's values, checked by the view. */
  | { type: 'tradeIn.rego'; values: RegoStep }
  /** A step's values did not pass the view's check. */
  | { type: 'tradeIn.invalid'; fieldErrors: Record<string, string> }
  /** Step Two: the chosen description. */
  | { type: 'tradeIn.choose'; desc: string }
  /** Step Three: photos chosen (checked here: type, size, count). */
  | { type: 'images.add'; files: { name: string; size: number; type: string; file: Blob | null }[] }
  /** Step Three: on to Step Four. */
  | { type: 'tradeIn.next' }
  /** Step Four's values, checked by the view. */
  | { type: 'tradeIn.details'; values: Record<string, unknown> }
  | { type: 'tradeIn.accept' }
  | { type: 'tradeIn.back' };

/** §8: the error's message, or — not an error object — the wizard's own text. */
const messageOf = (error: unknown) =>
  error instanceof Error ? refusalMessage(error, TRADE_IN_ERROR_MESSAGE) : TRADE_IN_ERROR_MESSAGE;

/**
 * Whether the dealership the trade-in goes to takes photos: the car's dealership when one is being
 * bought, else the site's own.
 */
const takesPhotos = (context: TradeInContext) =>
  context.imageDealerships.includes(context.car?.dealership_slug ?? context.dealershipSlug ?? '');

const ALLOWED_TYPES = /^image\/(jpeg|jpg|png|gif|heic|heif)$/i;
const ALLOWED_NAMES = /\.(jpe?g|png|gif|heic)$/i;

/**
 * The trade-in / instant-offer wizard (`locations-forms-tradein-site.md` §4, §5, §8, §9;
 * `search-detail-finance-watchlist.md` §4 "Trade-in offer acceptance"): Step One `vehicleDetails`
 * (rego and state) → `lookingUp` (busy; its loading message rotates every 5 s) → Step Two
 * `vehicleSelection` (descriptions) | Step Three `uploadImages` (an EvalID, for dealers that take
 * photos) | Step Four `yourDetails` | `notFound` (Back returns to the form with its values). Step Two
 * chooses (`selecting`), Step Three uploads one photo at a time, Step Four values the car and sends
 * the lead (`submitting`), then `offer` shows the instant offer (or why there is none online);
 * accepting it updates the lead (`accepting`) → `accepted` (event 18). Any failure shows its message,
 * or 'An error occurred while submitting the form. Please try again.'
 */
export const tradeInMachine = setup({
  types: {} as { context: TradeInContext; events: TradeInEvent; input: TradeInInput },
  actors: {
    loadCar: fromPromise<CarSummary | null, { carId: number | null }>(notProvided('loadCar')),
    lookUpRego: fromPromise<VehicleRecord[], RegoStep>(notProvided('lookUpRego')),
    chooseDescription: fromPromise<VehicleRecord[], { vin: string; desc: string }>(
      notProvided('chooseDescription'),
    ),
    uploadImage: fromPromise<unknown, { evalId: string; file: Blob | null; name: string }>(
      notProvided('uploadImage'),
    ),
    submitDetails: fromPromise<
      TradeInValued,
      {
        record: VehicleRecord;
        rego: RegoStep | null;
        values: Record<string, unknown>;
        carId: number | null;
        dealershipSlug: string | null;
      }
    >(notProvided('submitDetails')),
    acceptOffer: fromPromise<{ lead_id: string }, { leadId: string }>(notProvided('acceptOffer')),
  },
  actions: {
    alertMessage: (_, _params: { message: string }) => notProvided('alertMessage')(),
    recordAccepted: (_, _params: { carId: number | null }) => notProvided('recordAccepted')(),
    /** §7 "Valuation save", fire and forget (§8: a failure is only logged); bound in the wiring. */
    saveValuation: (_, _params: { record: VehicleRecord }) => notProvided('saveValuation')(),
    /** On the flagged sites only. */
    saveValuationIfFlagged: enqueueActions(({ context, enqueue }, valued: TradeInValued) => {
      if (context.valuationSave)
        enqueue({ type: 'saveValuation', params: { record: valued.record } } as never);
    }),
    assignRego: assign(({ event }) =>
      event.type === 'tradeIn.rego'
        ? { rego: event.values, error: null, fieldErrors: {}, messageIndex: 0 }
        : {},
    ),
    assignInvalid: assign(({ event }) =>
      event.type === 'tradeIn.invalid' ? { fieldErrors: event.fieldErrors } : {},
    ),
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
      error: messageOf(error),
      fieldErrors: refusalFields(error),
    })),
    nextMessage: assign(({ context }) => ({
      messageIndex: (context.messageIndex + 1) % LOADING_MESSAGES.length,
    })),
    acceptFiles: assign(({ context, event }, _params: undefined) => {
      if (event.type !== 'images.add') return {};
      let nextImageId = context.nextImageId;
      const accepted: TradeInImage[] = [];
      for (const file of event.files) {
        if (!(ALLOWED_TYPES.test(file.type) || ALLOWED_NAMES.test(file.name))) continue;
        if (file.size >= IMAGE_RULES.maxBytes) continue;
        if (context.images.length + accepted.length >= IMAGE_RULES.maxImages) break;
        accepted.push({
          id: nextImageId++,
          name: file.name,
          file: file.file,
          status: 'waiting',
          message: null,
        });
      }
      return { images: [...context.images, ...accepted], nextImageId };
    }),
    /** §5 "File errors show as browser alerts": one alert per kind of refusal. */
    alertRefusedFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'images.add') return;
      const room = IMAGE_RULES.maxImages - context.images.length;
      const messages = new Set<string>();
      const fitting = event.files.filter((file) => {
        if (!(ALLOWED_TYPES.test(file.type) || ALLOWED_NAMES.test(file.name)))
          messages.add(IMAGE_RULES.wrongType);
        else if (file.size >= IMAGE_RULES.maxBytes) messages.add(IMAGE_RULES.tooBig);
        else return true;
        return false;
      });
      if (fitting.length > room) messages.add(IMAGE_RULES.tooMany);
      for (const message of messages) enqueue({ type: 'alertMessage', params: { message } } as never);
    }),
    markUploading: assign(({ context }) => {
      const next = context.images.find((image) => image.status === 'waiting');
      return next
        ? {
            images: context.images.map((image) =>
              image.id === next.id ? { ...image, status: 'uploading' as const } : image,
            ),
          }
        : {};
    }),
    markUploaded: assign(({ context }, result: { ok: boolean; message: string | null }) => ({
      images: context.images.map((image) =>
        image.status === 'uploading'
          ? {
              ...image,
              file: null,
              status: result.ok ? ('done' as const) : ('failed' as const),
              message: result.message,
            }
          : image,
      ),
    })),
    assignValued: assign((_, valued: TradeInValued) => ({ valued, error: null, fieldErrors: {} })),
    clearError: assign({ error: null, fieldErrors: {} }),
    assignCar: assign((_, car: CarSummary | null) => ({ car, carId: car?.id ?? null })),
    /** A car that is not for sale here any more: the trade-in goes on without it. */
    forgetCar: assign({ car: null, carId: null }),
  },
  guards: {
    toSelection: (_, found: VehicleRecord[]) => regoOutcome(found[0], false) === 'selection',
    toImages: ({ context }, found: VehicleRecord[]) =>
      regoOutcome(found[0], takesPhotos(context)) === 'images',
    hasEvalId: (_, found: VehicleRecord[]) => regoOutcome(found[0], false) === 'details',
    /** The dealership's switch (`tradeInImageUpload`): Step Three, or straight on to Step Four. */
    takesImages: ({ context }) => takesPhotos(context),
    hasWaitingImage: ({ context }) => context.images.some((image) => image.status === 'waiting'),
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
    images: [],
    valued: null,
    error: null,
    fieldErrors: {},
    messageIndex: 0,
    nextImageId: 1,
  }),
  initial: 'loadingCar',
  states: {
    /** The car being bought, when the page names one (a page without one resolves at once). */
    loadingCar: {
      tags: ['loading'],
      invoke: {
        id: 'loadCar',
        src: 'loadCar',
        input: ({ context }) => ({ carId: context.carId }),
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
        'tradeIn.rego': { target: 'lookingUp', actions: 'assignRego' },
        'tradeIn.invalid': { actions: 'assignInvalid' },
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
        'tradeIn.choose': { target: 'selecting', actions: 'clearError' },
        'tradeIn.invalid': { actions: 'assignInvalid' },
        'tradeIn.back': 'vehicleDetails',
      },
    },
    selecting: {
      tags: ['busy'],
      invoke: {
        id: 'chooseDescription',
        src: 'chooseDescription',
        input: ({ context, event }) => ({
          vin: String(context.record?.VIN ?? ''),
          desc: event.type === 'tradeIn.choose' ? event.desc : '',
        }),
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
    /** Step Three Upload Images: one request at a time; optional. */
    uploadImages: {
      on: {
        'images.add': { actions: ['alertRefusedFiles', 'acceptFiles'] },
      },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasWaitingImage', target: 'uploading', actions: 'markUploading' },
          on: { 'tradeIn.next': '#tradeIn.yourDetails' },
        },
        uploading: {
          tags: ['busy'],
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context }) => {
              const image = context.images.find((candidate) => candidate.status === 'uploading');
              return {
                evalId: String(context.record?.EvalID ?? ''),
                file: image?.file ?? null,
                name: image?.name ?? '',
              };
            },
            onDone: {
              target: 'idle',
              actions: { type: 'markUploaded', params: { ok: true, message: null } },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'markUploaded',
                params: ({ event }) => ({ ok: false, message: messageOf(event.error) }),
              },
            },
          },
        },
      },
    },
    /** Step Four Your Details. */
    yourDetails: {
      on: {
        'tradeIn.details': { target: 'submitting', actions: 'clearError' },
        'tradeIn.invalid': { actions: 'assignInvalid' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitDetails',
        src: 'submitDetails',
        input: ({ context, event }) => ({
          record: context.record ?? {},
          rego: context.rego,
          values: event.type === 'tradeIn.details' ? event.values : {},
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
