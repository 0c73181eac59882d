import type { Car } from '../../domain/car.ts';
import type { Dealership, SiteConfig } from '../../tenants/tenant.schema.ts';
import type { StoredLead } from '../store/leads.repo.ts';

/**
 * A lead as an ADF/XML 1.0 document (Auto-lead Data Format, the format dealer CRMs ingest): the
 * prospect with its request date, the vehicle of interest (year, make, model, VIN, stock number,
 * price), the customer's contact details and comments, the vendor dealership and the provider.
 * Every value is escaped; the form's other fields are listed in the comments.
 */
export interface AdfInput {
  lead: StoredLead;
  car: Car | null;
  site: SiteConfig;
  dealership: Dealership;
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

const element = (name: string, value: unknown, attributes: Record<string, string> = {}): string => {
  if (value === null || value === undefined || value === '') return '';
  const attrs = Object.entries(attributes)
    .map(([key, v]) => ` ${key}="${xmlText(v)}"`)
    .join('');
  return `<${name}${attrs}>${xmlText(String(value))}</${name}>`;
};

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
]);

function comments(payload: Record<string, unknown>): string {
  const lines = [payload.message, payload.comments].filter(
    (v) => typeof v === 'string' && v !== '',
  ) as string[];
  lines.push(
    `Category: ${String(payload.category)}${payload.subcategory ? ` — ${String(payload.subcategory)}` : ''}`,
  );
  for (const [key, value] of Object.entries(payload)) {
    if (PLACED.has(key) || value === null || value === undefined || value === '') continue;
    lines.push(
      `${key}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    );
  }
  return lines.join('\n');
}

/** The shopper's full name as the form gave it (`name` and `last_name`), or ''. */
export function customerName(payload: Record<string, unknown>): string {
  return [payload.name, payload.last_name].filter((v) => typeof v === 'string' && v !== '').join(' ');
}

/** The lead's ADF/XML 1.0 document. */
export function leadToAdf({ lead, car, site, dealership }: AdfInput): string {
  const payload = lead.payload as Record<string, unknown>;
  const requestDate = new Date(lead.created_at).toISOString();
  const name = customerName(payload);
  const vehicle = car
    ? [
        `<vehicle interest="buy" status="${car.car_type === 'new' ? 'new' : 'used'}">`,
        element('id', car.id, { source: 'Forecourt' }),
        element('year', car.year),
        element('make', car.make),
        element('model', car.model),
        element('trim', car.badge),
        element('vin', car.vin),
        element('stock', car.stocknum),
        element('price', car.price, { type: 'asking', currency: 'AUD' }),
        '</vehicle>',
      ].join('')
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    element('id', lead.lead_id, { sequence: String(lead.version), source: 'Forecourt' }),
    element('requestdate', requestDate),
    vehicle,
    '<customer><contact>',
    element('name', name || 'Not given', { part: 'full' }),
    element('email', payload.email),
    element('phone', payload.phone, { type: 'voice' }),
    typeof payload.postcode === 'string' && payload.postcode
      ? `<address>${element('postalcode', payload.postcode)}${element('country', 'AU')}</address>`
      : '',
    '</contact>',
    element('comments', comments(payload)),
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
  ].join('\n');
}
