import { type ActorRefFrom, assign, fromPromise, raise, sendTo, setup } from 'xstate';
import type { AnalyticsEventId } from '../../domain/analytics.ts';
import {
  ENQUIRY_SUBCATEGORIES,
  type EnquiryCar,
  type EnquiryDefaults,
  type EnquiryKind,
  enquiryDefaults,
  enquiryEventId,
  enquiryValues,
  REQUEST_PHOTOS_MESSAGE,
  UNEXPECTED_ENQUIRY_ERROR,
} from '../../domain/enquiry.ts';
import { checkFields } from '../../domain/field-errors.ts';
import { SUCCESS_PATH } from '../../domain/lead-routes.ts';
import type { LeadRefusal } from '../../domain/lead-send.ts';
import { prefillContact, type ShopperContact } from '../../domain/shopper-contact.ts';
import { type SiteFormOptions, siteFormSchema, VEHICLE_ENQUIRY_CATEGORY } from '../../domain/site-forms.ts';
import { formSubmissionMachine } from '../form-submission/form-submission.machine.ts';
import {
  isLeadSent,
  leadOutcome,
  leadRefusal,
  refusalErrors,
  sentLeadId,
} from '../form-submission/lead-outcome.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { readingContact } from '../shared/reading-contact.ts';
import { refusalFields, refusalMessage } from '../shared/refusal.ts';

/**
 * The car the enquiry is about, its dealership's manufacturer and the form's rules: the enquiry
 * derives its defaults and events from them itself, so the car page that starts it does not carry
 * the enquiry's rules in its first load (decision 134).
 */
export interface EnquiryInput {
  car: EnquiryCar;
  /** The manufacturer of the car's dealership (§3 "Enquiry form defaults"), when it has one. */
  manufacturerSlug: string | null;
  /** The enquiry form's rules (`domain/site-forms.ts`): each step is checked against them. */
  rules: SiteFormOptions;
}

/** What the shopper entered, step by step. */
export type EnquiryValues = Record<string, unknown>;

/** The two steps: the message, then the shopper's details. */
type EnquiryStep = 'message' | 'details';

export interface EnquiryContext {
  /** §3: the form's defaults for the car. */
  defaults: EnquiryDefaults;
  /** §9: the analytics event an enquiry (14 new, 15 used, 17 'Test Drive Only') and a photo request record. */
  eventIds: Readonly<Record<Exclude<EnquiryKind, 'testDrive'>, AnalyticsEventId>>;
  /** The car's name, stored locally with the category on success (§4 "Enquiry form"). */
  carName: string;
  /** The enquiry form's rules (`domain/site-forms.ts`): each step is checked against them. */
  rules: SiteFormOptions;
  kind: Exclude<EnquiryKind, 'testDrive'>;
  values: EnquiryValues;
  /** The error shown after a failed submission (§8). */
  error: string | null;
  fieldErrors: Record<string, string>;
  leadId: string | null;
  /** A Next pressed while the shopper's details were still being read: taken once they are in. */
  nextHeld: boolean;
}

export type EnquiryEvent =
  /** A step's values as entered: checked against the form's rules, then the next step, or the last submits. */
  | { type: 'enquiry.next'; values: EnquiryValues }
  /** Back to the message, keeping what this step held (shown again on Next). */
  | { type: 'enquiry.back'; values: EnquiryValues }
  /** The sidebar's 'Request Photos': the photo request, its message the hidden field (§3). */
  | { type: 'enquiry.requestPhotos' };

/** Everything entered so far with what this event brings. */
const entered = (context: EnquiryContext, event: EnquiryEvent): EnquiryValues =>
  'values' in event ? { ...context.values, ...event.values } : context.values;

/**
 * What is wrong with a step (§5): every value entered so far checked against the form's rules, and
 * the messages of this step's fields kept — the message is step 1's, the rest step 2's. A photo
 * request's message is its hidden field's (§3).
 */
function stepErrors(context: EnquiryContext, values: EnquiryValues, step: EnquiryStep) {
  const checked = checkFields(siteFormSchema(context.rules), {
    category: VEHICLE_ENQUIRY_CATEGORY,
    ...values,
    ...(context.kind === 'photos' ? { message: REQUEST_PHOTOS_MESSAGE } : {}),
  });
  if (checked.ok) return {};
  return Object.fromEntries(
    Object.entries(checked.fieldErrors).filter(([name]) => (name === 'message') === (step === 'message')),
  );
}

/** The sub-states that read the shopper's details (`machines/shared/reading-contact.ts`). */
const contactStates = readingContact('prefillDetails');

/**
 * The car page's multi-step enquiry (`search-detail-finance-watchlist.md` §2 "The enquiry form is a
 * multi-step wrapper", §4 "Enquiry form", §8): `message` (step 1: the message) → `details` (step 2:
 * name, email, phone, opt-in) → `submitting` (tag `busy`). "Each step advances, and the last step
 * submits." An answer with a `lead_id` goes to `success`: the analytics event (§9), the car and
 * category stored locally, and `/success` — sent, recorded and stored by the one lead-sending child
 * (`formSubmission`, invoked with the checked lead). Otherwise (a refusal, or an answer without a
 * `lead_id`, which the service turns into one) `failure` shows the returned error, or 'An unexpected
 * error occured'; the shopper may send again or go back. 'Request Photos' skips the
 * message step: its message is the hidden 'Request Photos' field (§3). Every Next is checked against
 * the form's rules (a step with errors stays, showing them), and Back keeps what the shopper typed on
 * step 2 for their return (issue 31 item 17). A signed-in shopper's details start step 2 filled in
 * (issue 37 item 9, `readContact`): only where the shopper has not typed, and editable; a session that
 * cannot be read leaves the fields blank, as for a visitor.
 */
export const enquiryMachine = setup({
  types: {} as { context: EnquiryContext; events: EnquiryEvent; input: EnquiryInput },
  actors: {
    formSubmission: formSubmissionMachine,
    readContact: fromPromise<ShopperContact | null>(notProvided('enquiry: readContact')),
  },
  guards: {
    isStepValid: ({ context, event }, step: EnquiryStep) =>
      Object.keys(stepErrors(context, entered(context, event), step)).length === 0,
    isLeadSent,
    hasNextHeld: ({ context }) => context.nextHeld,
  },
  actions: {
    assignStep: assign(({ context, event }) => ({
      values: entered(context, event),
      fieldErrors: {},
      error: null,
    })),
    assignInvalid: assign(({ context, event }, step: EnquiryStep) => {
      const values = entered(context, event);
      return { values, fieldErrors: stepErrors(context, values, step) };
    }),
    prefillDetails: assign(({ context }, contact: ShopperContact | null) => ({
      values: prefillContact(context.values, contact),
    })),
    holdNext: assign(({ context, event }) => ({ values: entered(context, event), nextHeld: true })),
    clearHeldNext: assign({ nextHeld: false }),
    takeHeldNext: raise({ type: 'enquiry.next' as const, values: {} }),
    assignPhotos: assign({ kind: 'photos' as const, fieldErrors: {}, error: null }),
    assignEnquire: assign(({ context, event }) => ({
      values: entered(context, event),
      kind: 'enquire' as const,
      fieldErrors: {},
      error: null,
    })),
    assignLead: assign((_, leadId: string) => ({ leadId, error: null, fieldErrors: {} })),
    assignRefusal: assign((_, refusal: LeadRefusal) => refusalErrors(refusal, UNEXPECTED_ENQUIRY_ERROR)),
    assignError: assign((_, error: unknown) => ({
      error: refusalMessage(error, UNEXPECTED_ENQUIRY_ERROR),
      fieldErrors: refusalFields(error),
    })),
  },
}).createMachine({
  id: 'enquiry',
  context: ({ input: { car, manufacturerSlug, rules } }) => {
    const eventId = enquiryEventId(car, 'enquire');
    return {
      defaults: enquiryDefaults(car, manufacturerSlug),
      eventIds: { enquire: eventId, photos: eventId },
      carName: car.name,
      rules,
      kind: 'enquire',
      values: {},
      error: null,
      fieldErrors: {},
      leadId: null,
      nextHeld: false,
    };
  },
  initial: 'message',
  states: {
    message: {
      // The shopper's details are read once, while they write the message (Back returns to `ready`).
      // The enquiry starts when the shopper acts (decision 134), so a Next may come before they are in:
      // it waits for them, and step 2 opens filled in as it did when the page started the enquiry.
      initial: 'reading',
      states: {
        reading: { ...contactStates.reading, on: { 'enquiry.next': { actions: 'holdNext' } } },
        ready: { always: { guard: 'hasNextHeld', actions: ['clearHeldNext', 'takeHeldNext'] } },
      },
      on: {
        'enquiry.next': [
          { guard: { type: 'isStepValid', params: 'message' }, target: 'details', actions: 'assignStep' },
          { actions: { type: 'assignInvalid', params: 'message' } },
        ],
        'enquiry.requestPhotos': { target: 'details', actions: 'assignPhotos' },
      },
    },
    details: {
      on: {
        'enquiry.next': [
          { guard: { type: 'isStepValid', params: 'details' }, target: 'submitting', actions: 'assignStep' },
          { actions: { type: 'assignInvalid', params: 'details' } },
        ],
        'enquiry.back': { target: '#enquiry.message.ready', actions: 'assignEnquire' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: sendTo('formSubmission', ({ context }) => ({
        type: 'form.send' as const,
        values: enquiryValues(context.defaults, context.values, context.kind),
      })),
      invoke: {
        id: 'formSubmission',
        src: 'formSubmission',
        input: ({ context }) => ({
          category: ENQUIRY_SUBCATEGORIES[context.kind],
          eventId: context.eventIds[context.kind],
          successPath: SUCCESS_PATH,
          form: 'enquiry',
          rules: context.rules,
          carId: context.defaults.car_id,
          carName: context.carName,
        }),
        onDone: [
          {
            guard: { type: 'isLeadSent', params: leadOutcome },
            target: 'success',
            actions: { type: 'assignLead', params: sentLeadId },
          },
          { target: 'failure', actions: { type: 'assignRefusal', params: leadRefusal } },
        ],
        onError: { target: 'failure', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failure: {
      on: {
        'enquiry.next': [
          { guard: { type: 'isStepValid', params: 'details' }, target: 'submitting', actions: 'assignStep' },
          { actions: { type: 'assignInvalid', params: 'details' } },
        ],
        'enquiry.back': { target: '#enquiry.message.ready', actions: 'assignEnquire' },
      },
    },
    success: { type: 'final' },
  },
});

/** The enquiry's logic, as the car page loads it on intent (decision 134). */
export type EnquiryLogic = typeof enquiryMachine;

/** A running enquiry. */
export type EnquiryActorRef = ActorRefFrom<typeof enquiryMachine>;
