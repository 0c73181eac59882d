import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { AnalyticsEventId } from '../../domain/analytics.ts';
import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { enquiryEventId } from '../../domain/enquiry.ts';
import { SUCCESS_PATH, TEST_DRIVE_CATEGORY } from '../../domain/site-form-pages.ts';
import { SLOT_TAKEN_MESSAGE } from '../../domain/test-drive-slots.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';

/** Where the booking starts: a location and a car when the page was opened for one (`?car_id=`). */
export interface TestDriveBookingInput {
  location: string | null;
  carId: number | null;
}

/** What the shopper entered, step by step. */
export type TestDriveValues = Record<string, unknown>;

export interface TestDriveBookingContext extends TestDriveBookingInput {
  /** The chosen location's free times (and the car, when there is one). */
  slots: TestDriveSlots | null;
  values: TestDriveValues;
  /** Why the times could not be loaded, or why the booking failed. */
  error: string | null;
  /** The times could not be loaded because the car or location does not exist (a 404 page). */
  notFound: boolean;
  /** Shown over fresh times when the chosen one was taken meanwhile. */
  notice: string | null;
  fieldErrors: Record<string, string>;
  leadId: string | null;
}

export type TestDriveBookingEvent =
  | { type: 'testDrive.retry' }
  | { type: 'testDrive.chooseLocation'; location: string }
  /** A step's values, checked by the view: the next step, or the last submits. */
  | { type: 'testDrive.next'; values: TestDriveValues }
  | { type: 'testDrive.invalid'; fieldErrors: Record<string, string> }
  | { type: 'testDrive.back' };

/** What the booking sends. */
export interface TestDriveSend {
  location: string;
  carId: number | null;
  values: TestDriveValues;
}

/**
 * Booking a test drive (issue 15; `search-detail-finance-watchlist.md` §3 "Contact form step fields:
 * dateTime (named 'Test Drive Booking Date'); terms_conditions", §7 "Appointment fetch", §9 events 17
 * and 48): `loadingSlots` (tag `loading`: the server renders the times) → `choosingTime` (the
 * 'Test Drive Booking Date' step) → `details` (contact details and terms_conditions) → `submitting`
 * (tag `busy`) → `success` (event 17, or 48 for a used car; the category stored; `/success`). A time
 * taken by someone else meanwhile loads fresh times with a notice; any other refusal is `failure`.
 */
export const testDriveBookingMachine = setup({
  types: {} as {
    context: TestDriveBookingContext;
    events: TestDriveBookingEvent;
    input: TestDriveBookingInput;
  },
  actors: {
    loadSlots: fromPromise<TestDriveSlots, { location: string | null; carId: number | null }>(
      notProvided('loadSlots'),
    ),
    submitBooking: fromPromise<{ lead_id: string }, TestDriveSend>(notProvided('submitBooking')),
  },
  actions: {
    recordEvent: (_, _params: { eventId: AnalyticsEventId; carId: number | null }) =>
      notProvided('recordEvent')(),
    storeSuccess: (_, _params: { category: string; carName: string | null; carId: number | null }) =>
      notProvided('storeSuccess')(),
    navigate: (_, _params: { path: string }) => notProvided('navigate')(),
    assignSlots: assign((_, slots: TestDriveSlots) => ({
      slots,
      location: slots.location,
      error: null,
      notFound: false,
    })),
    assignLoadError: assign((_, error: unknown) => ({
      error: errorMessage(error),
      notFound: refusalOf(error).details?.status === 404,
    })),
    assignLocation: assign(({ event }) =>
      event.type === 'testDrive.chooseLocation'
        ? { location: event.location, notice: null, values: {}, fieldErrors: {} }
        : {},
    ),
    assignStep: assign(({ context, event }) =>
      event.type === 'testDrive.next'
        ? { values: { ...context.values, ...event.values }, fieldErrors: {}, error: null, notice: null }
        : {},
    ),
    assignInvalid: assign(({ event }) =>
      event.type === 'testDrive.invalid' ? { fieldErrors: event.fieldErrors } : {},
    ),
    assignTaken: assign(({ context }) => {
      const { dateTime: _taken, ...values } = context.values;
      return { values, notice: SLOT_TAKEN_MESSAGE, fieldErrors: {}, error: null };
    }),
    assignRefusal: assign((_, error: unknown) => ({
      error: refusalMessage(error, errorMessage(error)),
      fieldErrors: refusalFields(error),
    })),
    assignLead: assign((_, leadId: string) => ({ leadId, error: null })),
  },
  guards: {
    slotTaken: (_, error: unknown) => refusalOf(error).details?.code === 'slot_taken',
  },
}).createMachine({
  id: 'testDriveBooking',
  context: ({ input }) => ({
    ...input,
    slots: null,
    values: {},
    error: null,
    notFound: false,
    notice: null,
    fieldErrors: {},
    leadId: null,
  }),
  initial: 'loadingSlots',
  states: {
    loadingSlots: {
      tags: ['loading'],
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({ location: context.location, carId: context.carId }),
        onDone: {
          target: 'choosingTime',
          actions: { type: 'assignSlots', params: ({ event }) => event.output },
        },
        onError: { target: 'slotsFailed', actions: { type: 'assignLoadError', params: errorOf } },
      },
    },
    slotsFailed: { on: { 'testDrive.retry': 'loadingSlots' } },
    choosingTime: {
      on: {
        'testDrive.chooseLocation': { target: 'loadingSlots', actions: 'assignLocation' },
        'testDrive.next': { target: 'details', actions: 'assignStep' },
        'testDrive.invalid': { actions: 'assignInvalid' },
      },
    },
    details: {
      on: {
        'testDrive.next': { target: 'submitting', actions: 'assignStep' },
        'testDrive.invalid': { actions: 'assignInvalid' },
        'testDrive.back': 'choosingTime',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitBooking',
        src: 'submitBooking',
        input: ({ context }) => ({
          location: context.location ?? '',
          carId: context.carId,
          values: context.values,
        }),
        onDone: {
          target: 'success',
          actions: [
            { type: 'assignLead', params: ({ event }) => event.output.lead_id },
            {
              type: 'recordEvent',
              params: ({ context }) => ({
                eventId: enquiryEventId(
                  { car_type: context.slots?.car?.car_type ?? 'new', tag: null },
                  'testDrive',
                ),
                carId: context.carId,
              }),
            },
            {
              type: 'storeSuccess',
              params: ({ context }) => ({
                category: TEST_DRIVE_CATEGORY,
                carName: context.slots?.car?.title ?? null,
                carId: context.carId,
              }),
            },
            { type: 'navigate', params: { path: SUCCESS_PATH } },
          ],
        },
        onError: [
          {
            guard: { type: 'slotTaken', params: errorOf },
            target: 'loadingSlots',
            actions: 'assignTaken',
          },
          { target: 'failure', actions: { type: 'assignRefusal', params: errorOf } },
        ],
      },
    },
    failure: {
      on: {
        'testDrive.next': { target: 'submitting', actions: 'assignStep' },
        'testDrive.invalid': { actions: 'assignInvalid' },
        'testDrive.back': 'choosingTime',
      },
    },
    success: { type: 'final' },
  },
});

/** A running test-drive booking. */
export type TestDriveBookingActorRef = ActorRefFrom<typeof testDriveBookingMachine>;
