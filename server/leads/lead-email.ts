import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import type { Car } from '../../domain/car.ts';
import { formatNumber, formatPrice, possessive } from '../../domain/format.ts';
import type { Location } from '../../domain/location.ts';
import type { Dealership, SiteConfig } from '../../tenants/tenant.schema.ts';
import type { CvLink } from '../careers/cv-links.ts';
import type { Email } from '../mail/mailer.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { customerName, isTradeIn, leadToAdf, type TradeInPhotoLinks } from './adf.ts';

/** What a lead's emails are made of. */
export interface LeadEmailParts {
  lead: StoredLead;
  car: Car | null;
  site: SiteConfig;
  dealership: Dealership;
  from: string;
  /** A trade-in's photos as signed, expiring links. */
  tradeInPhotos?: TradeInPhotoLinks;
  /** A careers enquiry's CV as a signed, expiring link. */
  careersCv?: CvLink;
}

/** Where a lead goes: the sales team's inbox, and the dealer's CRM intake when it has one. */
export interface LeadRecipients {
  staff: string;
  crm: string | null;
}

/**
 * The location that answers a lead: the one it names (a service booking, a test drive, a location's
 * contact form), else its dealership's sales location — the primary one first — else none.
 */
export function answeringLocation(
  site: Pick<SiteConfig, 'locations'>,
  dealership: { slug: string },
  payload: Record<string, unknown>,
): Location | null {
  const named = site.locations.find((l) => l.slug === payload.location);
  if (named) return named;
  const sales = site.locations
    .filter((l) => l.dealership_slug === dealership.slug && l.location_type === 'sales')
    .sort((a, b) => Number(b.primary) - Number(a.primary));
  return sales[0] ?? null;
}

/**
 * Where a lead goes: the location it names (a service booking, a test drive, a location's contact
 * form) when that location has an email; else its dealership's first sales location's; else the
 * site's address. A group's Kia enquiry reaches the Kia yard, a service booking the service desk.
 */
export function leadAddress(
  site: Pick<SiteConfig, 'email' | 'locations'>,
  dealership: { slug: string },
  payload: Record<string, unknown>,
): string {
  const named = site.locations.find((l) => l.slug === payload.location && l.email);
  if (named?.email) return named.email;
  const sales = site.locations.find(
    (l) => l.dealership_slug === dealership.slug && l.location_type === 'sales' && l.email,
  );
  return sales?.email ?? site.email;
}

/**
 * A lead's two addresses (decision 123): the staff inbox as `leadAddress` finds it, and the CRM
 * intake (`crm_intake` in `site.json`) of the location the lead names, else of its dealership, else
 * the site's; null when the dealer has configured none.
 */
export function leadRecipients(
  site: Pick<SiteConfig, 'email' | 'locations' | 'crm_intake'>,
  dealership: { slug: string },
  payload: Record<string, unknown>,
): LeadRecipients {
  const location = typeof payload.location === 'string' ? payload.location : null;
  const crm =
    (location ? site.crm_intake.locations[location] : undefined) ??
    site.crm_intake.dealerships[dealership.slug] ??
    site.crm_intake.email;
  return { staff: leadAddress(site, dealership, payload), crm };
}

const subjectOf = ({ lead, car, site }: LeadEmailParts): string =>
  `${lead.category}${car ? ` about the ${car.name} (${car.stocknum})` : ''} - ${site.name} website`;

/**
 * The CRM's email (issue 36 item 1): one message per lead version whose whole body is its ADF/XML,
 * as text/plain — the convention CRMs parse — and nothing else in it.
 */
export function crmEmail(parts: LeadEmailParts, to: string): Email {
  const { lead, car, site, dealership, tradeInPhotos, careersCv } = parts;
  return {
    to,
    from: parts.from,
    subject: subjectOf(parts),
    text: leadToAdf({
      lead,
      car,
      site,
      dealership,
      ...(tradeInPhotos ? { tradeInPhotos } : {}),
      ...(careersCv ? { careersCv } : {}),
    }),
    fileName: `${lead.lead_id}-v${lead.version}.adf.eml`,
  };
}

/** One fact of a lead as the sales team reads it. */
interface Fact {
  label: string;
  value: string;
  /** A link the HTML part makes clickable. */
  href?: string;
}

const CONTACT_FIELDS: [string, string][] = [
  ['name', 'Name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['postcode', 'Postcode'],
  ['message', 'Message'],
  ['comments', 'Comments'],
  ['payment_reference', 'Payment reference'],
];

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/**
 * A booking as the team reads it (issue 37 item 8): the time asked for at the location's own clock
 * (a test drive's, a service's preferred one), where, the model to drive, and a service's car — its
 * rego, odometer and the services ticked.
 */
export function bookingFacts(payload: Record<string, unknown>, site: Pick<SiteConfig, 'locations'>): Fact[] {
  const location = site.locations.find((l) => l.slug === payload.location);
  const start = typeof payload.dateTime === 'string' ? new Date(payload.dateTime) : null;
  const km = Number(textOf(payload.odometer));
  const services = Array.isArray(payload.additional_services) ? payload.additional_services.join(', ') : '';
  const time =
    start && !Number.isNaN(start.getTime()) && location
      ? `${start.toLocaleString('en-AU', {
          timeZone: STATE_TIME_ZONES[location.address.state],
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        })} at ${location.name}`
      : null;
  const facts: (Fact | null)[] = [
    time ? { label: payload.category === 'Service Booking' ? 'Preferred time' : 'Time', value: time } : null,
    textOf(payload.model_to_drive)
      ? { label: 'Model to drive', value: String(textOf(payload.model_to_drive)) }
      : null,
    textOf(payload.Rego) ? { label: 'Rego', value: String(textOf(payload.Rego)) } : null,
    Number.isFinite(km) && textOf(payload.odometer)
      ? { label: 'Odometer', value: `${formatNumber(km)} km` }
      : null,
    services ? { label: 'Services', value: services } : null,
  ];
  return facts.filter((fact): fact is Fact => fact !== null);
}

/** A trade-in's car as the sales team reads it: what, which, how far, in what state, and the offer. */
function tradeInFacts(payload: Record<string, unknown>, photos: TradeInPhotoLinks | undefined): Fact[] {
  const car = [payload.Year, payload.Make, payload.Model, payload.Series, payload.Variant]
    .map(textOf)
    .filter(Boolean)
    .join(' ');
  const rego = textOf(payload.rego) ?? textOf(payload.Rego);
  const state = textOf(payload.regoState) ?? textOf(payload.state);
  const km = Number(textOf(payload.odometer) ?? textOf(payload.Kms));
  const offer = typeof payload.OfferAmount === 'number' ? payload.OfferAmount : null;
  const facts: (Fact | null)[] = [
    car ? { label: 'Trade-in', value: car } : null,
    rego ? { label: 'Rego', value: state ? `${rego} (${state.toUpperCase()})` : rego } : null,
    textOf(payload.VIN) ? { label: 'VIN', value: String(textOf(payload.VIN)) } : null,
    Number.isFinite(km) ? { label: 'Odometer', value: `${formatNumber(km)} km` } : null,
    textOf(payload.car_condition)
      ? { label: 'Condition', value: String(textOf(payload.car_condition)) }
      : null,
    textOf(payload.service_history)
      ? { label: 'Service history', value: String(textOf(payload.service_history)) }
      : null,
    textOf(payload.number_of_keys) ? { label: 'Keys', value: String(textOf(payload.number_of_keys)) } : null,
    { label: 'Instant offer', value: offer !== null ? formatPrice(offer) : 'None online' },
    ...(photos?.urls ?? []).map((url, index) => ({
      label: `Photo ${index + 1}`,
      value: url,
      href: url,
    })),
  ];
  return facts.filter((fact): fact is Fact => fact !== null);
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain address, or null: only an address the lead's form checked is a reply target. */
const replyAddress = (value: unknown): string | null =>
  typeof value === 'string' && /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(value.trim())
    ? value.trim()
    : null;

/**
 * The sales team's email (issue 36 item 1): who sent what about which car, the shopper's contact
 * fields, a trade-in's car with its offer and photo links, as text and as HTML with the same facts;
 * `Reply-To` is the shopper, so answering it reaches them (the sender stays ours: mail from the
 * shopper's domain would fail its SPF/DMARC). Without a CRM address the ADF rides along as an
 * attachment, as it did before (decision 123).
 */
export function staffEmail(parts: LeadEmailParts, recipients: LeadRecipients): Email {
  const { lead, car, site, dealership, tradeInPhotos, careersCv } = parts;
  const payload = lead.payload as Record<string, unknown>;
  const about = car ? ` about the ${car.name} (${car.stocknum})` : '';
  const who = customerName(payload) || 'A shopper';
  const intro = `${who} sent a ${lead.category}${lead.subcategory ? ` (${lead.subcategory})` : ''}${about} on ${possessive(site.name)} website.`;
  const facts: Fact[] = [
    ...CONTACT_FIELDS.flatMap(([key, label]) => {
      const value = textOf(payload[key]);
      return value ? [{ label, value }] : [];
    }),
    ...(car
      ? [
          {
            label: 'Car',
            value: `${car.name}, stock ${car.stocknum}${car.price ? `, ${formatPrice(car.price)}` : ''}`,
          },
        ]
      : []),
    ...(isTradeIn(lead) ? tradeInFacts(payload, tradeInPhotos) : bookingFacts(payload, site)),
    ...(careersCv ? [{ label: 'CV', value: careersCv.url, href: careersCv.url }] : []),
    ...(typeof payload.url === 'string'
      ? [{ label: 'Sent from', value: payload.url, href: payload.url }]
      : []),
  ];
  const photosNote = tradeInPhotos?.urls.length
    ? `The photo links work until ${tradeInPhotos.expiresAt.toISOString().slice(0, 10)}.`
    : null;
  const cvNote = careersCv
    ? `The CV (${careersCv.name}) link works until ${careersCv.expiresAt.toISOString().slice(0, 10)}.`
    : null;
  const footer = `Lead ${lead.lead_id}, version ${lead.version}. ${
    recipients.crm ? 'Your CRM receives it in ADF/XML.' : 'The lead is attached in ADF/XML for your CRM.'
  } Reply to this email to answer ${who === 'A shopper' ? 'the shopper' : who}.`;
  const replyTo = replyAddress(payload.email);
  const html = [
    '<!doctype html><html lang="en"><body>',
    `<p>${escapeHtml(intro)}</p>`,
    '<table>',
    ...facts.map(
      (fact) =>
        `<tr><th scope="row" align="left">${escapeHtml(fact.label)}</th><td>${
          fact.href?.startsWith('http')
            ? `<a href="${escapeHtml(fact.href)}">${escapeHtml(fact.value)}</a>`
            : escapeHtml(fact.value).replace(/\n/g, '<br>')
        }</td></tr>`,
    ),
    '</table>',
    ...(photosNote ? [`<p>${escapeHtml(photosNote)}</p>`] : []),
    ...(cvNote ? [`<p>${escapeHtml(cvNote)}</p>`] : []),
    `<p>${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: recipients.staff,
    from: parts.from,
    ...(replyTo ? { replyTo } : {}),
    dealer: { slug: site.slug, name: site.name },
    subject: subjectOf(parts),
    text: [
      intro,
      '',
      ...facts.map((fact) => `${fact.label}: ${fact.value}`),
      ...(photosNote ? ['', photosNote] : []),
      ...(cvNote ? ['', cvNote] : []),
      '',
      footer,
    ].join('\n'),
    html,
    ...(recipients.crm
      ? {}
      : {
          attachments: [
            {
              filename: 'lead.adf.xml',
              content: leadToAdf({
                lead,
                car,
                site,
                dealership,
                ...(tradeInPhotos ? { tradeInPhotos } : {}),
                ...(careersCv ? { careersCv } : {}),
              }),
              contentType: 'application/xml',
            },
          ],
        }),
    fileName: `${lead.lead_id}-v${lead.version}.eml`,
  };
}

/** A lead's emails to its dealer: the CRM's (when it has an intake address), then the sales team's. */
export function leadEmails(parts: LeadEmailParts): { crm: Email | null; staff: Email } {
  const recipients = leadRecipients(
    parts.site,
    parts.dealership,
    parts.lead.payload as Record<string, unknown>,
  );
  return {
    crm: recipients.crm ? crmEmail(parts, recipients.crm) : null,
    staff: staffEmail(parts, recipients),
  };
}
