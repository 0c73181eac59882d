import { SITE_FORM_PAGES } from './lead-routes.ts';
import type { Location } from './location.ts';

export { SITE_FORM_PAGES, SUCCESS_PATH } from './lead-routes.ts';
export { SITE_FORM_IDS, type SiteFormId } from './site-forms.ts';

import { CV_FIELD, CV_LABEL } from './careers-cv.ts';
import { possessive } from './format.ts';
import {
  CAREERS,
  DEFAULT_CATEGORY,
  EMPLOYMENT_STATUSES,
  FINANCE_CATEGORY,
  FORM_EVENT_IDS,
  SERVICE_CATEGORY,
  type SiteFormId,
  type SiteFormOptions,
  siteFormSchema,
  TEST_DRIVE_CATEGORY,
  VEHICLE_ENQUIRY_CATEGORY,
} from './site-forms.ts';

/**
 * The site-wide contact-type forms (`locations-forms-tradein-site.md` §2 Routes, §3 "Form submission
 * payload", §5 "Site-wide forms"): which fields each form shows and which rules follow from that.
 * One definition serves the page that shows the form and the lead route that checks what it sent, so
 * the browser and the server apply the same schema. What varies per dealer (its dealerships,
 * locations, categories, service options, whether the message is optional) comes from the site.
 */

/** How a field is shown. */
export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'textarea'
  | 'select'
  | 'postcode'
  | 'checkbox'
  | 'hidden'
  /** A file sent on its own as it is chosen; the field's value is the stored file's id (the careers CV). */
  | 'file';

/** One field of a form, as the page shows it. */
export interface FormFieldDefinition {
  /** The name it is submitted under (§3 "Form submission payload"). */
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  autoComplete?: string;
  options?: readonly { value: string; label: string }[];
  defaultValue?: string;
  /** The keyboard a phone shows for a text field that takes digits (the odometer). */
  inputMode?: 'numeric';
}

/** A form: its heading, its fields, the category it sends and the rules its fields follow. */
export interface SiteFormDefinition {
  id: SiteFormId;
  heading: string;
  intro: string;
  /** The category the form starts with (§5: General Enquiry unless the form is about something else). */
  category: string;
  /** The analytics event a sent form records (§9: 22; careers 51). */
  eventId: number;
  fields: readonly FormFieldDefinition[];
  schemaOptions: SiteFormOptions;
  submitLabel: string;
}

/** What a form needs to know of the site. */
export interface FormSite {
  readonly name: string;
  readonly dealerships: readonly { readonly slug: string; readonly name: string }[];
  readonly locations: readonly Pick<
    Location,
    'slug' | 'name' | 'location_type' | 'visible' | 'dealership_slug'
  >[];
  /** The `messageOptional` switch. */
  readonly messageOptional: boolean;
  readonly forms: {
    readonly categories: readonly string[];
    readonly service_options: readonly string[];
  };
}

/**
 * A site as its forms see it. `messageOptional` is the site's switch, evaluated by the caller (the
 * server from `tenants/features.ts`, the browser from the public config's `features`).
 */
export function formSite(
  site: Pick<FormSite, 'name' | 'dealerships' | 'locations' | 'forms'>,
  messageOptional: boolean,
): FormSite {
  return {
    name: site.name,
    dealerships: site.dealerships,
    locations: site.locations,
    forms: site.forms,
    messageOptional,
  };
}

/** §5: ticked options are named `<option> (check_option)` and sent as `additional_services`. */
export const checkOptionName = (option: string) => `${option} (check_option)`;

const contactFields: FormFieldDefinition[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', required: false, autoComplete: 'tel' },
];
const postcodeField: FormFieldDefinition = {
  name: 'postcode',
  label: 'Postcode',
  kind: 'postcode',
  required: true,
  autoComplete: 'postal-code',
};
const messageField = (optional: boolean, label = 'Message'): FormFieldDefinition => ({
  name: 'message',
  label,
  kind: 'textarea',
  required: !optional,
});
const optInField: FormFieldDefinition = {
  name: 'opt_in',
  label: 'Keep me up to date with news and offers',
  kind: 'checkbox',
  required: false,
  defaultValue: 'true',
};

/** The visible locations of a type, for a location select. */
export function locationsOfType(site: FormSite, types: readonly string[]) {
  return site.locations.filter((l) => l.visible && types.includes(l.location_type));
}

function dealershipField(site: FormSite): FormFieldDefinition[] {
  if (site.dealerships.length <= 1) return [];
  return [
    {
      name: 'dealership_slug',
      label: 'Dealership',
      kind: 'select',
      required: true,
      options: site.dealerships.map((d) => ({ value: d.slug, label: d.name })),
    },
  ];
}

function locationField(locations: FormSite['locations'], label: string): FormFieldDefinition {
  return {
    name: 'location',
    label,
    kind: 'select',
    required: true,
    options: locations.map((l) => ({ value: l.slug, label: l.name })),
  };
}

function options(
  site: FormSite,
  fields: readonly FormFieldDefinition[],
  categories: readonly string[],
  extra: Partial<SiteFormOptions> = {},
): SiteFormOptions {
  const location = fields.find((f) => f.name === 'location');
  return {
    contact: true,
    postcode: fields.some((f) => f.kind === 'postcode'),
    messageOptional: !fields.some((f) => f.name === 'message' && f.required),
    showsLocation: Boolean(location),
    locationSlugs: location?.options?.map((o) => o.value),
    dealershipCount: fields.some((f) => f.name === 'dealership_slug') ? site.dealerships.length : 1,
    dealershipSlugs: site.dealerships.map((d) => d.slug),
    categories,
    ...extra,
  };
}

function define(
  site: FormSite,
  form: Omit<SiteFormDefinition, 'schemaOptions' | 'eventId'> & {
    eventId?: number;
    categories: readonly string[];
    booking?: boolean;
    finance?: boolean;
    service?: boolean;
  },
): SiteFormDefinition {
  const { categories, booking, finance, service, ...rest } = form;
  return {
    eventId: FORM_EVENT_IDS.default,
    ...rest,
    schemaOptions: options(site, form.fields, categories, {
      ...(booking ? { booking } : {}),
      ...(finance ? { finance } : {}),
      ...(service ? { service } : {}),
    }),
  };
}

/**
 * The form a site shows under a name, or null when it has none (a location form for a location the
 * site does not have, a service form without a service location).
 */
export function siteForm(site: FormSite, id: SiteFormId, locationSlug?: string): SiteFormDefinition | null {
  const optional = site.messageOptional;
  switch (id) {
    case 'contact': {
      const categories = site.forms.categories;
      return define(site, {
        id,
        heading: 'Contact us',
        intro: `Send ${site.name} a message and the right team will get back to you.`,
        category: DEFAULT_CATEGORY,
        categories,
        fields: [
          ...contactFields,
          postcodeField,
          {
            name: 'category',
            label: 'Category',
            kind: 'select',
            required: true,
            options: categories.map((c) => ({ value: c, label: c })),
            defaultValue: DEFAULT_CATEGORY,
          },
          ...dealershipField(site),
          { name: 'Rego', label: 'Rego (optional)', kind: 'text', required: false },
          messageField(optional),
          optInField,
        ],
        submitLabel: 'Send message',
      });
    }
    case 'location': {
      const location = site.locations.find((l) => l.visible && l.slug === locationSlug);
      if (!location) return null;
      return define(site, {
        id,
        heading: `Contact ${location.name}`,
        intro: `Send ${location.name} a message and the team will get back to you.`,
        category: DEFAULT_CATEGORY,
        categories: [DEFAULT_CATEGORY],
        fields: [
          ...contactFields,
          postcodeField,
          {
            name: 'location',
            label: 'Location',
            kind: 'hidden',
            required: true,
            defaultValue: location.slug,
          },
          messageField(optional),
          optInField,
        ],
        submitLabel: 'Send message',
      });
    }
    case 'service': {
      const locations = locationsOfType(site, ['service']);
      if (locations.length === 0) return null;
      return define(site, {
        id,
        heading: 'Book a service',
        intro: 'Tell us about your car and when suits you, and our service team will confirm your booking.',
        category: SERVICE_CATEGORY,
        categories: [SERVICE_CATEGORY],
        fields: [
          ...contactFields,
          postcodeField,
          locationField(locations, 'Service centre'),
          { name: 'Rego', label: 'Rego (optional)', kind: 'text', required: false },
          {
            name: 'odometer',
            label: 'Odometer (km)',
            kind: 'text',
            required: true,
            inputMode: 'numeric',
          },
          ...site.forms.service_options.map(
            (option): FormFieldDefinition => ({
              name: checkOptionName(option),
              label: option,
              kind: 'checkbox',
              required: false,
            }),
          ),
          // The form marks the message optional (§5): the ticked services usually say it all.
          messageField(true, 'Anything else we should know? (optional)'),
          optInField,
        ],
        submitLabel: 'Request booking',
        service: true,
      });
    }
    case 'fleet':
      return define(site, {
        id,
        heading: 'Fleet and business sales',
        intro: `Buying for a business? ${possessive(site.name)} fleet team will put together an offer.`,
        category: 'Fleet Enquiry',
        categories: ['Fleet Enquiry'],
        fields: [
          ...contactFields,
          { name: 'company', label: 'Company', kind: 'text', required: false, autoComplete: 'organization' },
          postcodeField,
          ...dealershipField(site),
          messageField(optional, 'What vehicles are you after?'),
          optInField,
        ],
        submitLabel: 'Send enquiry',
      });
    case 'careers':
      return define(site, {
        id,
        heading: 'Careers',
        intro: `Want to work with ${site.name}? Tell us about yourself.`,
        category: CAREERS.category,
        categories: [CAREERS.category],
        eventId: FORM_EVENT_IDS.careers,
        fields: [
          ...contactFields,
          { name: 'position', label: 'Position of interest (optional)', kind: 'text', required: false },
          ...dealershipField(site),
          messageField(optional, 'About you'),
          { name: CV_FIELD, label: CV_LABEL, kind: 'file', required: false },
          optInField,
        ],
        submitLabel: 'Send',
      });
    case 'testDrive': {
      const locations = locationsOfType(site, ['sales', '']);
      if (locations.length === 0) return null;
      return define(site, {
        id,
        heading: 'Book a test drive',
        intro: 'Choose a time that suits you and we will have the car ready.',
        category: TEST_DRIVE_CATEGORY,
        categories: [TEST_DRIVE_CATEGORY],
        fields: [
          ...contactFields,
          postcodeField,
          locationField(locations, 'Location'),
          messageField(true, 'Anything we should know? (optional)'),
          optInField,
          {
            name: 'terms_conditions',
            label: 'I accept the terms and conditions of the test drive',
            kind: 'checkbox',
            required: true,
          },
        ],
        submitLabel: 'Book test drive',
        booking: true,
      });
    }
    case 'finance':
      return define(site, {
        id,
        heading: 'Get pre-approved',
        intro: `Apply for finance with ${site.name}: our finance team will call you with a pre-approval.`,
        category: FINANCE_CATEGORY,
        categories: [FINANCE_CATEGORY],
        fields: [
          ...contactFields.map((field) => (field.name === 'phone' ? { ...field, required: true } : field)),
          postcodeField,
          ...dealershipField(site),
          { name: 'vehiclePriceBudget', label: 'Vehicle price budget ($)', kind: 'text', required: true },
          {
            name: 'employment_status',
            label: 'Employment status',
            kind: 'select',
            required: true,
            options: EMPLOYMENT_STATUSES.map((status) => ({ value: status, label: status })),
          },
          messageField(true, 'Anything else we should know? (optional)'),
          optInField,
        ],
        submitLabel: 'Apply for pre-approval',
        finance: true,
      });
    case 'tradeIn':
      // The wizard's own steps and schema (`domain/trade-in.ts`), not a site-wide form.
      return null;
    case 'enquiry':
      return define(site, {
        id,
        heading: 'Enquire about this car',
        intro: '',
        category: VEHICLE_ENQUIRY_CATEGORY,
        categories: [VEHICLE_ENQUIRY_CATEGORY],
        fields: [...contactFields, messageField(optional), optInField],
        submitLabel: 'Send enquiry',
      });
  }
}

/** The schema a form's fields are checked against, in the browser and on the server. */
export function siteFormSchemaOf(form: SiteFormDefinition) {
  return siteFormSchema(form.schemaOptions);
}

/** The form a site-wide form page shows: by its path, or a location's contact page by its slug. */
export function siteFormForPath(site: FormSite, path: string): SiteFormDefinition | null {
  const page = SITE_FORM_PAGES.find((candidate) => candidate.path === path);
  if (page) return siteForm(site, page.form);
  const location = /^\/contact-us\/([^/]+)$/.exec(path)?.[1];
  if (!location) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(location);
  } catch {
    return null;
  }
  return siteForm(site, 'location', slug);
}
