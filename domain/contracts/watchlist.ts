import { z } from 'zod/mini';
import { watchlistCarSchema, watchlistChangeSchema } from '../watchlist.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/** The watchlist (`search-detail-finance-watchlist.md` §7 "Watchlist save and remove"; issue 6). */

/**
 * `GET /api/watchlist`: who is asking (signed in, and the phone on record) and their saved cars,
 * newest first. Anonymous visitors get `signed_in: false` and no cars.
 */
export const watchlistAnswerSchema = z.object({
  signed_in: z.boolean(),
  phone_number: z.nullable(z.string()),
  cars: z.array(watchlistCarSchema),
});
/** The shopper's watchlist. */
export type WatchlistAnswer = z.infer<typeof watchlistAnswerSchema>;

export const watchlistEndpoint = {
  method: 'GET',
  path: '/api/watchlist',
  answer: watchlistAnswerSchema,
} as const satisfies Endpoint;

/** §7 "success flag read": the answer of a save or remove. */
export const watchlistChangeAnswerSchema = z.object({ success: z.boolean(), car_id: z.int() });
/** The answer of a save or remove. */
export type WatchlistChangeAnswer = z.infer<typeof watchlistChangeAnswerSchema>;

const changeErrors = ['sign_in_required', 'phone_required', 'phone_mismatch', 'car_not_found'] as const;

/** §7 Watchlist save: `POST /api/watchlist/save-car` with `{phone_number, car_id}`. */
export const saveCarEndpoint = {
  method: 'POST',
  path: '/api/watchlist/save-car',
  answer: watchlistChangeAnswerSchema,
} as const satisfies Endpoint;
export const saveCarRequest = withRequest(saveCarEndpoint, () => ({
  errors: changeErrors,
  body: watchlistChangeSchema,
}));

/** §7 Watchlist remove: `POST /api/watchlist/remove-car` with `{phone_number, car_id}`. */
export const removeCarEndpoint = {
  method: 'POST',
  path: '/api/watchlist/remove-car',
  answer: watchlistChangeAnswerSchema,
} as const satisfies Endpoint;
export const removeCarRequest = withRequest(removeCarEndpoint, () => ({
  errors: changeErrors,
  body: watchlistChangeSchema,
}));
