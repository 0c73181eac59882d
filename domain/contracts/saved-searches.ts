import { z } from 'zod/mini';
import { emailSchema } from '../auth.ts';
import { rowIdSchema } from '../row-id.ts';
import {
  type AlertFrequency,
  alertFrequencySchema,
  type SavedSearchDraft,
  savedSearchDraftSchema,
  savedSearchSchema,
} from '../saved-search.ts';
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

const idSchema = rowIdSchema();

/** What the saved-searches page's `setFrequency` sends: which search, and how often it emails now. */
export interface AlertFrequencyChange {
  id: number;
  frequency: AlertFrequency;
}

/** What the saved-searches page's `deleteSearch` sends: which search. */
export interface SavedSearchRef {
  id: number;
}

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

/** An alert email's unsubscribe token (`server/saved-searches/unsubscribe-token.ts`): up to 50 searches. */
const unsubscribeTokenSchema = () => z.string().check(z.maxLength(600));

/** What the unsubscribe page's `unsubscribe` sends: the alert email's token. */
export interface UnsubscribeCall {
  token: string;
}

/**
 * `POST /api/saved-searches/unsubscribe`: stops saved searches' emails with the signed token of an
 * alert email's link — no sign-in; only searches of this site. Answers the searches' names.
 */
export const unsubscribeEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/unsubscribe',
  answer: z.object({ names: z.array(z.string()) }),
} as const satisfies Endpoint;
export const unsubscribeRequest = withRequest(unsubscribeEndpoint, () => ({
  errors: ['invalid_token', 'expired_token', 'saved_search_not_found'],
  body: z.object({ token: unsubscribeTokenSchema() }),
}));

/**
 * `POST /api/saved-searches/one-click-unsubscribe?token=` (RFC 8058, issue 31 item 21): the address
 * in an alert email's `List-Unsubscribe` header. A mail provider posts `List-Unsubscribe=One-Click`
 * to it, form-encoded, from its own servers and without cookies; the signed token is the whole
 * authority, so the same-origin check does not apply (`crossOrigin`). It stops the emails of every
 * search the email was about.
 */
export const oneClickUnsubscribeEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/one-click-unsubscribe',
  answer: z.object({ unsubscribed: z.int() }),
  crossOrigin: true,
} as const satisfies Endpoint;
export const oneClickUnsubscribeRequest = withRequest(oneClickUnsubscribeEndpoint, () => ({
  errors: ['invalid_token', 'expired_token', 'saved_search_not_found', 'unsupported_media_type'],
  query: z.object({ token: unsubscribeTokenSchema() }),
}));

/**
 * `GET /api/saved-searches/one-click-unsubscribe?token=`: the same address opened in a browser (a
 * mail client without one-click) changes nothing and redirects to the unsubscribe page, where the
 * shopper confirms.
 */
export const oneClickUnsubscribePageEndpoint = {
  method: 'GET',
  path: '/api/saved-searches/one-click-unsubscribe',
  answer: 'redirect',
} as const satisfies Endpoint;
export const oneClickUnsubscribePageRequest = withRequest(oneClickUnsubscribePageEndpoint, () => ({
  query: z.object({ token: unsubscribeTokenSchema() }),
}));

/** What a signed-out shopper's "Save search" with just an email sends (issue 37 item 9). */
export interface SaveSearchByEmailCall {
  email: string;
  draft: SavedSearchDraft;
}

/**
 * `POST /api/saved-searches/by-email` (issue 37 item 9): saves a search for the owner of an address,
 * unconfirmed, and emails them a link that confirms it (one use, 72 hours); it sends no alerts until
 * then. The answer is the same whether the address has an account or saved searches, and whatever
 * the inbox is sent: what differs goes only into the inbox.
 */
export const saveSearchByEmailEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/by-email',
  answer: z.object({ status: z.literal('check_email'), email: z.string() }),
  status: 202,
} as const satisfies Endpoint;
export const saveSearchByEmailRequest = withRequest(saveSearchByEmailEndpoint, () => ({
  errors: ['not_a_listing'],
  body: z.object({ email: emailSchema, draft: savedSearchDraftSchema }),
}));

/** A saved search's confirmation link's token: 32 random bytes, base64url. */
const confirmTokenSchema = () => z.string().check(z.maxLength(100));

/** What the confirmation page's `confirm` sends: the emailed link's token. */
export interface ConfirmSearchCall {
  token: string;
}

/** What confirming answers: the search's name and its listing's address. */
export interface ConfirmedSearch {
  name: string;
  href: string;
}

/**
 * `POST /api/saved-searches/confirm` (issue 37 item 9): confirms the saved search of an emailed
 * link — no sign-in; this site's searches only; the link works once — after which it sends alerts.
 */
export const confirmSearchEndpoint = {
  method: 'POST',
  path: '/api/saved-searches/confirm',
  answer: z.object({ name: z.string(), href: z.string() }),
} as const satisfies Endpoint;
export const confirmSearchRequest = withRequest(confirmSearchEndpoint, () => ({
  errors: ['invalid_token', 'expired_token'],
  body: z.object({ token: confirmTokenSchema() }),
}));
