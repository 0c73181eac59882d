import type { SnapshotFrom } from 'xstate';
import type { enquiryMachine } from './enquiry.machine.ts';

/**
 * The enquiry's snapshot, or `undefined` before it runs — on the server and in the browser until the
 * shopper means to use it (decision 134): each selector then answers as the enquiry starts, so the
 * form rendered without it is the form its first state shows.
 */
type EnquirySnapshot = SnapshotFrom<typeof enquiryMachine> | undefined;

/** Which step the enquiry shows: the message, the shopper's details (also while sending and after a failure), or done. */
export const selectEnquiryStep = (snapshot: EnquirySnapshot): 'message' | 'details' | 'sent' =>
  !snapshot || snapshot.matches('message') ? 'message' : snapshot.matches('success') ? 'sent' : 'details';

/** Whether the enquiry is being sent (the button disabled with a spinner). */
export const selectEnquiryBusy = (snapshot: EnquirySnapshot): boolean => snapshot?.hasTag('busy') ?? false;

/** The error of a failed submission (§8), or null. */
export const selectEnquiryError = (snapshot: EnquirySnapshot): string | null =>
  snapshot?.matches('failure') ? snapshot.context.error : null;

/** What the enquiry is: a message, or a photo request (its heading and its submit say which). */
export const selectEnquiryKind = (snapshot: EnquirySnapshot): 'enquire' | 'photos' =>
  snapshot?.context.kind ?? 'enquire';

const NOTHING: Record<string, never> = {};

/** What the shopper entered so far, shown again on a step they return to. */
export const selectEnquiryValues = (snapshot: EnquirySnapshot): Record<string, unknown> =>
  snapshot?.context.values ?? NOTHING;

/** The messages per field of the step shown (its rules', or the server's after a refusal). */
export const selectEnquiryFieldErrors = (snapshot: EnquirySnapshot): Record<string, string> =>
  snapshot?.context.fieldErrors ?? NOTHING;
