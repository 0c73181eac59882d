import type { SnapshotFrom } from 'xstate';
import { prefillContact } from '../../domain/shopper-contact.ts';
import type { FormValues, formSubmissionMachine } from './form-submission.machine.ts';

type FormSubmissionSnapshot = SnapshotFrom<typeof formSubmissionMachine>;

/** Whether the form is being sent (the button disabled with a spinner, §4 "Form submission"). */
export const selectFormBusy = (snapshot: FormSubmissionSnapshot): boolean => snapshot.hasTag('busy');

/** The messages per field: the form's rules' after a held-back submit, or the server's after a refusal. */
export const selectFormFieldErrors = (snapshot: FormSubmissionSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;

/** The form-level error after a failed submission (the server's message, or the spec's text), else null. */
export const selectFormError = (snapshot: FormSubmissionSnapshot): string | null =>
  snapshot.matches('failure') ? snapshot.context.formError : null;

/**
 * The values the form's fields start with: the page's own (`values`: the finance page's query and car)
 * and, in the fields still blank, a signed-in shopper's details (issue 37 item 9). A field the shopper
 * has typed in keeps what they typed (`views/ui/lead-form.tsx`). Compare with `shallowEqual`.
 */
export const selectFormStartValues = (
  snapshot: FormSubmissionSnapshot,
  values: FormValues = {},
): FormValues => prefillContact(values, snapshot.context.contact);
