import { z } from 'zod/mini';

/**
 * An Australian postcode as the site's forms, the locations finder and the listing's distance filter
 * ask for it (`locations-forms-tradein-site.md` §5, §8, §9). Its own module, so a page that asks for a
 * postcode does not load the lead forms' rules with it (issue 38 item 3).
 */

/** §5, §8: the postcode's message. */
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';
/** §9: a postcode's length. */
export const POSTCODE_LENGTH = 4;

/** §5: required, exactly 4 digits (max length 4), as typed: trimmed first. */
export const postcodeSchema = z
  .string(POSTCODE_MESSAGE)
  .check(z.trim(), z.regex(/^\d{4}$/, POSTCODE_MESSAGE));
