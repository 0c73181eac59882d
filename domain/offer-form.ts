import { z } from 'zod/mini';
import { parsePhotoAddress } from './photo-address.ts';

/**
 * The dealer console's offer form (issue 36 item 6): what a manager writes for a promotion
 * (`locations-forms-tradein-site.md` §4 "Promotions"). One schema the browser form and the server
 * route both run. Dates are the dealer's days: an offer shows from the start of its first day to the
 * end of its last, in the dealer's time zone (`offerWindow`).
 */

/** The form's messages. */
export const OFFER_MESSAGES = {
  title: 'Please enter a title',
  titleLong: 'A title has at most 80 characters',
  descriptionLong: 'The text has at most 500 characters',
  image: 'Please upload a picture',
  link: 'Enter a page of this site (such as /search) or an https:// address',
  starts: 'Please choose the first day',
  ends: 'Please choose the last day',
  endsBeforeStarts: 'The last day must be on or after the first day',
  past: 'Choose today or a later day',
  dealerships: 'Choose dealerships of this site',
} as const;

/** A promotion's picture: a photo stored through the photo pipeline, or a site path it had already. */
export function isOfferImage(url: string): boolean {
  return parsePhotoAddress(url) !== null || /^\/media\/[a-z0-9/_.-]+$/i.test(url);
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** What a manager sends for a new or changed offer. */
export const offerFormSchema = z
  .object({
    title: z
      .string()
      .check(z.trim(), z.minLength(1, OFFER_MESSAGES.title), z.maxLength(80, OFFER_MESSAGES.titleLong)),
    /** Its words; empty for none. */
    description: z.string().check(z.trim(), z.maxLength(500, OFFER_MESSAGES.descriptionLong)),
    image_url: z.string().check(z.refine(isOfferImage, OFFER_MESSAGES.image)),
    /** Where "See the offer" leads: a path of the site or an https address. */
    link: z.string().check(z.trim(), z.regex(/^(\/(?!\/)\S*|https:\/\/\S+)$/, OFFER_MESSAGES.link)),
    /** The first day it shows (`YYYY-MM-DD`, the dealer's day). */
    starts: z.string().check(z.refine(isDate, OFFER_MESSAGES.starts)),
    /** The last day it shows. */
    ends: z.string().check(z.refine(isDate, OFFER_MESSAGES.ends)),
    /** Where it shows: these dealerships of the site; empty for every one. */
    dealership_ids: z.array(z.int().check(z.positive())),
  })
  .check(
    z.refine((offer) => !isDate(offer.starts) || !isDate(offer.ends) || offer.starts <= offer.ends, {
      path: ['ends'],
      message: OFFER_MESSAGES.endsBeforeStarts,
    }),
  );
/** An offer as the form sends it. */
export type OfferForm = z.infer<typeof offerFormSchema>;
