import type { SnapshotFrom } from 'xstate';
import type { enquiryMachine } from './enquiry.machine.ts';

type EnquirySnapshot = SnapshotFrom<typeof enquiryMachine>;

/** Which step the enquiry shows: the message, the shopper's details (also while sending and after a failure), or done. */
export const selectEnquiryStep = (snapshot: EnquirySnapshot): 'message' | 'details' | 'sent' =>
  snapshot.matches('message') ? 'message' : snapshot.matches('success') ? 'sent' : 'details';

/** Whether the enquiry is being sent (the button disabled with a spinner). */
export const selectEnquiryBusy = (snapshot: EnquirySnapshot): boolean => snapshot.hasTag('busy');

/** The error of a failed submission (§8), or null. */
export const selectEnquiryError = (snapshot: EnquirySnapshot): string | null =>
  snapshot.matches('failure') ? snapshot.context.error : null;

/** What the enquiry is: a message, or a photo request (its heading and its submit say which). */
export const selectEnquiryKind = (snapshot: EnquirySnapshot): 'enquire' | 'photos' => snapshot.context.kind;

/** What the shopper entered so far, shown again on a step they return to. */
export const selectEnquiryValues = (snapshot: EnquirySnapshot): Record<string, unknown> =>
  snapshot.context.values;

/** The messages per field of the step shown (its rules', or the server's after a refusal). */
export const selectEnquiryFieldErrors = (snapshot: EnquirySnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
