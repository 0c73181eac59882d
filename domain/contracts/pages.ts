import { z } from 'zod/mini';
import { CONTENT_PAGE_PATHS, MODEL_BODY_PATTERN, PROMOTION_PAGE_PATH } from '../content-pages.ts';
import { markdownTokenSchema } from '../markdown-tokens.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/** What every page answer carries: where it is, its title and its meta description. */
const head = { path: z.string(), title: z.string(), description: z.string() };

/** A promotion as the offer pages list it: its own page, picture, words and last day (`4 December 2026`). */
export const offerSummarySchema = z.object({
  path: z.string(),
  title: z.string(),
  image_url: z.string(),
  description: z.nullable(z.string()),
  ends: z.string(),
});
/** A promotion in the offers list. */
export type OfferSummary = z.infer<typeof offerSummarySchema>;

/** One model of the range: its stock's link, NEW or COMING SOON, and a line about it. */
const rangeModelSchema = z.object({
  name: z.string(),
  href: z.string(),
  status: z.enum(['', 'new', 'coming_soon']),
  description: z.nullable(z.string()),
});

/**
 * `GET /api/pages?path=/about-us` (issue 18 item 7; issue 32 item 6): one of the dealer's own pages,
 * written in Markdown in its tenant folder and sent as marked's tokens (checked on the server), or
 * one the server writes from the store as data: the current offers (`/special-offers`, `/offers`), a
 * promotion's own page (running or ended), the model range (`/models`) and the reviews;
 * `page_not_found` when the dealer has none at that path. The browser renders each as React elements.
 */
export const sitePageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('markdown'), ...head, tokens: z.array(markdownTokenSchema) }),
  z.object({ kind: z.literal('offers'), ...head, offers: z.array(offerSummarySchema) }),
  z.object({
    kind: z.literal('offer'),
    ...head,
    offer: offerSummarySchema,
    /** Where "See the offer" leads; null when the promotion only leads back to the offers. */
    see_the_offer: z.nullable(z.string()),
  }),
  z.object({
    kind: z.literal('offerEnded'),
    ...head,
    ended: z.string(),
    offers: z.array(offerSummarySchema),
  }),
  z.object({
    kind: z.literal('models'),
    ...head,
    /** The body types as a filter (none for a range of one type); `current` is the one shown. */
    filter: z.array(z.object({ label: z.string(), href: z.string(), current: z.boolean() })),
    groups: z.array(z.object({ category: z.string(), models: z.array(rangeModelSchema) })),
  }),
  z.object({
    kind: z.literal('reviews'),
    ...head,
    /** The average as text ("4.7") and each star's fill (0–1), only above the dealer's minimum. */
    average: z.nullable(z.object({ rating: z.string(), stars: z.array(z.number()) })),
    count: z.number(),
    reviews: z.array(
      z.object({
        customer_name: z.string(),
        rating: z.number(),
        when: z.string(),
        text: z.nullable(z.string()),
      }),
    ),
  }),
]);
/** A dealer's page, as data. */
export type SitePageAnswer = z.infer<typeof sitePageSchema>;

export const sitePageEndpoint = {
  method: 'GET',
  path: '/api/pages',
  answer: sitePageSchema,
} as const satisfies Endpoint;
export const sitePageRequest = withRequest(sitePageEndpoint, () => ({
  errors: ['page_not_found'],
  query: z.object({
    path: z.union([z.enum(CONTENT_PAGE_PATHS), z.string().check(z.regex(PROMOTION_PAGE_PATH))]),
    /** `/models` only: one body type of the range (`?body=suvs`); another page ignores it. */
    body: z.optional(z.string().check(z.regex(MODEL_BODY_PATTERN, 'must be a body type such as suvs'))),
  }),
}));
