import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { SUBMIT_FAILED_MESSAGE } from '../../domain/site-forms.ts';
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
}

/** The form's values as the shopper entered them (checked by the view against the form's schema). */
export type FormValues = Record<string, unknown>;

/** What the machine holds: the form, the last errors, and the stored lead's id. */
export interface FormSubmissionContext extends FormSubmissionInput {
  /** The form-level error: the server's message when it sent one, else the spec's text. */
  formError: string | null;
  /** Messages per field, from the browser's check or the server's answer. */
  fieldErrors: Record<string, string>;
  leadId: string | null;
}

export type FormSubmissionEvent =
  /** The shopper sends the form, its values already checked. */
  | { type: 'form.submit'; values: FormValues }
  /** The browser's check found field errors: nothing is sent. */
  | { type: 'form.invalid'; fieldErrors: Record<string, string> };

/**
 * A site form's submission (`locations-forms-tradein-site.md` §4 "Form submission", §8): `idle` →
 * `submitting` (tag `busy`: the button is disabled with a spinner) → `success` | `failure`. Success
 * records the form's analytics event, stores the category locally and may go to `/success`. Failure
 * alerts "An error occurred when submitting this form" and keeps the form error (the server's message
 * when it sent one) and the server's field errors; the shopper may send again. A form the browser
 * finds invalid waits in `invalid` with its field errors and is not sent.
 */
export const formSubmissionMachine = setup({
  types: {} as { context: FormSubmissionContext; events: FormSubmissionEvent; input: FormSubmissionInput },
  actors: {
    submitForm: fromPromise<{ lead_id: string }, { form: string | null; values: FormValues }>(
      notProvided('submitForm'),
    ),
  },
  actions: {
    recordEvent: (_, _params: { eventId: number }) => notProvided('recordEvent')(),
    storeCategory: (_, _params: { category: string }) => notProvided('storeCategory')(),
    navigate: (_, _params: { path: string | null }) => notProvided('navigate')(),
    alertFailure: (_, _params: { message: string }) => notProvided('alertFailure')(),
    assignInvalid: assign(({ event }) =>
      event.type === 'form.invalid' ? { fieldErrors: event.fieldErrors, formError: null } : {},
    ),
    assignRefusal: assign((_, error: unknown) => ({
      formError: refusalMessage(error, SUBMIT_FAILED_MESSAGE),
      fieldErrors: refusalFields(error),
    })),
    assignLead: assign((_, leadId: string) => ({ leadId, formError: null, fieldErrors: {} })),
    clearErrors: assign({ formError: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'formSubmission',
  context: ({ input }) => ({ ...input, formError: null, fieldErrors: {}, leadId: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'form.submit': 'submitting', 'form.invalid': { target: 'invalid', actions: 'assignInvalid' } },
    },
    invalid: { on: { 'form.submit': 'submitting' } },
    submitting: {
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context, event }) => ({
          form: context.form,
          values: event.type === 'form.submit' ? event.values : {},
        }),
        onDone: {
          target: 'success',
          actions: [
            { type: 'assignLead', params: ({ event }) => event.output.lead_id },
            { type: 'recordEvent', params: ({ context }) => ({ eventId: context.eventId }) },
            { type: 'storeCategory', params: ({ context }) => ({ category: context.category }) },
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
    failure: {
      on: { 'form.submit': 'submitting', 'form.invalid': { target: 'invalid', actions: 'assignInvalid' } },
    },
    success: { type: 'final' },
  },
});

/** A running form submission. */
export type FormSubmissionActorRef = ActorRefFrom<typeof formSubmissionMachine>;
