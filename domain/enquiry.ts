import { ANALYTICS_EVENTS, type AnalyticsEventId } from './analytics.ts';
import type { Car } from './car.ts';
import { type LeadOrigin, type LeadSubmission, originFields } from './lead.ts';
import { TEST_DRIVE_CATEGORY, VEHICLE_ENQUIRY_CATEGORY } from './site-forms.ts';

/**
 * The car page's enquiry (`search-detail-finance-watchlist.md` §3 "Contact form step fields",
 * "Enquiry form defaults", "Lead payload (userData)"; §4 "Enquiry form"; §5 "Enquiry"; §8; §9 event
 * ids): the defaults the form starts from, the lead it sends, and which analytics event it records.
 */

/** §8: the message when the answer has no lead_id and no error (the spec's spelling). */
export const UNEXPECTED_ENQUIRY_ERROR = 'An unexpected error occured';
/** §3: the hidden 'Request Photos' field's value. */
export const REQUEST_PHOTOS_MESSAGE = 'Please send photos for this car';
/** §3: the name of the hidden photo-request field. */
export const REQUEST_PHOTOS_FIELD = 'Request Photos';
/** §3: the test drive's time field ('Test Drive Booking Date'). */
export const TEST_DRIVE_DATE_LABEL = 'Test Drive Booking Date';
/** §4 "Car tag precedence": the tag of a car offered for test drives only. */
export const TEST_DRIVE_ONLY_TAG = 'Test Drive Only';

/** What a car enquiry is: a message, a photo request, or a test drive. */
export type EnquiryKind = 'enquire' | 'photos' | 'testDrive';

/** The subcategory each kind sends. */
export const ENQUIRY_SUBCATEGORIES: Readonly<Record<EnquiryKind, string>> = {
  enquire: 'Vehicle Enquiry',
  photos: 'Photo Request',
  testDrive: 'Test Drive',
};

/** The car fields the enquiry reads. */
export type EnquiryCar = Pick<
  Car,
  | 'id'
  | 'name'
  | 'make'
  | 'model'
  | 'car_type'
  | 'status'
  | 'stocknum'
  | 'dealership_id'
  | 'dealership_slug'
  | 'tag'
  | 'slug'
>;

/** §3 "Enquiry form defaults": what the form starts with for a car. */
export interface EnquiryDefaults {
  dealership_slug: string;
  manufacturer_slug: string | null;
  stock_number: string;
  'Vehicle Make': string;
  'Vehicle Model': string;
  car_type: string;
  car_id: number;
  vehicle_status: string;
  opt_in: true;
  message: string;
  subcategory: string;
}

/** §3: the enquiry form's defaults for a car (and its dealership's manufacturer). */
export function enquiryDefaults(car: EnquiryCar, manufacturerSlug: string | null): EnquiryDefaults {
  return {
    dealership_slug: car.dealership_slug,
    manufacturer_slug: manufacturerSlug,
    stock_number: car.stocknum,
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    car_id: car.id,
    vehicle_status: car.status,
    opt_in: true,
    message: '',
    subcategory: ENQUIRY_SUBCATEGORIES.enquire,
  };
}

/**
 * §9 "enquiry 14 new, 15 used, 17 test drive or 'Test Drive Only' tag, 48 used test drive". A demo
 * car is not used: its enquiries count as new.
 */
export function enquiryEventId(car: Pick<Car, 'car_type' | 'tag'>, kind: EnquiryKind): AnalyticsEventId {
  const used = car.car_type === 'used';
  if (kind === 'testDrive') return used ? ANALYTICS_EVENTS.usedTestDrive : ANALYTICS_EVENTS.testDrive;
  if (car.tag?.trim().toLowerCase() === TEST_DRIVE_ONLY_TAG.toLowerCase()) return ANALYTICS_EVENTS.testDrive;
  return used ? ANALYTICS_EVENTS.enquiryUsed : ANALYTICS_EVENTS.enquiryNew;
}

/**
 * The fields an enquiry sends (§3 "Lead payload (userData)"): the defaults, the shopper's values over
 * them, the kind's category and subcategory, and a photo request's hidden field — what the enquiry
 * machine hands the lead-sending child (`formSubmission`), which adds where it was sent from.
 */
export function enquiryValues(
  defaults: EnquiryDefaults,
  values: Record<string, unknown>,
  kind: EnquiryKind,
): Record<string, unknown> {
  const photos = kind === 'photos';
  const { car_id, manufacturer_slug, ...fields } = defaults;
  return {
    ...fields,
    ...(manufacturer_slug ? { manufacturer_slug } : {}),
    ...values,
    category: kind === 'testDrive' ? TEST_DRIVE_CATEGORY : VEHICLE_ENQUIRY_CATEGORY,
    subcategory: ENQUIRY_SUBCATEGORIES[kind],
    car_id,
    ...(photos ? { [REQUEST_PHOTOS_FIELD]: REQUEST_PHOTOS_MESSAGE, message: REQUEST_PHOTOS_MESSAGE } : {}),
  };
}

/**
 * The lead an enquiry sends (§3 "Lead payload (userData)", §7 "Lead submission"): its fields
 * (`enquiryValues`) and where it was sent from.
 */
export function enquirySubmission(
  defaults: EnquiryDefaults,
  values: Record<string, unknown>,
  kind: EnquiryKind,
  origin: LeadOrigin | null,
): LeadSubmission {
  return {
    form: kind === 'testDrive' ? 'testDrive' : 'enquiry',
    last_step: true,
    userData: {
      ...enquiryValues(defaults, values, kind),
      source: 'website',
      form_completed: true,
      ...originFields(origin),
    } as unknown as LeadSubmission['userData'],
  };
}
