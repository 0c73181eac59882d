import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { HONEYPOT_FIELD } from '../../domain/lead.ts';
import { type SiteFormDefinition, siteFormSchemaOf } from '../../domain/site-form-pages.ts';
import type { FormSubmissionActorRef } from '../../machines/form-submission/form-submission.machine.ts';
import { accountStyles } from './account-styles.ts';
import {
  checkLeadForm,
  FieldErrorsBanner,
  LeadFormFields,
  readLeadForm,
  SubmitButton,
} from './lead-form.tsx';

/**
 * One site-wide form (`locations-forms-tradein-site.md` §5): its fields as the site shows them,
 * checked in the browser with the schema the server applies again; sending disables the button with
 * a spinner; a refusal shows the alert and the server's message over the fields' errors, headed
 * 'Please fix the following errors:'.
 */
export function SiteFormView({
  actorRef,
  form,
  idPrefix,
  values,
  extra,
}: {
  actorRef: FormSubmissionActorRef;
  form: SiteFormDefinition;
  idPrefix: string;
  /** Values the fields start with (the finance page's query). */
  values?: Record<string, unknown>;
  /** What the page adds to what the shopper typed (the car, the calculator's figures). */
  extra?: Record<string, unknown>;
}) {
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(actorRef, (snapshot) => snapshot.context.fieldErrors);
  const formError = useSelector(actorRef, (snapshot) =>
    snapshot.matches('failure') ? snapshot.context.formError : null,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A form without a category select sends its own category (§5: a select defaults to General Enquiry).
    const typed = { category: form.category, ...readLeadForm(event.currentTarget, form.fields) };
    const checked = checkLeadForm(siteFormSchemaOf(form), typed);
    if (checked.ok) actorRef.send({ type: 'form.submit', values: { ...checked.values, ...extra } });
    else actorRef.send({ type: 'form.invalid', fieldErrors: checked.fieldErrors });
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={accountStyles.form}
      aria-label={form.heading}
      data-form={form.id}
    >
      <FieldErrorsBanner errors={fieldErrors} fields={form.fields} formError={formError} />
      <LeadFormFields fields={form.fields} errors={fieldErrors} idPrefix={idPrefix} values={values} />
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
