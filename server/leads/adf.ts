import type { Car } from '../../domain/car.ts';
import { TEST_DRIVE_CATEGORY } from '../../domain/site-forms.ts';
import { TRADE_IN_CATEGORY } from '../../domain/trade-in.ts';
import type { Dealership, SiteConfig } from '../../tenants/tenant.schema.ts';
import type { CvLink } from '../careers/cv-links.ts';
import type { StoredLead } from '../store/leads.repo.ts';

/**
 * A lead as an ADF/XML 1.0 document (Auto-lead Data Format, the format dealer CRMs ingest): the
 * prospect with its request date, the vehicles — the car of interest (year, make, model, VIN, stock
 * number, price) and a trade-in's car as `<vehicle interest="trade-in" status="used">` with its
 * odometer, condition, VIN, rego, the offer and its photos — the customer's contact details and
 * comments, the vendor dealership and the provider. Every document is valid by the ADF 1.0 DTD
 * (`tests/fixtures/adf/adf-1.0.dtd`; decision 123): elements in the DTD's order, at least one
 * vehicle, a contact with an email or a phone. Every value is escaped; the form's other fields are
 * listed in the comments.
 */
export interface AdfInput {
  lead: StoredLead;
  car: Car | null;
  site: SiteConfig;
  dealership: Dealership;
  /** A trade-in's photos as signed, expiring links (none when it has none, or they are not linked). */
  tradeInPhotos?: TradeInPhotoLinks;
  /** A careers enquiry's CV as a signed, expiring link (issue 37 item 9). */
  careersCv?: CvLink;
}

/** A trade-in's photos as links the dealer can open until `expiresAt`. */
export interface TradeInPhotoLinks {
  urls: readonly string[];
  expiresAt: Date;
}

const xmlText = (text: string): string =>
  text
    // Characters XML 1.0 does not allow, dropped rather than sent.
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const openTag = (name: string, attributes: Record<string, string>): string =>
  `<${name}${Object.entries(attributes)
    .map(([key, v]) => ` ${key}="${xmlText(v)}"`)
    .join('')}>`;

/** An element with its text, or '' when there is no value (an optional element left out). */
const element = (name: string, value: unknown, attributes: Record<string, string> = {}): string => {
  if (value === null || value === undefined || value === '') return '';
  return `${openTag(name, attributes)}${xmlText(String(value))}</${name}>`;
};

/** An element the DTD requires: empty when there is no value. */
const required = (name: string, value: unknown, attributes: Record<string, string> = {}): string =>
  element(name, value, attributes) || `${openTag(name, attributes)}</${name}>`;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/** The payload keys the document places; every other field goes into the comments. */
const PLACED = new Set([
  'lead_id',
  'category',
  'subcategory',
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'message',
  'comments',
  'car_id',
  'car_dealership_id',
  'lead_attributes',
  'user_agent',
  // A general test drive's model to drive, placed in its vehicle (issue 37 item 8).
  'vehicle_make',
  'vehicle_model',
  // A careers enquiry's CV id: its signed link is in the comments instead.
  'cv_id',
]);

/** A trade-in's fields its vehicle block places (`domain/trade-in.ts` `tradeInLeadValues`). */
const TRADE_IN_PLACED = new Set([
  'EvalID',
  'VIN',
  'Rego',
  'rego',
  'regoState',
  'state',
  'Kms',
  'odometer',
  'Make',
  'Model',
  'Series',
  'Variant',
  'Year',
  'Transmission',
  'car_condition',
  'service_history',
  'number_of_keys',
  'OfferAmount',
  'sms_content',
  'sms_from',
]);

function comments(payload: Record<string, unknown>, placed: ReadonlySet<string>): string {
  const lines = [payload.message, payload.comments].filter(
    (v) => typeof v === 'string' && v !== '',
  ) as string[];
  lines.push(
    `Category: ${String(payload.category)}${payload.subcategory ? ` — ${String(payload.subcategory)}` : ''}`,
  );
  for (const [key, value] of Object.entries(payload)) {
    if (placed.has(key) || value === null || value === undefined || value === '') continue;
    lines.push(
      `${key}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    );
  }
  return lines.join('\n');
}

/** A CV's line in the comments: its name, its link, and until when the link works. */
export const cvLine = (cv: CvLink): string =>
  `CV (${cv.name}, link works until ${cv.expiresAt.toISOString().slice(0, 10)}): ${cv.url}`;

/** The shopper's full name as the form gave it (`name` and `last_name`), or ''. */
export function customerName(payload: Record<string, unknown>): string {
  return [payload.name, payload.last_name].filter((v) => typeof v === 'string' && v !== '').join(' ');
}

/** Whether the lead is a trade-in (the wizard's `Trade-in Enquiry`). */
export function isTradeIn(lead: Pick<StoredLead, 'category'>): boolean {
  return lead.category === TRADE_IN_CATEGORY;
}

/** The car of interest, as the lead's category wants it: to buy, or to test-drive. */
function carVehicle(car: Car, category: string): string {
  return [
    openTag('vehicle', {
      interest: category === TEST_DRIVE_CATEGORY ? 'test-drive' : 'buy',
      status: car.car_type === 'new' ? 'new' : 'used',
    }),
    element('id', car.id, { source: 'Forecourt' }),
    required('year', car.year),
    required('make', car.make),
    required('model', car.model),
    element('vin', car.vin),
    element('stock', car.stocknum),
    element('trim', car.badge),
    element('price', car.price, { type: 'asking', currency: 'AUD' }),
    '</vehicle>',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * A trade-in's car (issue 36 item 1): the car as valued — its valuation id and rego as ids, year,
 * make, model, VIN, series and variant as its trim, transmission, odometer in km, the shopper's
 * condition (in ADF's lower case), a photo as its image tag, the instant offer as an appraisal (or
 * why there is none online), and its service history, keys and photo links in its comments.
 */
function tradeInVehicle(payload: Record<string, unknown>, photos: TradeInPhotoLinks | undefined): string {
  const rego = text(payload.rego) ?? text(payload.Rego);
  const state = text(payload.regoState) ?? text(payload.state);
  const offer = typeof payload.OfferAmount === 'number' ? payload.OfferAmount : null;
  const trim = [text(payload.Series), text(payload.Variant)].filter(Boolean).join(' ');
  const urls = photos?.urls ?? [];
  const notes = [
    text(payload.service_history) && `Service history: ${text(payload.service_history)}`,
    text(payload.number_of_keys) && `Keys: ${text(payload.number_of_keys)}`,
    urls.length > 0 &&
      [`Photos (${urls.length}; links valid until ${photos?.expiresAt.toISOString()}):`, ...urls].join('\n'),
  ].filter(Boolean);
  return [
    openTag('vehicle', { interest: 'trade-in', status: 'used' }),
    element('id', text(payload.EvalID), { source: 'Forecourt valuation' }),
    element('id', rego, { source: state ? `Rego ${state.toUpperCase()}` : 'Rego' }),
    required('year', text(payload.Year)),
    required('make', text(payload.Make)),
    required('model', text(payload.Model)),
    element('vin', text(payload.VIN)),
    element('trim', trim),
    element('transmission', text(payload.Transmission)),
    element('odometer', text(payload.odometer) ?? text(payload.Kms), { units: 'km' }),
    element('condition', text(payload.car_condition)?.toLowerCase()),
    urls[0] ? element('imagetag', urls[0], { alttext: 'Trade-in photo 1' }) : '',
    element('price', offer, { type: 'appraisal', currency: 'AUD' }),
    element(
      'pricecomments',
      offer !== null ? 'Instant offer made online (valid 7 days)' : 'No instant offer online',
    ),
    element('comments', notes.join('\n')),
    '</vehicle>',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * A lead about no car in particular (a contact form, a service booking): the DTD wants a vehicle in
 * every prospect, so one with empty year, make and model says so in its comments. A general test
 * drive that picked a model to drive (issue 37 item 8) names its make and model.
 */
function noVehicle(category: string, payload: Record<string, unknown>): string {
  // Only as the server resolved them from a checked model to drive, never as sent on their own.
  const named =
    text(payload.vehicle_make) !== null &&
    text(payload.model_to_drive) === `${text(payload.vehicle_make)} ${text(payload.vehicle_model)}`;
  const make = named ? text(payload.vehicle_make) : null;
  const model = named ? text(payload.vehicle_model) : null;
  return [
    openTag('vehicle', { interest: category === TEST_DRIVE_CATEGORY ? 'test-drive' : 'buy' }),
    '<year></year>',
    make ? element('make', make) : '<make></make>',
    model ? element('model', model) : '<model></model>',
    element(
      'comments',
      make && model ? `${category}: ${make} ${model}` : `No particular vehicle: ${category}`,
    ),
    '</vehicle>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The lead's ADF/XML 1.0 document. */
export function leadToAdf({ lead, car, site, dealership, tradeInPhotos, careersCv }: AdfInput): string {
  const payload = lead.payload as Record<string, unknown>;
  const requestDate = new Date(lead.created_at).toISOString();
  const name = customerName(payload);
  const tradeIn = isTradeIn(lead);
  const vehicles = [
    car ? carVehicle(car, lead.category) : '',
    tradeIn ? tradeInVehicle(payload, tradeInPhotos) : '',
  ].filter(Boolean);
  const email = text(payload.email);
  const phone = text(payload.phone);
  const postcode = text(payload.postcode);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    element('id', lead.lead_id, { sequence: String(lead.version), source: 'Forecourt' }),
    element('requestdate', requestDate),
    ...(vehicles.length > 0 ? vehicles : [noVehicle(lead.category, payload)]),
    '<customer>',
    '<contact>',
    element('name', name || 'Not given', { part: 'full' }),
    // The DTD wants an email or a phone: every form asks for one, the element stays for one that did not.
    email || phone
      ? `${element('email', email)}${element('phone', phone, { type: 'voice' })}`
      : '<email></email>',
    postcode
      ? `<address><street line="1"></street>${element('postalcode', postcode)}${element('country', 'AU')}</address>`
      : '',
    '</contact>',
    element(
      'comments',
      [
        comments(payload, tradeIn ? new Set([...PLACED, ...TRADE_IN_PLACED]) : PLACED),
        ...(careersCv ? [cvLine(careersCv)] : []),
      ].join('\n'),
    ),
    '</customer>',
    '<vendor>',
    element('id', dealership.id, { source: 'Forecourt' }),
    element('vendorname', dealership.name),
    `<contact>${element('name', dealership.name, { part: 'full' })}${element('email', site.email)}${element('phone', dealership.phone)}</contact>`,
    '</vendor>',
    '<provider>',
    element('name', 'Forecourt', { part: 'full' }),
    element('service', `${site.name} website`),
    element('url', typeof payload.url === 'string' ? payload.url : null),
    '</provider>',
    '</prospect>',
    '</adf>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
