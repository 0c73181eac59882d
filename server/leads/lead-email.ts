import type { Car } from '../../domain/car.ts';
import { possessive } from '../../domain/format.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { Email } from '../mail/mailer.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { customerName, leadToAdf } from './adf.ts';

/**
 * A lead's email to its dealer: who sent what about which car, the shopper's contact fields (and a
 * reservation's payment reference), and the lead in ADF/XML for the dealer's CRM; one `.eml` file
 * name per lead version.
 */
export function leadEmail(parts: {
  lead: StoredLead;
  car: Car | null;
  site: SiteConfig;
  dealership: SiteConfig['dealerships'][number];
  from: string;
}): Email {
  const { lead, car, site, dealership } = parts;
  const payload = lead.payload as Record<string, unknown>;
  const about = car ? ` about the ${car.name} (${car.stocknum})` : '';
  const who = customerName(payload) || 'A shopper';
  return {
    to: leadAddress(site, dealership, payload),
    from: parts.from,
    subject: `${lead.category}${about} - ${site.name} website`,
    text: [
      `${who} sent a ${lead.category}${lead.subcategory ? ` (${lead.subcategory})` : ''}${about} on ${possessive(site.name)} website.`,
      '',
      ...['name', 'last_name', 'email', 'phone', 'postcode', 'message', 'payment_reference']
        .filter((key) => typeof payload[key] === 'string' && payload[key] !== '')
        .map((key) => `${key}: ${String(payload[key])}`),
      '',
      `Lead ${lead.lead_id}, version ${lead.version}. The lead is attached in ADF/XML for your CRM.`,
    ].join('\n'),
    attachments: [
      {
        filename: 'lead.adf.xml',
        content: leadToAdf({ lead, car, site, dealership }),
        contentType: 'application/xml',
      },
    ],
    fileName: `${lead.lead_id}-v${lead.version}.eml`,
  };
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
