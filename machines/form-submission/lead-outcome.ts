import type { LeadRefusal } from '../../domain/lead-send.ts';
import type { FormSubmissionOutput } from './form-submission.machine.ts';

/**
 * How a flow that hands its lead to the lead-sending child (`formSubmission`, with `form.send`) reads
 * how the child ended (issue 32 item 5): the enquiry, the test-drive booking and the trade-in share
 * the guard and the params, and each shows a refusal with its own text.
 *
 * @example
 * onDone: [
 *   { guard: { type: 'isLeadSent', params: leadOutcome }, target: 'success', actions: { type: 'assignLead', params: sentLeadId } },
 *   { target: 'failure', actions: { type: 'assignRefusal', params: leadRefusal } },
 * ],
 */

/** The `xstate.done.actor.formSubmission` event a parent's `onDone` receives. */
type LeadDone = { event: { output: FormSubmissionOutput } };

const NO_REFUSAL: LeadRefusal = { message: null, code: null, fields: {} };

/** The child's output, as a guard's params. */
export const leadOutcome = ({ event }: LeadDone): FormSubmissionOutput => event.output;

/** Guard: the child stored the lead (its output names the lead's id). */
export const isLeadSent = (_: unknown, outcome: FormSubmissionOutput): boolean => 'lead_id' in outcome;

/** Why the child's lead was refused (an empty refusal when it was stored). */
export const refusalIn = (outcome: FormSubmissionOutput): LeadRefusal =>
  'refusal' in outcome ? outcome.refusal : NO_REFUSAL;

/** The stored lead's id, as an action's params ('' for a refusal, which `isLeadSent` turned away). */
export const sentLeadId = ({ event }: LeadDone): string =>
  'lead_id' in event.output ? event.output.lead_id : '';

/** Why the lead was refused, as an action's params. */
export const leadRefusal = ({ event }: LeadDone): LeadRefusal => refusalIn(event.output);

/** What a flow shows of a refusal: the server's message (else the flow's own text) and its messages per field. */
export const refusalErrors = (refusal: LeadRefusal, fallback: string) => ({
  error: refusal.message ?? fallback,
  fieldErrors: refusal.fields,
});
