import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import type { Car } from '../../domain/car.ts';
import { openStatus } from '../../domain/opening-hours.ts';
import type { Dealership, SiteConfig } from '../../tenants/tenant.schema.ts';
import type { Email } from '../mail/mailer.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { answeringLocation, leadAddress } from './lead-email.ts';

/** Who answers a location's leads, by its type. */
const TEAMS = { sales: 'sales team', service: 'service team', parts: 'parts team', '': 'team' } as const;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The shopper's acknowledgement of a lead (issue 36 item 1; the spec gives no text, decision 123):
 * the dealer's name, what they asked (the lead's category, its car and their own message), who will
 * answer (the team at the location the lead goes to, with its phone and email) and when that
 * location opens next — its hours and holiday hours read in its own time zone at `now`, the
 * location cards' "open now / opens" (`domain/opening-hours.ts`). Text and HTML with the same words;
 * a reply reaches that location's inbox.
 */
export function acknowledgementEmail(parts: {
  lead: StoredLead;
  car: Car | null;
  site: SiteConfig;
  dealership: Dealership;
  from: string;
  now: Date;
}): Email {
  const { lead, car, site, dealership, now } = parts;
  const payload = lead.payload as Record<string, unknown>;
  const location = answeringLocation(site, dealership, payload);
  const replyTo = leadAddress(site, dealership, payload);
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null;
  const message =
    [payload.message, payload.comments].find((v): v is string => typeof v === 'string' && v.trim() !== '') ??
    null;
  const about = car ? ` about the ${car.name} (stock ${car.stocknum})` : '';
  const asked = `Your ${lead.category}${about} has reached ${dealership.name}.`;
  const who = location
    ? `Our ${TEAMS[location.location_type]} at ${location.name}`
    : `The ${dealership.name} team`;
  const team = `${who} will answer you by email or phone (${location?.phone ?? dealership.phone}, ${replyTo}).`;
  const hours = location
    ? `${location.name}: ${openStatus(location, now, STATE_TIME_ZONES[location.address.state]).text}.`
    : null;
  const paragraphs = [
    name ? `Hi ${name},` : 'Hello,',
    `Thank you for contacting ${dealership.name}. ${asked}`,
    ...(message ? [`You wrote: “${message}”`] : []),
    team,
    ...(hours ? [hours] : []),
    `Lead reference: ${lead.lead_id}`,
    `${dealership.name}, through the ${site.name} website`,
  ];
  return {
    to: String(payload.email),
    from: parts.from,
    replyTo,
    subject: `We have your ${lead.category} - ${dealership.name}`,
    dealer: { slug: site.slug, name: site.name },
    text: paragraphs.join('\n\n'),
    html: [
      '<!doctype html><html lang="en"><body>',
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
      '</body></html>',
    ].join('\n'),
    fileName: `${lead.lead_id}-ack.eml`,
  };
}
