import { useLocation } from 'wouter';
import { formSite, type SiteFormDefinition, siteFormForPath } from '../../domain/site-form-pages.ts';
import type { FormSubmissionActorRef } from '../../machines/form-submission/form-submission.machine.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundPage, notFoundHead } from '../layout/not-found-page.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { SiteFormView } from '../ui/site-form.tsx';
import { CvField } from './cv-field.tsx';
import { siteFormPageLogic } from './wiring.ts';

/** The form a page of this site shows at a path (null: the site has no such form, or no such location). */
export function pageForm(site: PublicSite, path: string): SiteFormDefinition | null {
  return siteFormForPath(formSite(site, site.features.messageOptional), path);
}

/** A site-wide form's page: its heading, its intro and the form, or not found. */
export function SiteFormPage({ actorRef }: { actorRef: FormSubmissionActorRef }) {
  const site = useSite();
  const [path] = useLocation();
  const form = pageForm(site, path);
  if (!form) return <NotFoundPage />;
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{form.heading}</h1>
      <p className={pageStyles.text}>{form.intro}</p>
      <SiteFormView actorRef={actorRef} form={form} idPrefix={`form-${form.id}`} fileField={CvField} />
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
      rules: form?.schemaOptions ?? { dealershipCount: 1 },
      readsContact: true,
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
