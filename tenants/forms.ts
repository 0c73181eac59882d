import type { FormSite } from '../domain/site-form-pages.ts';
import { hasFeature } from './features.ts';
import type { SiteConfig } from './tenant.schema.ts';

/**
 * What the site-wide forms need to know of a site (`domain/site-form-pages.ts`): its dealerships,
 * locations, form options and the `messageOptional` switch. The page showing a form and the lead
 * route checking it both build the form from this, so they agree.
 */
export function formSiteOf(
  site: Pick<SiteConfig, 'slug' | 'template' | 'name' | 'dealerships' | 'locations' | 'forms'>,
): FormSite {
  return {
    name: site.name,
    dealerships: site.dealerships,
    locations: site.locations,
    messageOptional: hasFeature(site, 'messageOptional'),
    forms: site.forms,
  };
}
