import { z } from 'zod/mini';
import { COMPARE_PATH } from './content-pages.ts';

/**
 * Compare (issue 19 item 1; `search-detail-finance-watchlist.md` §1 compare, §5 the button's
 * visibility): a shopper picks up to four cars — three on a phone — from cards and car pages, and
 * sees them side by side at `/compare?cars={slug},{slug},…`, an address that can be shared.
 */

export { COMPARE_PATH };
/** How many cars a comparison holds: four, three on a phone (a window narrower than `md`, 768 px). */
export const COMPARE_LIMITS = { wide: 4, phone: 3 } as const;
/** The widest window that counts as a phone (below the spec's `md` breakpoint). */
export const PHONE_MAX_WIDTH = 767;

/** The words the shopper reads. */
export const COMPARE_TEXT = {
  full: (limit: number) => `You can compare up to ${limit} cars. Remove one to add another.`,
  unavailable: 'No longer available',
} as const;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A car in the compare tray: what the tray shows and what the comparison's address needs. */
export const compareCarSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string().check(z.maxLength(200), z.regex(slugPattern, 'must be a car slug')),
  name: z.string().check(z.minLength(1), z.maxLength(300)),
  primary_image_url: z.nullable(
    z.string().check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or URL')),
  ),
});
/** A car in the compare tray. */
export type CompareCar = z.infer<typeof compareCarSchema>;

/** The tray as stored in the browser: its cars, oldest first, at most the wide limit. */
export const compareTraySchema = z.array(compareCarSchema).check(z.maxLength(COMPARE_LIMITS.wide));

/** The comparison's address: `/compare?cars=a,b,c` (the tray's order). */
export function compareHref(slugs: readonly string[]): string {
  return slugs.length === 0
    ? COMPARE_PATH
    : `${COMPARE_PATH}?cars=${slugs.map(encodeURIComponent).join(',')}`;
}

/**
 * The slugs an address names (`?cars=a,b`): well-formed ones, each once, at most four. Never throws:
 * what is not a slug is dropped.
 */
export function parseCompareSlugs(search: string): string[] {
  const value = new URLSearchParams(search).get('cars') ?? '';
  const slugs = value
    .split(',')
    .map((slug) => slug.trim())
    .filter((slug) => slug.length <= 200 && slugPattern.test(slug));
  return [...new Set(slugs)].slice(0, COMPARE_LIMITS.wide);
}

/** The tray's limit for a window `width` pixels wide. */
export const compareLimitFor = (width: number): number =>
  width <= PHONE_MAX_WIDTH ? COMPARE_LIMITS.phone : COMPARE_LIMITS.wide;
