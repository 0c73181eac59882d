import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadUserData } from '../../../domain/lead.ts';
import { acknowledgementEmail } from '../../../server/leads/ack-email.ts';
import { leadRecipients, staffEmail } from '../../../server/leads/lead-email.ts';
import { type EmailLogo, emailLogos, withDealerLogos } from '../../../server/mail/dealer-logo.ts';
import { createMailer, type Email } from '../../../server/mail/mailer.ts';
import { receiptEmail } from '../../../server/reserve/receipt-email.ts';
import { digestEmail } from '../../../server/saved-searches/digest-email.ts';
import type { StoredLead } from '../../../server/store/leads.repo.ts';
import { loadTenantBrands } from '../../../server/tenants/brand.ts';
import { DEFAULT_TENANTS_DIR, loadTenants } from '../../../server/tenants/load.ts';
import { loadTenantThemes } from '../../../server/tenants/themes.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { startSmtp } from '../../fixtures/smtp-server.ts';
import { sampleCar } from '../store/sample-car.ts';
import { readMail } from './mail-parts.ts';

/**
 * Issue 35 item 5: the emails a dealer sends — a lead to its staff, the shopper's acknowledgement, a
 * reservation receipt and a search alert — are headed by the dealer's logo, a PNG attached inline and
 * named by its Content-ID, with the dealer's name as its alt text; a dealer without a logo sends them
 * as before. Read as a mailbox receives them, from a real SMTP server on loopback.
 */
const sites = loadTenants();
const site = (slug: string): SiteConfig => {
  const found = sites.find((s) => s.slug === slug);
  if (!found) throw new Error(`no ${slug}`);
  return found;
};
const FROM = 'leads@forecourt.test';
const NOW = new Date('2031-06-07T07:00:00Z');

const lead = (s: SiteConfig): StoredLead => ({
  lead_id: '5b0c7f0e-8d7e-4a53-9d38-6a1f0c5a1f00',
  site_id: s.id,
  dealership_id: s.dealerships[0]?.id as number,
  car_id: null,
  category: 'General Enquiry',
  subcategory: null,
  payload: { category: 'General Enquiry', name: 'Sam', email: 'sam@example.com' } as unknown as LeadUserData,
  version: 1,
  created_at: NOW.toISOString(),
});

/** The four emails a dealer sends, for the site `s`. */
const emailsOf = (s: SiteConfig): Record<string, Email> => {
  const dealership = s.dealerships[0] as SiteConfig['dealerships'][number];
  const car = sampleCar(9001, { dealership_id: dealership.id, dealership_slug: dealership.slug });
  const payload = lead(s).payload as Record<string, unknown>;
  const digest = digestEmail(
    s,
    [
      {
        id: 1,
        car_id: car.id,
        reason: 'new',
        price: 20_000,
        previous_price: null,
        created_at: NOW,
        attempts: 0,
        saved_search_id: 7,
        name: 'Mazdas',
        href: '/search?make=Mazda',
        origin: 'https://example.test',
        frequency: 'daily',
        user_id: 3,
        email: 'sam@example.com',
        site_id: s.id,
      },
    ],
    new Map([[car.id, car]]),
    { from: FROM, linkSecret: 'x'.repeat(32), now: NOW },
  );
  return {
    staff: staffEmail(
      { lead: lead(s), car: null, site: s, dealership, from: FROM },
      leadRecipients(s, dealership, payload),
    ),
    acknowledgement: acknowledgementEmail({
      lead: lead(s),
      car: null,
      site: s,
      dealership,
      from: FROM,
      now: NOW,
    }),
    receipt: receiptEmail({
      receipt: {
        id: 1,
        kind: 'held',
        attempts: 0,
        origin: 'https://example.test',
        reservation_id: 'R-1',
        site_id: s.id,
        dealership_id: dealership.id,
        car_id: car.id,
        amount_cents: 50_000,
        currency: 'AUD',
        charge_id: 'pi_1',
        customer: { name: 'Sam', email: 'sam@example.com', phone: '0400 111 222' },
        held_until: '2031-06-09T07:00:00Z',
      },
      site: s,
      car,
      from: FROM,
    }),
    alert: digest as Email,
  };
};

describe('the dealer’s logo in the emails it sends', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let logos: Map<string, EmailLogo>;
  beforeAll(async () => {
    smtp = await startSmtp();
    logos = await emailLogos(loadTenantBrands(sites), loadTenantThemes(DEFAULT_TENANTS_DIR));
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** Sends `email` through the server's mailer and answers it as the mailbox received it. */
  const received = async (email: Email) => {
    const before = smtp.received.length;
    await withDealerLogos(createMailer({ smtpUrl: smtp.url, outbox: '' }), logos).send(email);
    const raw = smtp.received[before] as string;
    return { raw, mail: readMail(raw) };
  };

  it('draws each logo file as a PNG on its brand colour, twice the size it is shown at', async () => {
    expect([...logos.keys()].sort()).toEqual(['bayside-mazda', 'outback-rv']);
    for (const logo of logos.values()) {
      // The logo at most 240 × 40, with 12 pixels of the brand colour around it.
      expect(logo.width).toBeLessThanOrEqual(264);
      expect(logo.height).toBeLessThanOrEqual(64);
      const png = await sharp(logo.png).metadata();
      expect(png).toMatchObject({ format: 'png', height: logo.height * 2, width: logo.width * 2 });
    }
    // Bayside's white logo stands on its deep red (#8B1A2B), not on the email's white.
    const { data } = await sharp((logos.get('bayside-mazda') as EmailLogo).png)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x8b, 0x1a, 0x2b]);
  });

  it.each(['staff', 'acknowledgement', 'receipt', 'alert'])(
    'the %s email of a dealer with a logo shows it inline, its name as the alt text',
    async (kind) => {
      const { raw, mail } = await received(emailsOf(site('bayside-mazda'))[kind] as Email);
      const html = mail.parts.find((part) => part.type === 'text/html')?.body ?? '';
      expect(html).toMatch(
        /<img src="cid:dealer-logo@forecourt" alt="Bayside Mazda" width="\d+" height="\d+"/,
      );
      expect(mail.parts.some((part) => part.type === 'image/png' && part.filename === 'logo.png')).toBe(true);
      expect(raw).toMatch(/Content-ID: <dealer-logo@forecourt>/i);
      // The words are the same as without the logo: the text part is unchanged.
      expect(mail.parts.find((part) => part.type === 'text/plain')?.body).toContain('Bayside Mazda');
    },
  );

  it.each(['staff', 'acknowledgement', 'receipt', 'alert'])(
    'the %s email of a dealer without a logo names it as before, with no picture',
    async (kind) => {
      const email = emailsOf(site('metro-used'))[kind] as Email;
      const { raw, mail } = await received(email);
      expect(raw).not.toContain('cid:');
      expect(mail.parts.some((part) => part.type.startsWith('image/'))).toBe(false);
      expect(mail.parts.filter((part) => part.type === 'text/html').length).toBe(email.html ? 1 : 0);
      expect(mail.parts.map((part) => part.body).join('\n')).toContain('Metro Used');
    },
  );
});
