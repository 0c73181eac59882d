import { shallowEqual, useSelector } from '@xstate/react';
import { HONEYPOT_FIELD } from '../../domain/lead.ts';
import type { SiteFormDefinition } from '../../domain/site-form-pages.ts';
import type { FormSubmissionActorRef } from '../../machines/form-submission/form-submission.machine.ts';
import {
  selectFormBusy,
  selectFormError,
  selectFormFieldErrors,
  selectFormStartValues,
} from '../../machines/form-submission/form-submission.selectors.ts';
import { honeypotValue, onSubmitValues } from './form-values.ts';
import { FieldErrorsBanner, type FileFieldRenderer, LeadFormFields, SubmitButton } from './lead-form.tsx';
import { pageStyles } from './page-styles.ts';

/**
 * One site-wide form (`locations-forms-tradein-site.md` §5): its fields as the site shows them,
 * checked on every submit by its machine with the schema the server applies again; sending disables the button with
 * a spinner; a refusal shows the alert and the server's message over the fields' errors, headed
 * 'Please fix the following errors:'.
 */
export function SiteFormView({
  actorRef,
  form,
  idPrefix,
  values,
  extra,
  fileField,
}: {
  actorRef: FormSubmissionActorRef;
  form: SiteFormDefinition;
  idPrefix: string;
  /** Draws the form's file field (the careers CV), when it has one. */
  fileField?: FileFieldRenderer;
  /** Values the fields start with (the finance page's query); a signed-in shopper's details fill the rest. */
  values?: Record<string, unknown>;
  /** What the page adds to what the shopper typed (the car, the calculator's figures). */
  extra?: Record<string, unknown>;
}) {
  const busy = useSelector(actorRef, selectFormBusy);
  const fieldErrors = useSelector(actorRef, selectFormFieldErrors);
  const formError = useSelector(actorRef, selectFormError);
  const start = useSelector(actorRef, (snapshot) => selectFormStartValues(snapshot, values), shallowEqual);
  // The machine checks what was typed against the form's rules on every submit.
  const onSubmit = onSubmitValues(
    (raw, element) =>
      actorRef.send({ type: 'form.submit', values: raw, extra: { ...extra, ...honeypotValue(element) } }),
    form.fields,
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={pageStyles.form}
      aria-label={form.heading}
      data-form={form.id}
    >
      <FieldErrorsBanner errors={fieldErrors} fields={form.fields} formError={formError} />
      <LeadFormFields
        fields={form.fields}
        errors={fieldErrors}
        idPrefix={idPrefix}
        values={start}
        fileField={fileField}
      />
      <Honeypot />
      <div>
        <SubmitButton busy={busy} label={form.submitLabel} />
      </div>
    </form>
  );
}

/** The field people never see and bots fill in (the server refuses a lead that has it). */
export function Honeypot() {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
