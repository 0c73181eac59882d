import { z } from 'zod/mini';
import { CONTENT_PAGE_PATHS, MODEL_BODY_PATTERN, PROMOTION_PAGE_PATH } from '../content-pages.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `GET /api/pages?path=/about-us` (issue 18 item 7): one of the dealer's own pages, written in
 * Markdown in its tenant folder and rendered on the server, or one the server writes from the store
 * (offers, a promotion's own page, the model range, reviews); `page_not_found` when the dealer has
 * none at that path.
 */
export const sitePageSchema = z.object({
  path: z.string(),
  title: z.string(),
  description: z.string(),
  html: z.string(),
});
/** A dealer's page, rendered. */
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
