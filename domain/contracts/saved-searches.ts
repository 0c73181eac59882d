import { z } from 'zod/mini';
import { alertFrequencySchema, savedSearchDraftSchema, savedSearchSchema } from '../saved-search.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/** Saved searches and their alerts (issue 19 item 2; `domain/saved-search.ts`). */

/**
 * `GET /api/saved-searches`: the signed-in shopper's saved searches, newest first. Anonymous visitors
 * get `signed_in: false` and none.
 */
export const savedSearchesAnswerSchema = z.object({
  signed_in: z.boolean(),
  searches: z.array(savedSearchSchema),
});
/** The shopper's saved searches. */
export type SavedSearchesAnswer = z.infer<typeof savedSearchesAnswerSchema>;

export const savedSearchesEndpoint = {
  method: 'GET',
  path: '/api/saved-searches',
  answer: savedSearchesAnswerSchema,
} as const satisfies Endpoint;

/** What a change of one saved search answers: the search as stored now. */
const savedSearchAnswerSchema = z.object({ search: savedSearchSchema });

/**
 * `POST /api/saved-searches`: saves the search (a listing of this site) for the signed-in shopper and
 * answers it as stored; saving the same search again updates its name, address and frequency.
 */
export const saveSearchEndpoint = {
  method: 'POST',
  path: '/api/saved-searches',
  answer: savedSearchAnswerSchema,
  status: 201,
} as const satisfies Endpoint;
export const saveSearchRequest = withRequest(saveSearchEndpoint, () => ({
  errors: ['sign_in_required', 'not_a_listing', 'limit_reached'],
  body: savedSearchDraftSchema,
}));

const idSchema = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** `POST /api/saved-searches/frequency`: how often one of the shopper's searches emails. */
export const setAlertFrequencyEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/frequency',
  answer: savedSearchAnswerSchema,
} as const satisfies Endpoint;
export const setAlertFrequencyRequest = withRequest(setAlertFrequencyEndpoint, () => ({
  errors: ['sign_in_required', 'saved_search_not_found'],
  body: z.object({ id: idSchema, frequency: alertFrequencySchema }),
}));

/** `POST /api/saved-searches/delete`: deletes one of the shopper's searches (and its waiting alerts). */
export const deleteSavedSearchEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/delete',
  answer: z.object({ id: idSchema }),
} as const satisfies Endpoint;
export const deleteSavedSearchRequest = withRequest(deleteSavedSearchEndpoint, () => ({
  errors: ['sign_in_required', 'saved_search_not_found'],
  body: z.object({ id: idSchema }),
}));

/**
 * `POST /api/saved-searches/unsubscribe`: stops a saved search's emails with the signed token of an
 * alert email's link — no sign-in. Answers the search's name.
 */
export const unsubscribeEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/unsubscribe',
  answer: z.object({ name: z.string() }),
} as const satisfies Endpoint;
export const unsubscribeRequest = withRequest(unsubscribeEndpoint, () => ({
  errors: ['invalid_token', 'expired_token', 'saved_search_not_found'],
  body: z.object({ token: z.string().check(z.maxLength(200)) }),
}));
