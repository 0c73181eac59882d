import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { HONEYPOT_FIELD } from '../../domain/lead.ts';
import {
  formSite,
  type SiteFormDefinition,
  siteFormForPath,
  siteFormSchemaOf,
} from '../../domain/site-form-pages.ts';
import type { FormSubmissionActorRef } from '../../machines/form-submission/form-submission.machine.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import {
  checkLeadForm,
  FieldErrorsBanner,
  LeadFormFields,
  readLeadForm,
  SubmitButton,
} from '../ui/lead-form.tsx';
import { siteFormPageLogic } from './wiring.ts';

/** The form a page of this site shows at a path (null: the site has no such form, or no such location). */
export function pageForm(site: PublicSite, path: string): SiteFormDefinition | null {
  return siteFormForPath(formSite(site, site.features.messageOptional), path);
}

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
}: {
  actorRef: FormSubmissionActorRef;
  form: SiteFormDefinition;
  idPrefix: string;
}) {
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(actorRef, (snapshot) => snapshot.context.fieldErrors);
  const formError = useSelector(actorRef, (snapshot) =>
    snapshot.matches('failure') ? snapshot.context.formError : null,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A form without a category select sends its own category (§5: a select defaults to General Enquiry).
    const values = { category: form.category, ...readLeadForm(event.currentTarget, form.fields) };
    const checked = checkLeadForm(siteFormSchemaOf(form), values);
    if (checked.ok) actorRef.send({ type: 'form.submit', values: checked.values });
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
      <LeadFormFields fields={form.fields} errors={fieldErrors} idPrefix={idPrefix} />
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

/** A site-wide form's page: its heading, its intro and the form, or not found. */
export function SiteFormPage({ actorRef }: { actorRef: FormSubmissionActorRef }) {
  const site = useSite();
  const [path] = useLocation();
  const form = pageForm(site, path);
  if (!form) return <NotFoundPage />;
  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>{form.heading}</h1>
      <p className={accountStyles.text}>{form.intro}</p>
      <SiteFormView actorRef={actorRef} form={form} idPrefix={`form-${form.id}`} />
    </section>
  );
}

/**
 * Routes `/contact`, `/contact-us`, `/contact-us/{location-slug}`, `/service`, `/fleet` and `/careers`
 * (`locations-forms-tradein-site.md` §2): the `formSubmission` machine for the form at the path.
 */
export const siteFormPage = definePage({
  logic: siteFormPageLogic,
  input: ({ site, path }) => {
    const form = pageForm(site, pathOf(path));
    return {
      category: form?.category ?? '',
      eventId: form?.eventId ?? 22,
      successPath: '/success',
      form: form?.id ?? null,
    };
  },
  head: (_snapshot, { site, path }) => {
    const form = pageForm(site, pathOf(path));
    if (!form) return notFoundHead(site.name, pathOf(path));
    return {
      title: `${form.heading} | ${site.name}`,
      description: form.intro,
      status: 200,
      canonicalPath: pathOf(path),
    };
  },
  View: SiteFormPage,
});

/** The path as the router sees it (the request's path is raw: `/contact-us/caf%C3%A9`). */
function pathOf(raw: string): string {
  return raw.split('?')[0] ?? raw;
}
