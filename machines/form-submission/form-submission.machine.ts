import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { checkFields, type FieldCheck } from '../../domain/field-errors.ts';
import {
  formEventId,
  type SiteFormOptions,
  SUBMIT_FAILED_MESSAGE,
  siteFormSchema,
} from '../../domain/site-forms.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields, refusalMessage } from '../shared/refusal.ts';

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
}

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
}

export type FormSubmissionEvent =
  /**
   * The shopper sends the form: `values` as entered, checked against the form's rules before anything
   * is sent; `extra` is what the page adds (the car, the calculator's figures), sent as it is.
   */
  { type: 'form.submit'; values: FormValues; extra?: FormValues };

/** A submit from a resting state: sent when it keeps the form's rules, else held in `invalid`. */
const submit = [
  { guard: 'isValid', target: 'submitting', actions: 'assignValues' },
  { target: 'invalid', actions: 'assignInvalid' },
] as const;

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
 */
export const formSubmissionMachine = setup({
  types: {} as { context: FormSubmissionContext; events: FormSubmissionEvent; input: FormSubmissionInput },
  actors: {
    submitForm: fromPromise<{ lead_id: string }, { form: string | null; values: FormValues }>(
      notProvided('submitForm'),
    ),
  },
  guards: {
    isValid: ({ context, event }) => check(context, event.values).ok,
  },
  actions: {
    recordEvent: (_, _params: { eventId: number }) => notProvided('recordEvent')(),
    storeCategory: (_, _params: { category: string }) => notProvided('storeCategory')(),
    navigate: (_, _params: { path: string | null }) => notProvided('navigate')(),
    alertFailure: (_, _params: { message: string }) => notProvided('alertFailure')(),
    assignValues: assign(({ context, event }) => {
      const checked = check(context, event.values);
      return checked.ok ? { values: { ...checked.values, ...event.extra } } : {};
    }),
    assignInvalid: assign(({ context, event }) => {
      const checked = check(context, event.values);
      return { fieldErrors: checked.ok ? {} : checked.fieldErrors, formError: null };
    }),
    assignRefusal: assign((_, error: unknown) => ({
      formError: refusalMessage(error, SUBMIT_FAILED_MESSAGE),
      fieldErrors: refusalFields(error),
    })),
    assignLead: assign((_, leadId: string) => ({ leadId, formError: null, fieldErrors: {} })),
    clearErrors: assign({ formError: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'formSubmission',
  context: ({ input }) => ({ ...input, formError: null, fieldErrors: {}, values: {}, leadId: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'form.submit': submit } },
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
              params: ({ context }) => ({ eventId: formEventId(context.values.category, context.eventId) }),
            },
            {
              type: 'storeCategory',
              params: ({ context }) => ({ category: String(context.values.category ?? context.category) }),
            },
            // A form that stays on its page has no success path: the view's `navigate` does nothing.
            { type: 'navigate', params: ({ context }) => ({ path: context.successPath }) },
          ],
        },
        onError: {
          target: 'failure',
          actions: [
            { type: 'assignRefusal', params: errorOf },
            { type: 'alertFailure', params: { message: SUBMIT_FAILED_MESSAGE } },
          ],
        },
      },
    },
    failure: { on: { 'form.submit': submit } },
    success: { type: 'final' },
  },
});

/** A running form submission. */
export type FormSubmissionActorRef = ActorRefFrom<typeof formSubmissionMachine>;
