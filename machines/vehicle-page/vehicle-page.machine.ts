import { type ActorRefFrom, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { CarAnswer, CarBySlug } from '../../domain/contracts/vehicle.ts';
import type { SiteFormOptions } from '../../domain/site-forms.ts';
import { isReservable } from '../../domain/vehicle-actions.ts';
import { collapsibleSectionsMachine } from '../collapsible-sections/collapsible-sections.machine.ts';
import type { EnquiryEvent, EnquiryInput, EnquiryLogic } from '../enquiry/enquiry.machine.ts';
import { financeDisclaimerMachine } from '../finance-disclaimer/finance-disclaimer.machine.ts';
import { pdfDownloadMachine } from '../pdf-download/pdf-download.machine.ts';
import { phoneRevealMachine } from '../phone-reveal/phone-reveal.machine.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { vehicleSections } from './vehicle-sections.ts';
import type { VehicleSettings } from './vehicle-settings.ts';

/** A loaded car page: `GET /api/cars/{slug}`'s answer (`domain/contracts/vehicle.ts`). */
export type VehicleData = CarAnswer;

/** The page's route parameter and the site's settings. */
export interface VehiclePageInput {
  slug: string;
  settings: VehicleSettings;
}

/** The slug, the settings, the loaded car and the last failure's message. */
export interface VehiclePageContext extends VehiclePageInput {
  vehicle: VehicleData | null;
  error: string | null;
  /** The enquiry form's rules as the site shows it, brought by its form (`enquiry.load`). */
  enquiryRules: SiteFormOptions | null;
  /** The shopper's last act on the enquiry before it ran (a Next, a photo request): handed to it once it starts. */
  enquiryHeld: EnquiryEvent | null;
}

/** Events of the car page. */
export type VehiclePageEvent =
  | { type: 'retry' }
  /**
   * The shopper means to use the enquiry: its form's code has arrived, and with it the form's rules as
   * the site shows it (its message may be optional, §5); the enquiry's logic loads and it starts.
   */
  | { type: 'enquiry.load'; rules: SiteFormOptions }
  /**
   * The enquiry's own events (its form's Next and Back, the photo request of its form or the sidebar):
   * forwarded to it once it runs, the last one held until then.
   */
  | EnquiryEvent;

const isNotFoundError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'notFound';

/**
 * The vehicle detail page (`/cars/{slug}`): `loading → ready | notFound | failed`, `failed` accepts
 * `retry`. In `ready` it runs the page's flows as children: the phone reveal, the finance disclaimer,
 * the PDF download and the collapsible sections; the enquiry starts only once the shopper means to
 * use it (decision 134): `enquiry.load` (its form's code has arrived, with the form's rules) loads its
 * logic (`loadEnquiry`) and spawns it as the child `enquiry`. The enquiry's events go through the
 * page: forwarded once it runs, the last one held until then (the click React replays on the form as
 * it hydrates, the sidebar's photo request); a failed load waits for the next one. The server
 * renders from its settled snapshot, which holds no enquiry: its form is rendered as it starts.
 */
export const vehiclePageMachine = setup({
  types: {} as {
    context: VehiclePageContext;
    events: VehiclePageEvent;
    input: VehiclePageInput;
    children: {
      phoneReveal: 'phoneReveal';
      financeDisclaimer: 'financeDisclaimer';
      pdfDownload: 'pdfDownload';
      collapsibleSections: 'collapsibleSections';
    };
  },
  actors: {
    loadVehicle: fromPromise<VehicleData, CarBySlug>(notProvided('loadVehicle')),
    phoneReveal: phoneRevealMachine,
    financeDisclaimer: financeDisclaimerMachine,
    pdfDownload: pdfDownloadMachine,
    collapsibleSections: collapsibleSectionsMachine,
    loadEnquiry: fromPromise<EnquiryLogic>(notProvided('loadEnquiry')),
  },
  guards: {
    isNotFound: (_, error: unknown) => isNotFoundError(error),
  },
  actions: {
    assignVehicle: assign((_, vehicle: VehicleData) => ({ vehicle, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    holdEnquiryEvent: assign(({ event }) => ({ enquiryHeld: event as EnquiryEvent })),
    assignEnquiryRules: assign((_, rules: SiteFormOptions) => ({ enquiryRules: rules })),
    startEnquiry: enqueueActions(({ context, enqueue }, logic: EnquiryLogic) => {
      const { car } = context.vehicle as VehicleData;
      const input: EnquiryInput = {
        car,
        manufacturerSlug: context.settings.manufacturerSlugs[car.dealership_slug] ?? null,
        // Loading starts from `enquiry.load`, which brings the rules.
        rules: context.enquiryRules as SiteFormOptions,
      };
      // `setup`'s types give an id only to a child whose logic `setup` names, and this one's arrives
      // on intent; `selectEnquiry` reads it back with its type.
      enqueue.spawnChild(logic, { id: 'enquiry', input } as never);
      const held = context.enquiryHeld;
      if (held) {
        enqueue.sendTo('enquiry', held);
        enqueue.assign({ enquiryHeld: null });
      }
    }),
    forwardToEnquiry: sendTo('enquiry', ({ event }) => event as EnquiryEvent),
  },
}).createMachine({
  id: 'vehiclePage',
  context: ({ input }) => ({
    ...input,
    vehicle: null,
    error: null,
    enquiryRules: null,
    enquiryHeld: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadVehicle',
        src: 'loadVehicle',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: { target: 'ready', actions: { type: 'assignVehicle', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: {
              type: 'assignError',
              params: errorOf,
            },
          },
        ],
      },
    },
    ready: {
      invoke: [
        {
          id: 'phoneReveal',
          src: 'phoneReveal',
          input: ({ context }) => {
            const { car } = context.vehicle as VehicleData;
            return {
              tracking: {
                car_id: car.id,
                dealership_id: car.dealership_id,
                website_id: context.settings.siteId,
              },
            };
          },
        },
        {
          id: 'financeDisclaimer',
          src: 'financeDisclaimer',
          input: ({ context }) => ({
            carId: (context.vehicle as VehicleData).car.id,
            provider: context.settings.financeProvider,
          }),
        },
        {
          id: 'pdfDownload',
          src: 'pdfDownload',
          input: ({ context }) => ({ slug: (context.vehicle as VehicleData).car.slug }),
        },
        {
          id: 'collapsibleSections',
          src: 'collapsibleSections',
          input: ({ context }) => ({
            sections: vehicleSections(isReservable((context.vehicle as VehicleData).car)),
          }),
        },
      ],
      // Until the enquiry runs, its events are held (`enquiryRunning` forwards them).
      on: {
        'enquiry.next': { actions: 'holdEnquiryEvent' },
        'enquiry.back': { actions: 'holdEnquiryEvent' },
        'enquiry.requestPhotos': { actions: 'holdEnquiryEvent' },
      },
      initial: 'enquiryIdle',
      states: {
        // The sidebar scrolls to the form, whose code then arrives and starts the enquiry.
        enquiryIdle: {
          on: {
            'enquiry.load': {
              target: 'enquiryLoading',
              actions: { type: 'assignEnquiryRules', params: ({ event }) => event.rules },
            },
          },
        },
        enquiryLoading: {
          invoke: {
            id: 'loadEnquiry',
            src: 'loadEnquiry',
            onDone: {
              target: 'enquiryRunning',
              actions: { type: 'startEnquiry', params: ({ event }) => event.output },
            },
            onError: { target: 'enquiryFailed', actions: { type: 'assignError', params: errorOf } },
          },
        },
        enquiryRunning: {
          on: {
            'enquiry.next': { actions: 'forwardToEnquiry' },
            'enquiry.back': { actions: 'forwardToEnquiry' },
            'enquiry.requestPhotos': { actions: 'forwardToEnquiry' },
          },
        },
        // The form stays as the server rendered it; the shopper's next act loads again.
        enquiryFailed: {
          on: {
            'enquiry.load': {
              target: 'enquiryLoading',
              actions: { type: 'assignEnquiryRules', params: ({ event }) => event.rules },
            },
            'enquiry.next': { target: 'enquiryLoading', actions: 'holdEnquiryEvent' },
            'enquiry.back': { target: 'enquiryLoading', actions: 'holdEnquiryEvent' },
            'enquiry.requestPhotos': { target: 'enquiryLoading', actions: 'holdEnquiryEvent' },
          },
        },
      },
    },
    notFound: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
});

/** A running car page. */
export type VehiclePageActorRef = ActorRefFrom<typeof vehiclePageMachine>;
