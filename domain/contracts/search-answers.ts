import { z } from 'zod/mini';
import { carHitSchema } from '../search-result.ts';

/**
 * The search service's answers as Algolia sends them (`../shared/guides/search-protocol.md`
 * "Answer shape"): one result per query of a multi-query, in request order.
 */

const facetCountsSchema = z.record(z.string(), z.record(z.string(), z.number()));
const facetStatsSchema = z.record(z.string(), z.object({ min: z.number(), max: z.number() }));

/** The facet counts and numeric stats of one query (every query of a disjunctive search has them). */
export const facetResultSchema = z.object({
  facets: z._default(z.optional(facetCountsSchema), {}),
  facets_stats: z._default(z.optional(facetStatsSchema), {}),
});

const count = () => z.int().check(z.minimum(0));

/** The main query's result: a page of cars plus counts, facets and stats. */
export const mainResultSchema = z.extend(facetResultSchema, {
  hits: z.array(carHitSchema),
  nbHits: count(),
  page: count(),
  nbPages: count(),
  processingTimeMS: z._default(z.optional(z.number().check(z.minimum(0))), 0),
});
/** A counting query's result (an empty listing's suggestions, decision 129): its count and facets. */
export const countResultSchema = z.extend(facetResultSchema, { nbHits: count() });

/** A parsed main result. */
export type MainResult = z.infer<typeof mainResultSchema>;

/** A multi-query answer (`POST /1/indexes/*\/queries`), results not yet parsed one by one. */
export const multiQueryAnswerSchema = z.object({ results: z.array(z.unknown()).check(z.minLength(1)) });

/** Algolia's error body: `{ "message": "...", "status": 400 }`. */
export const searchErrorBodySchema = z.object({ message: z.string() });
