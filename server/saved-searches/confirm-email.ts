import { createHash, randomBytes } from 'node:crypto';
import { CONFIRM_SEARCH_PATH } from '../../domain/content-pages.ts';
import type { Email } from '../mail/mailer.ts';
import { CONFIRM_LINK_HOURS } from '../store/saved-searches.repo.ts';

/**
 * The link that confirms a saved search made with just an email (issue 37 item 9): 32 random bytes
 * (unguessable, base64url) of which the store keeps only the SHA-256, so a copy of the store opens
 * nothing; it works once, for `CONFIRM_LINK_HOURS`.
 */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: confirmTokenHash(token) };
}

/** The stored form of a confirmation token. */
export function confirmTokenHash(token: string): string {
  return createHash('sha256').update(`saved-search-confirm:${token}`).digest('hex');
}

/** The confirmation email: what was saved, the link, and that nothing happens without it. */
export function confirmSearchEmail(options: {
  to: string;
  from: string;
  site: { slug: string; name: string };
  origin: string;
  token: string;
  searchName: string;
}): Email {
  const page = new URL(CONFIRM_SEARCH_PATH, options.origin);
  page.searchParams.set('token', options.token);
  return {
    to: options.to,
    from: options.from,
    subject: `Confirm your saved search - ${options.site.name}`,
    text: [
      `Someone — we hope you — saved the search “${options.searchName}” at ${options.site.name} with this email address.`,
      'Open this link to confirm it, and we will email you when a new car matches or a price drops:',
      '',
      page.toString(),
      '',
      `The link works once, for ${CONFIRM_LINK_HOURS} hours. If it was not you, ignore this email: nothing is sent to you without it.`,
    ].join('\n'),
    dealer: { slug: options.site.slug, name: options.site.name },
    fileName: `saved-search-confirm-${Date.now()}-${randomBytes(4).toString('hex')}.eml`,
  };
}
