import { z } from 'zod';

/**
 * A customer review and the review list (`locations-forms-tradein-site.md` §3 "Review"). The two
 * "in words" fields are relative to the moment the list is read, so a store keeps the date and fills
 * them in when it answers.
 */

const mediaUrlSchema = z.string().regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL');

/** One review. `review_date` is dd/mm/yyyy. */
export const reviewSchema = z.object({
  id: z.number().int().positive(),
  customer_name: z.string().min(1),
  text: z.string().nullable(),
  rating: z.number().min(1).max(5),
  image: z.object({ url: mediaUrlSchema.nullable(), thumb: z.object({ url: mediaUrlSchema.nullable() }) }),
  created_at_time_ago_in_words: z.string(),
  review_date: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'must be dd/mm/yyyy'),
  review_date_in_words: z.string(),
});
/** A review. */
export type Review = z.infer<typeof reviewSchema>;

/** The review list with its summary: `average_rating` is a string such as "4.7". */
export const reviewListSchema = z.object({
  count: z.number().int().min(0),
  average_rating: z.string().regex(/^\d(\.\d)?$/, 'must be a rating such as 4.7'),
  reviews: z.array(reviewSchema),
});
/** A review list. */
export type ReviewList = z.infer<typeof reviewListSchema>;
