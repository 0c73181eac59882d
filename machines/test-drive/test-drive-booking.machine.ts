import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { enquiryEventId } from '../../domain/enquiry.ts';
import { checkFields, type FieldCheck } from '../../domain/field-errors.ts';
import { SUCCESS_PATH } from '../../domain/lead-routes.ts';
import type { LeadRefusal } from '../../domain/lead-send.ts';
import { prefillContact, type ShopperContact } from '../../domain/shopper-contact.ts';
import {
  FORM_EVENT_IDS,
  SERVICE_CATEGORY,
  type SiteFormOptions,
  siteFormSchema,
  TEST_DRIVE_CATEGORY,
} from '../../domain/site-forms.ts';
import {
  type BookingForm,
  SLOT_TAKEN_MESSAGE,
  serviceTimeStepSchema,
  type TestDriveSlotsQuery,
  testDriveTimeStepSchema,
} from '../../domain/test-drive-slots.ts';
import {
  type FormSubmissionOutput,
  formSubmissionMachine,
} from '../form-submission/form-submission.machine.ts';
import {
  isLeadSent,
  leadOutcome,
  leadRefusal,
  refusalErrors,
  refusalIn,
  sentLeadId,
} from '../form-submission/lead-outcome.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { readingContact } from '../shared/reading-contact.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';

/**
 * Where the booking starts: which form books (a test drive, or a service: issue 37 item 8), a
 * location and a car when the page was opened for one (`?car_id=`).
 */
export interface TestDriveBookingInput {
  form: BookingForm;
  location: string | null;
  carId: number | null;
  /** The booking form's rules (`siteForm(site, form).schemaOptions`): the details step is checked against them. */
  rules: SiteFormOptions;
}

/** The category a booking form's lead carries. */
const categoryOf = (form: BookingForm) => (form === 'service' ? SERVICE_CATEGORY : TEST_DRIVE_CATEGORY);

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
  /**
   * A step's values as entered (the time, or the details and terms): checked against the step's
   * rules, then the next step, or the last submits; `extra` travels beside them unchecked (the honeypot).
   */
  | { type: 'testDrive.next'; values: TestDriveValues; extra?: TestDriveValues }
  | { type: 'testDrive.back' };

/** Which step a Next is checked as. */
type TestDriveStep = 'time' | 'details';

/** A step's values checked: the time against its schema, the details with everything chosen so far against the form's. */
function checkStep(
  context: TestDriveBookingContext,
  values: TestDriveValues,
  step: TestDriveStep,
): FieldCheck {
  if (step === 'time') {
    const schema = context.form === 'service' ? serviceTimeStepSchema : testDriveTimeStepSchema;
    return checkFields(schema, { dateTime: values.dateTime });
  }
  return checkFields(siteFormSchema(context.rules), {
    ...context.values,
    category: categoryOf(context.form),
    location: context.slots?.location ?? context.location,
    ...values,
  });
}

/**
 * The lead the booking sends (§3): the chosen time, the details, the location and the car (a
 * service booking: the preferred time, the car's odometer and the details at the service centre).
 */
function bookingValues(context: TestDriveBookingContext): TestDriveValues {
  const category = categoryOf(context.form);
  return {
    category,
    ...context.values,
    location: context.location ?? '',
    ...(context.form === 'testDrive' ? { subcategory: category } : {}),
    ...(context.carId !== null && context.form === 'testDrive' ? { car_id: context.carId } : {}),
  };
}

/** A Next in a resting state: the step's values checked, then on, or held with their errors. */
const next = <T extends string>(step: TestDriveStep, target: T) =>
  [
    {
      guard: { type: 'isStepValid', params: step },
      target,
      actions: { type: 'assignStep', params: step },
    },
    { actions: { type: 'assignInvalid', params: step } },
  ] as const;

/**
 * Booking a test drive (issue 15; `search-detail-finance-watchlist.md` §3 "Contact form step fields:
 * dateTime (named 'Test Drive Booking Date'); terms_conditions", §7 "Appointment fetch", §9 events 17
 * and 48): `loadingSlots` (tag `loading`: the server renders the times) → `choosingTime` (the
 * 'Test Drive Booking Date' step) → `details` (contact details and terms_conditions) → `submitting`
 * (tag `busy`) → `success` (event 17, or 48 for a used car; the category stored; `/success`). Each
 * Next is checked against its step's rules (the time; the details and terms with the form's schema)
 * and a step with errors stays, showing them. The lead is sent, recorded and stored by the one
 * lead-sending child (`formSubmission`). A time taken by someone else meanwhile loads fresh times
 * with a notice; any other refusal is `failure`. A service booking (issue 37 item 8, `form: 'service'`)
 * takes the same steps: the service centre's preferred time, then the car's odometer and the
 * details, sent as a Service Booking (event 22). A signed-in shopper's details start the details step
 * filled in (issue 37 item 9, `readContact`, read while the time is chosen): only where the shopper has
 * not typed, and editable; a session that cannot be read leaves the fields blank, as for a visitor.
 */
export const testDriveBookingMachine = setup({
  types: {} as {
    context: TestDriveBookingContext;
    events: TestDriveBookingEvent;
    input: TestDriveBookingInput;
  },
  actors: {
    loadSlots: fromPromise<TestDriveSlots, TestDriveSlotsQuery>(notProvided('loadSlots')),
    formSubmission: formSubmissionMachine,
    readContact: fromPromise<ShopperContact | null>(notProvided('testDriveBooking: readContact')),
  },
  actions: {
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
    assignStep: assign(({ context, event }, step: TestDriveStep) => {
      if (event.type !== 'testDrive.next') return {};
      const checked = checkStep(context, event.values, step);
      const values = checked.ok ? checked.values : event.values;
      return {
        values: { ...context.values, ...values, ...event.extra },
        fieldErrors: {},
        error: null,
        notice: null,
      };
    }),
    assignInvalid: assign(({ context, event }, step: TestDriveStep) => {
      if (event.type !== 'testDrive.next') return {};
      const checked = checkStep(context, event.values, step);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors };
    }),
    assignTaken: assign(({ context }) => {
      const { dateTime: _taken, ...values } = context.values;
      return { values, notice: SLOT_TAKEN_MESSAGE, fieldErrors: {}, error: null };
    }),
    assignRefusal: assign((_, refusal: LeadRefusal) => refusalErrors(refusal, errorMessage(null))),
    assignError: assign((_, error: unknown) => ({
      error: refusalMessage(error, errorMessage(error)),
      fieldErrors: refusalFields(error),
    })),
    assignLead: assign((_, leadId: string) => ({ leadId, error: null })),
    prefillDetails: assign(({ context }, contact: ShopperContact | null) => ({
      values: prefillContact(context.values, contact),
    })),
  },
  guards: {
    isStepValid: ({ context, event }, step: TestDriveStep) =>
      event.type === 'testDrive.next' && checkStep(context, event.values, step).ok,
    isLeadSent,
    isSlotTaken: (_, output: FormSubmissionOutput) => refusalIn(output).code === 'slot_taken',
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
        input: ({ context }) => ({ location: context.location, carId: context.carId, form: context.form }),
        onDone: {
          target: 'choosingTime',
          actions: { type: 'assignSlots', params: ({ event }) => event.output },
        },
        onError: { target: 'slotsFailed', actions: { type: 'assignLoadError', params: errorOf } },
      },
    },
    slotsFailed: { on: { 'testDrive.retry': 'loadingSlots' } },
    choosingTime: {
      // The shopper's details are read while they choose a time (again after a new location, which
      // starts the booking's values afresh; not on Back, which keeps what the details step held).
      initial: 'reading',
      states: readingContact('prefillDetails'),
      on: {
        'testDrive.chooseLocation': { target: 'loadingSlots', actions: 'assignLocation' },
        'testDrive.next': next('time', 'details'),
      },
    },
    details: {
      on: {
        'testDrive.next': next('details', 'submitting'),
        'testDrive.back': '#testDriveBooking.choosingTime.ready',
      },
    },
    submitting: {
      tags: ['busy'],
      entry: sendTo('formSubmission', ({ context }) => ({
        type: 'form.send' as const,
        values: bookingValues(context),
      })),
      invoke: {
        id: 'formSubmission',
        src: 'formSubmission',
        input: ({ context }) => ({
          category: categoryOf(context.form),
          eventId:
            context.form === 'service'
              ? FORM_EVENT_IDS.default
              : enquiryEventId({ car_type: context.slots?.car?.car_type ?? 'new', tag: null }, 'testDrive'),
          successPath: SUCCESS_PATH,
          form: context.form,
          rules: context.rules,
          carId: context.carId,
          carName: context.slots?.car?.title ?? null,
        }),
        onDone: [
          {
            guard: { type: 'isLeadSent', params: leadOutcome },
            target: 'success',
            actions: { type: 'assignLead', params: sentLeadId },
          },
          {
            guard: { type: 'isSlotTaken', params: leadOutcome },
            target: 'loadingSlots',
            actions: 'assignTaken',
          },
          { target: 'failure', actions: { type: 'assignRefusal', params: leadRefusal } },
        ],
        onError: { target: 'failure', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failure: {
      on: {
        'testDrive.next': next('details', 'submitting'),
        'testDrive.back': '#testDriveBooking.choosingTime.ready',
      },
    },
    success: { type: 'final' },
  },
});

/** A running test-drive booking. */
export type TestDriveBookingActorRef = ActorRefFrom<typeof testDriveBookingMachine>;
