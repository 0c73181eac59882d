import { z } from 'zod/mini';
import { CV_FIELD, CV_ID, CV_NOT_READY } from './careers-cv.ts';
import { POSTCODE_LENGTH, postcodeSchema } from './postcode.ts';
import { MODEL_TO_DRIVE, odometerSchema, SERVICE_TIME_REQUIRED_MESSAGE } from './service-booking.ts';
import { SLOT_REQUIRED_MESSAGE, TERMS_REQUIRED_MESSAGE } from './test-drive-slots.ts';

/** The postcode's rules (`postcode.ts`), read by the forms' modules from here too. */
export { POSTCODE_LENGTH, POSTCODE_MESSAGE, postcodeSchema } from './postcode.ts';

/**
 * The site-wide contact-type forms' rules (`locations-forms-tradein-site.md` §5 "Site-wide forms",
 * §9 "Postcode length 4"): one schema per form, built from what the form shows, checking the
 * browser's form and the lead route alike; and the submission's shaping (careers, radio options,
 * ticked options). Texts are the spec's where it gives them.
 */

/** The site-wide forms, by the name a submission carries (`domain/site-form-pages.ts` defines each). */
export const SITE_FORM_IDS = [
  'contact',
  'location',
  'service',
  'fleet',
  'careers',
  'testDrive',
  'enquiry',
  /** A finance pre-approval application (issue 17 item 4). */
  'finance',
  /** The trade-in wizard's lead (`domain/trade-in.ts` `tradeInLeadSchema`). */
  'tradeIn',
] as const;
/** One site-wide form. */
export type SiteFormId = (typeof SITE_FORM_IDS)[number];

/** The spec's wording for a required field (§5 "Trade-in wizard"); it gives none for these forms. */
export const REQUIRED_MESSAGE = '* This field is required';
/** §8 "Form submission failure": the alert, and the form error when the server sent no message. */
export const SUBMIT_FAILED_MESSAGE = 'An error occurred when submitting this form';
/** §8: the heading of the destructive banner over the field errors. */
export const FIELD_ERRORS_HEADING = 'Please fix the following errors:';
/** §9 "Forms and events": the analytics event of a sent form, and of a careers enquiry. */
export const FORM_EVENT_IDS = { default: 22, careers: 51 } as const;

/** §5: the category a form starts with. */
export const DEFAULT_CATEGORY = 'General Enquiry';
/** The lead a pre-approval application sends (the finance page, `finance-application.ts`). */
export const FINANCE_CATEGORY = 'Finance Enquiry';
/** The category of a test-drive booking. */
export const TEST_DRIVE_CATEGORY = 'Test Drive';
/** The category of a service booking. */
export const SERVICE_CATEGORY = 'Service Booking';
/** The category of an enquiry about one car (its subcategory says which: enquiry, photos). */
export const VEHICLE_ENQUIRY_CATEGORY = 'Vehicle Enquiry';

const required = () =>
  z.string(REQUIRED_MESSAGE).check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(5000));

/** A name as a form asks for it. */
const NAME_MESSAGE = 'Please enter your name';
/** An email address as a form asks for it. */
export const EMAIL_MESSAGE = 'Please enter a valid email address';
/** A phone number as a form asks for it. */
export const PHONE_MESSAGE = 'Please enter a valid phone number';
/** A category this form does not offer. */
export const CATEGORY_MESSAGE = 'Please choose one of the listed categories';
/** A location or dealership this site does not have. */
export const CHOICE_MESSAGE = 'Please choose one of the listed options';

/** What a form shows, which decides what it requires (§5). */
export interface SiteFormOptions {
  /** The form asks for a postcode. */
  postcode?: boolean;
  /** The site disables the message, or the form marks it optional. */
  messageOptional?: boolean;
  /** The form shows a location select. */
  showsLocation?: boolean;
  /** How many dealerships the site has (a select is required when more than one). */
  dealershipCount: number;
  /** The dealerships one may choose (any text when not given). */
  dealershipSlugs?: readonly string[];
  /** The locations one may choose (any text when not given). */
  locationSlugs?: readonly string[];
  /** The categories the form offers (any text when not given); Careers Enquiry is also accepted as sent. */
  categories?: readonly string[];
  /** The form asks for the shopper's name, email and phone (name and email required, phone optional). */
  contact?: boolean;
  /** A test-drive booking: a time (`dateTime`, §3 'Test Drive Booking Date') and the terms ticked. */
  booking?: boolean;
  /** A finance application: a budget in whole dollars and an employment status (issue 17 item 4). */
  finance?: boolean;
  /** A service booking (issue 37 item 8): a preferred time (`dateTime`) and the odometer in km. */
  service?: boolean;
}

/** What a finance application asks of the shopper's work. */
export const EMPLOYMENT_STATUSES = [
  'Full time',
  'Part time',
  'Casual',
  'Self-employed',
  'Retired',
  'Other',
] as const;
/** A budget that is not whole dollars. */
export const BUDGET_MESSAGE = 'Please enter your budget in whole dollars';

const oneOf = (values: readonly string[] | undefined, message: string) =>
  values ? required().check(z.refine((value) => values.includes(value.trim()), message)) : required();

/** The schema of one site-wide form's fields. */
export function siteFormSchema(options: SiteFormOptions) {
  const categories = options.categories && [
    ...options.categories,
    ...(options.categories.includes(CAREERS.category) ? [CAREERS.sendAs] : []),
  ];
  return z.looseObject({
    name: options.contact
      ? z.string(NAME_MESSAGE).check(z.trim(), z.minLength(1, NAME_MESSAGE), z.maxLength(200))
      : z.optional(z.string().check(z.maxLength(200))),
    email: options.contact
      ? z.string(EMAIL_MESSAGE).check(z.trim(), z.maxLength(254), z.email(EMAIL_MESSAGE))
      : z.optional(z.string().check(z.maxLength(254))),
    phone: z.optional(
      z.string(PHONE_MESSAGE).check(z.trim(), z.regex(/^(|[0-9 +()-]{6,20})$/, PHONE_MESSAGE)),
    ),
    category: z._default(oneOf(categories, CATEGORY_MESSAGE), DEFAULT_CATEGORY),
    subcategory: z.optional(z.string().check(z.maxLength(100))),
    message: options.messageOptional ? z.optional(z.string().check(z.maxLength(5000))) : required(),
    postcode: options.postcode ? postcodeSchema : z.optional(z.string().check(z.maxLength(POSTCODE_LENGTH))),
    location: options.showsLocation
      ? oneOf(options.locationSlugs, CHOICE_MESSAGE)
      : z.optional(z.string().check(z.maxLength(100))),
    dealership_slug:
      options.dealershipCount > 1
        ? oneOf(options.dealershipSlugs, CHOICE_MESSAGE)
        : z.optional(z.string().check(z.maxLength(100))),
    /** §5: Rego is optional. */
    Rego: z.optional(z.string().check(z.maxLength(20))),
    /** §5: opt_in is optional and defaults to true. */
    opt_in: z._default(z.boolean(), true),
    dateTime: options.booking
      ? z.string(SLOT_REQUIRED_MESSAGE).check(z.iso.datetime(SLOT_REQUIRED_MESSAGE))
      : options.service
        ? z.string(SERVICE_TIME_REQUIRED_MESSAGE).check(z.iso.datetime(SERVICE_TIME_REQUIRED_MESSAGE))
        : z.optional(z.string().check(z.maxLength(40))),
    odometer: options.service
      ? odometerSchema
      : z.optional(z.union([z.number(), z.string().check(z.maxLength(20))])),
    [MODEL_TO_DRIVE.name]: z.optional(z.string(MODEL_TO_DRIVE.message).check(z.maxLength(200))),
    terms_conditions: options.booking
      ? z.literal(true, TERMS_REQUIRED_MESSAGE)
      : z.optional(z.union([z.boolean(), z.string().check(z.maxLength(10))])),
    vehiclePriceBudget: options.finance
      ? z.string(BUDGET_MESSAGE).check(z.trim(), z.regex(/^[1-9]\d{2,6}$/, BUDGET_MESSAGE))
      : z.optional(z.string().check(z.maxLength(20))),
    employment_status: options.finance
      ? oneOf(EMPLOYMENT_STATUSES, CHOICE_MESSAGE)
      : z.optional(z.string().check(z.maxLength(40))),
    /** The careers form's stored CV (issue 37 item 9): its id once uploaded, nothing while it uploads. */
    [CV_FIELD]: z.optional(z.string(CV_NOT_READY).check(z.regex(CV_ID, CV_NOT_READY))),
  });
}

/** §5: a careers enquiry is sent as a general enquiry with this subcategory. */
export const CAREERS = {
  category: 'Careers Enquiry',
  sendAs: 'General Enquiry',
  subcategory: 'Career Enquiry',
};

/**
 * §9 "Forms and events": the analytics event a sent form records — a careers enquiry's (51) whichever
 * form chose Careers Enquiry (the careers page, or the contact form's category), else the form's own.
 */
export function formEventId(category: unknown, formEvent: number): number {
  return category === CAREERS.category ? FORM_EVENT_IDS.careers : formEvent;
}

const CHECK_OPTION = '(check_option)';

/**
 * The submission a form's fields become (§5): Careers Enquiry → General Enquiry / Career Enquiry;
 * fields whose names end `_radio_options` dropped; ticked `(check_option)` fields collected, by
 * their names without the marker, into `additional_services`.
 */
export function shapeSubmission(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const services: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name.endsWith('_radio_options')) continue;
    if (name.includes(CHECK_OPTION)) {
      if (value === true || value === 'true' || value === 'on')
        services.push(name.replace(CHECK_OPTION, '').trim());
      continue;
    }
    out[name] = value;
  }
  if (services.length > 0) {
    const given = Array.isArray(out.additional_services) ? (out.additional_services as string[]) : [];
    out.additional_services = [...given, ...services];
  }
  if (out.category === CAREERS.category) {
    out.category = CAREERS.sendAs;
    out.subcategory = CAREERS.subcategory;
  }
  return out;
}
