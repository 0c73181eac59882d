import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { CarAnswer, CarBySlug } from '../../domain/contracts/vehicle.ts';
import { enquiryDefaults, enquiryEventId } from '../../domain/enquiry.ts';
import { isReservable } from '../../domain/vehicle-actions.ts';
import { collapsibleSectionsMachine } from '../collapsible-sections/collapsible-sections.machine.ts';
import { enquiryMachine } from '../enquiry/enquiry.machine.ts';
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
}

/** Events of the car page. */
export type VehiclePageEvent = { type: 'retry' };

const isNotFoundError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'notFound';

/**
 * The vehicle detail page (`/cars/{slug}`): `loading → ready | notFound | failed`, `failed` accepts
 * `retry`. In `ready` it runs the page's flows as children: the phone reveal, the finance disclaimer,
 * the PDF download, the collapsible sections and the enquiry. The server renders from its settled snapshot.
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
      enquiry: 'enquiry';
    };
  },
  actors: {
    loadVehicle: fromPromise<VehicleData, CarBySlug>(notProvided('loadVehicle')),
    phoneReveal: phoneRevealMachine,
    financeDisclaimer: financeDisclaimerMachine,
    pdfDownload: pdfDownloadMachine,
    collapsibleSections: collapsibleSectionsMachine,
    enquiry: enquiryMachine,
  },
  guards: {
    isNotFound: (_, error: unknown) => isNotFoundError(error),
  },
  actions: {
    assignVehicle: assign((_, vehicle: VehicleData) => ({ vehicle, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'vehiclePage',
  context: ({ input }) => ({ ...input, vehicle: null, error: null }),
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
        {
          id: 'enquiry',
          src: 'enquiry',
          input: ({ context }) => {
            const { car } = context.vehicle as VehicleData;
            const eventId = enquiryEventId(car, 'enquire');
            return {
              defaults: enquiryDefaults(car, context.settings.manufacturerSlugs[car.dealership_slug] ?? null),
              eventIds: { enquire: eventId, photos: eventId },
              carName: car.name,
              rules: context.settings.enquiryRules,
            };
          },
        },
      ],
    },
    notFound: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
});

/** A running car page. */
export type VehiclePageActorRef = ActorRefFrom<typeof vehiclePageMachine>;
