import { z } from 'zod/mini';
import { carSchema } from '../car.ts';
import { COMPARE_LIMITS } from '../compare.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `GET /api/compare?cars=a,b,c` (issue 19 item 1): the cars of a comparison in the order asked, each
 * the car (its lenders without disclaimers, as the car page's) or `null` when this site no longer
 * offers it — sold, hidden from the website, another dealer's or unknown — the server's clock and
 * the site's origin.
 */
export const compareAnswerSchema = z.object({
  cars: z.array(z.object({ slug: z.string(), car: z.nullable(carSchema) })),
  as_of: z.iso.datetime({ offset: true }),
  /** The site's canonical origin, for the comparison's shareable address. */
  origin: z.url(),
});
/** A comparison's data. */
export type CompareAnswer = z.infer<typeof compareAnswerSchema>;

/**
 * What `GET /api/compare` is asked, and what the compare page's `loadComparison` receives: the cars
 * of the comparison by their slugs, in the address's order (`domain/compare.ts` `parseCompareSlugs`).
 */
export interface CompareQuery {
  slugs: string[];
}

export const compareEndpoint = {
  method: 'GET',
  path: '/api/compare',
  answer: compareAnswerSchema,
} as const satisfies Endpoint;
const CARS_MESSAGE = `must name one to ${COMPARE_LIMITS.wide} cars by their slugs, separated by commas`;
const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const CARS_LIST = new RegExp(`^${SLUG}(?:,${SLUG}){0,${COMPARE_LIMITS.wide - 1}}$`);

export const compareRequest = withRequest(compareEndpoint, () => ({
  query: z.object({
    cars: z.pipe(
      z
        .string({ error: CARS_MESSAGE })
        .check(z.maxLength(1000, CARS_MESSAGE), z.regex(CARS_LIST, CARS_MESSAGE)),
      z.transform((value: string) => value.split(',')),
    ),
  }),
}));
