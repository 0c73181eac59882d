import sharp from 'sharp';
import type { ThemeDefinition } from '../../tenants/theme-definition.ts';
import type { TenantBrands } from '../tenants/brand.ts';
import type { Email, Mailer } from './mailer.ts';

/**
 * A dealer's logo as emails show it: a PNG attached inline (the logo on the dealer's brand colour,
 * as its site's header shows it), and the size it is shown at.
 */
export interface EmailLogo {
  png: Buffer;
  /** CSS pixels (the PNG has twice as many, for high-density screens). */
  width: number;
  height: number;
}

/** The logo's shown height in an email, the widest it may be, and the brand colour around it (CSS pixels). */
const LOGO_HEIGHT = 40;
const LOGO_MAX_WIDTH = 240;
const PADDING = 12;

/** The header's colour of a dealer without a theme (`panda.config.ts`'s `brand`). */
const BASE_BRAND = '#1f3a5f';

/** The attachment's Content-ID: the HTML names it as `cid:dealer-logo@forecourt`. */
export const LOGO_CID = 'dealer-logo@forecourt';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every dealer's logo as a PNG for email (issue 35 item 5): its logo file (SVG, PNG or WebP, as its
 * folder gives it, decision 118) drawn by sharp at twice its shown size (at most 240 × 40) on its
 * theme's `brand` colour with a 12-pixel margin, as the site's header shows it: logos are drawn for
 * that header (the demo's are white), so on an email's white they would vanish. Mail clients do not
 * show SVG (Gmail, Outlook), hence a raster. Made once at start.
 */
export async function emailLogos(
  brands: TenantBrands,
  themes: ReadonlyMap<string, ThemeDefinition>,
): Promise<Map<string, EmailLogo>> {
  const logos = new Map<string, EmailLogo>();
  for (const [slug, brand] of brands) {
    const file = [...brand.files.values()].find((candidate) => candidate.role === 'logo');
    if (!file || !brand.logo) continue;
    const scale = Math.min(LOGO_HEIGHT / brand.logo.height, LOGO_MAX_WIDTH / brand.logo.width);
    const width = Math.max(1, Math.round(brand.logo.width * scale));
    const height = Math.max(1, Math.round(brand.logo.height * scale));
    // An SVG is drawn at the density that makes it exactly 2× (sharp reads SVG at 72 dpi).
    const density = Math.max(1, Math.min(2400, (72 * 2 * width) / brand.logo.width));
    const background = themes.get(slug)?.semanticTokens.colors.brand.value ?? BASE_BRAND;
    const png = await sharp(
      await sharp(file.bytes, file.contentType === 'image/svg+xml' ? { density } : {})
        .resize({ width: width * 2, height: height * 2, fit: 'contain', background: '#00000000' })
        .extend({ top: PADDING * 2, bottom: PADDING * 2, left: PADDING * 2, right: PADDING * 2, background })
        .flatten({ background })
        .png()
        .toBuffer(),
    )
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    logos.set(slug, { png, width: width + 2 * PADDING, height: height + 2 * PADDING });
  }
  return logos;
}

/** The HTML an email shows its text in when it has only text (its paragraphs, lines kept). */
function htmlOf(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  return ['<!doctype html><html lang="en"><body>', ...paragraphs, '</body></html>'].join('\n');
}

/**
 * The email with its dealer's logo above its words: an `<img>` whose `alt` is the dealer's name,
 * naming the PNG attached inline by its Content-ID. An email with text alone gets an HTML twin with
 * the same words. Unchanged when the email names no dealer or the dealer has no logo (its name, in
 * the words, is what it shows, as before).
 */
export function withDealerLogo(email: Email, logo: EmailLogo | undefined): Email {
  if (!email.dealer || !logo) return email;
  const img = `<p><img src="cid:${LOGO_CID}" alt="${escapeHtml(email.dealer.name)}" width="${logo.width}" height="${logo.height}" style="display:block;border:0"></p>`;
  const html = (email.html ?? htmlOf(email.text)).replace(/<body>/, `<body>\n${img}`);
  return {
    ...email,
    html,
    attachments: [
      ...(email.attachments ?? []),
      { filename: 'logo.png', content: logo.png, contentType: 'image/png', cid: LOGO_CID },
    ],
  };
}

/**
 * A mailer that heads each email naming a dealer with that dealer's logo (`withDealerLogo`). Inline
 * (a `cid:` attachment) rather than an address on the dealer's site: Outlook and many webmail clients
 * hold back remote pictures until the reader allows them, and show an attached inline picture at
 * once; the demo's and tests' sites are not reachable from a mailbox at all.
 */
export function withDealerLogos(mailer: Mailer, logos: ReadonlyMap<string, EmailLogo>): Mailer {
  return {
    target: mailer.target,
    send: (email) =>
      mailer.send(withDealerLogo(email, email.dealer ? logos.get(email.dealer.slug) : undefined)),
  };
}
