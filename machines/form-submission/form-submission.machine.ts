import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { checkFields, type FieldCheck } from '../../domain/field-errors.ts';
import type { LeadRefusal, LeadSend } from '../../domain/lead-send.ts';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import {
  formEventId,
  type SiteFormOptions,
  SUBMIT_FAILED_MESSAGE,
  siteFormSchema,
} from '../../domain/site-forms.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { readingContact } from '../shared/reading-contact.ts';
import { refusalFields, refusalMessage, refusalOf } from '../shared/refusal.ts';

/** What a form is: its success category, its analytics event, and where success goes. */
export interface FormSubmissionInput {
  /** The category stored locally on success (`locations-forms-tradein-site.md` §4). */
  category: string;
  /** The analytics event a sent form records: 22, or 51 for careers (§9). */
  eventId: number;
  /** Where success goes (`/success`), or null to stay on the page. */
  successPath: string | null;
  /** The site-wide form it is (`domain/site-form-pages.ts`), whose rules the server checks again. */
  form: string | null;
  /** What the form shows, which decides its rules (`domain/site-forms.ts` §5): every submit is checked. */
  rules: SiteFormOptions;
  /** The car the lead is about (an enquiry, a test drive): recorded with the event and stored with the category. */
  carId?: number | null;
  /** The car's name, stored with the category for `/success`. */
  carName?: string | null;
  /**
   * A page's own form, whose fields show at once (a site-wide form page, the finance application):
   * a signed-in shopper's details are read (`readContact`) to fill its blank fields (issue 37 item 9).
   * A parent's lead (`form.send`) reads nothing.
   */
  readsContact?: boolean;
}

/**
 * How a submission ends (its output): the stored lead's id, or — for a lead a parent sent with
 * `form.send` — the refusal, for the parent to show.
 */
export type FormSubmissionOutput = { lead_id: string } | { refusal: LeadRefusal };

/** A form's values: as the shopper entered them (`form.submit`), or as checked (`values`). */
export type FormValues = Record<string, unknown>;

/** What the machine holds: the form, the last errors, what was sent, and the stored lead's id. */
export interface FormSubmissionContext extends FormSubmissionInput {
  /** The form-level error: the server's message when it sent one, else the spec's text. */
  formError: string | null;
  /** Messages per field, from the form's rules or the server's answer. */
  fieldErrors: Record<string, string>;
  /** The values of the last submit that passed the rules, with what the page added. */
  values: FormValues;
  leadId: string | null;
  /** Why the last submission was refused, or null. */
  refusal: LeadRefusal | null;
  /** The signed-in shopper's details the fields start with (`readsContact`), or null. */
  contact: ShopperContact | null;
  /** The lead came with `form.send`: a refusal ends the submission and goes back to the parent. */
  sentByParent: boolean;
}

export type FormSubmissionEvent =
  /**
   * The shopper sends the form: `values` as entered, checked against the form's rules before anything
   * is sent; `extra` is what the page adds (the car, the calculator's figures), sent as it is.
   */
  | { type: 'form.submit'; values: FormValues; extra?: FormValues }
  /**
   * A machine that invokes this one (the enquiry, the test-drive booking, the trade-in) sends the
   * values it checked against its own steps' rules: sent as they are, the input's `category` stored on
   * success, and a refusal ends the submission (`refused`) with the refusal as its output.
   */
  | { type: 'form.send'; values: FormValues };

/** A submit from a resting state: sent when it keeps the form's rules, else held in `invalid`. */
const submit = [
  { guard: 'isValid', target: 'submitting', actions: 'assignValues' },
  { target: 'invalid', actions: 'assignInvalid' },
] as const;

/** A lead a parent checked: sent at once. */
const send = { target: 'submitting', actions: 'assignSent' } as const;

/** A refusal as the form keeps it (context holds data, not the `ServiceError`). */
function refusalAnswer(error: unknown): LeadRefusal {
  const { message, details } = refusalOf(error);
  return {
    message: typeof message === 'string' && message !== '' ? message : null,
    code: details?.code ?? null,
    fields: refusalFields(error),
  };
}

/** §5: a submit's values checked against the form's rules; a form without a category select sends its own. */
function check(context: FormSubmissionContext, values: FormValues): FieldCheck {
  return checkFields(siteFormSchema(context.rules), { category: context.category, ...values });
}

/**
 * A site form's submission (`locations-forms-tradein-site.md` §4 "Form submission", §8): `idle` →
 * `submitting` (tag `busy`: the button is disabled with a spinner) → `success` | `failure`. Success
 * records the form's analytics event, stores the category locally and may go to `/success`. Failure
 * alerts "An error occurred when submitting this form" and keeps the form error (the server's message
 * when it sent one) and the server's field errors; the shopper may send again. Every submit is checked
 * against the form's rules first (issue 31 item 14): a form that breaks them waits in `invalid` with
 * this submit's field errors and is not sent. A careers enquiry records event 51 whichever form chose it.
 *
 * It is also the one lead-sending child (issue 32 item 5): the enquiry, the test-drive booking and the
 * trade-in invoke it and hand it the lead with `form.send` once their own steps are checked; it sends,
 * records, stores and navigates as above, and a refusal ends it in `refused` so the parent shows it its
 * own way (`lead-outcome.ts` reads how it ended).
 *
 * A page's own form (`readsContact`) starts with a signed-in shopper's details (issue 37 item 9): read
 * once while `idle`, they fill the fields the shopper has not typed in (`selectFormStartValues`); a
 * visitor, or a session that cannot be read, starts with blank fields.
 */
export const formSubmissionMachine = setup({
  types: {} as {
    context: FormSubmissionContext;
    events: FormSubmissionEvent;
    input: FormSubmissionInput;
    output: FormSubmissionOutput;
  },
  actors: {
    submitForm: fromPromise<{ lead_id: string }, LeadSend>(notProvided('submitForm')),
    readContact: fromPromise<ShopperContact | null>(notProvided('formSubmission: readContact')),
  },
  guards: {
    readsContact: ({ context }) => context.readsContact === true,
    isValid: ({ context, event }) => check(context, event.values).ok,
    isSentByParent: ({ context }) => context.sentByParent,
  },
  actions: {
    recordEvent: (_, _params: { eventId: number; carId?: number | null }) => notProvided('recordEvent')(),
    storeCategory: (_, _params: { category: string; carName?: string | null; carId?: number | null }) =>
      notProvided('storeCategory')(),
    navigate: (_, _params: { path: string | null }) => notProvided('navigate')(),
    alertFailure: (_, _params: { message: string }) => notProvided('alertFailure')(),
    assignValues: assign(({ context, event }) => {
      if (event.type !== 'form.submit') return {};
      const checked = check(context, event.values);
      return checked.ok ? { values: { ...checked.values, ...event.extra } } : {};
    }),
    assignSent: assign(({ event }) => ({ values: event.values, sentByParent: true })),
    assignInvalid: assign(({ context, event }) => {
      if (event.type !== 'form.submit') return {};
      const checked = check(context, event.values);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, formError: null };
    }),
    assignRefusal: assign((_, error: unknown) => ({
      formError: refusalMessage(error, SUBMIT_FAILED_MESSAGE),
      fieldErrors: refusalFields(error),
      refusal: refusalAnswer(error),
    })),
    assignLead: assign((_, leadId: string) => ({ leadId, formError: null, fieldErrors: {} })),
    clearErrors: assign({ formError: null, fieldErrors: {} }),
    assignContact: assign((_, contact: ShopperContact | null) => ({ contact })),
  },
}).createMachine({
  id: 'formSubmission',
  context: ({ input }) => ({
    ...input,
    formError: null,
    fieldErrors: {},
    values: {},
    leadId: null,
    refusal: null,
    sentByParent: false,
    contact: null,
  }),
  output: ({ context }): FormSubmissionOutput =>
    context.leadId !== null
      ? { lead_id: context.leadId }
      : { refusal: context.refusal ?? refusalAnswer(null) },
  initial: 'idle',
  states: {
    idle: {
      // A page's own form reads the shopper's details once, while they may already be typing.
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'readsContact', target: 'reading' }, { target: 'ready' }] },
        ...readingContact('assignContact'),
      },
      on: { 'form.submit': submit, 'form.send': send },
    },
    invalid: { on: { 'form.submit': submit } },
    submitting: {
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => ({ form: context.form, values: context.values }),
        onDone: {
          target: 'success',
          actions: [
            { type: 'assignLead', params: ({ event }) => event.output.lead_id },
            {
              type: 'recordEvent',
              params: ({ context }) => ({
                eventId: formEventId(context.values.category, context.eventId),
                ...(context.carId !== undefined ? { carId: context.carId } : {}),
              }),
            },
            {
              type: 'storeCategory',
              params: ({ context }) => ({
                // A parent names what was sent (a photo request is sent as a Vehicle Enquiry).
                category: context.sentByParent
                  ? context.category
                  : String(context.values.category ?? context.category),
                ...(context.carId !== undefined
                  ? { carId: context.carId, carName: context.carName ?? null }
                  : {}),
              }),
            },
            // A form that stays on its page has no success path: the view's `navigate` does nothing.
            { type: 'navigate', params: ({ context }) => ({ path: context.successPath }) },
          ],
        },
        onError: [
          {
            guard: 'isSentByParent',
            target: 'refused',
            actions: { type: 'assignRefusal', params: errorOf },
          },
          {
            target: 'failure',
            actions: [
              { type: 'assignRefusal', params: errorOf },
              { type: 'alertFailure', params: { message: SUBMIT_FAILED_MESSAGE } },
            ],
          },
        ],
      },
    },
    failure: { on: { 'form.submit': submit } },
    success: { type: 'final' },
    /** A lead a parent sent was refused: the parent shows why (the output's `refusal`). */
    refused: { type: 'final' },
  },
});

/** A running form submission. */
export type FormSubmissionActorRef = ActorRefFrom<typeof formSubmissionMachine>;
