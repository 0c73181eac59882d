import { z } from 'zod/mini';
import { carStatusSchema } from './car.ts';
import { MAX_ROW_ID, rowIdSchema } from './row-id.ts';

/**
 * The watchlist and local favourites (`search-detail-finance-watchlist.md` §3 "Watchlist entry: a car
 * id. Favourites list: a local list of cars", §4 Watchlist and Favourites, §7, §8).
 */

/** The watchlist page (the spec leaves its path unshown). */
export const WATCHLIST_PATH = '/watchlist';

/**
 * Whether a dealer's shoppers can keep a watchlist: a car is saved with the favourite button, which
 * §5 hides everywhere when the storage setting is off (`favouritesStorageOff`), and so are the local
 * favourites. There the watchlist could never hold a car: no link leads to it and its page is not found.
 */
export function hasWatchlist(features: { readonly favouritesStorageOff: boolean }): boolean {
  return !features.favouritesStorageOff;
}

const carIdSchema = z.union([
  rowIdSchema(),
  z.pipe(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/)), z.transform(Number)),
    z.number().check(z.maximum(MAX_ROW_ID)),
  ),
]);

/** §7 Watchlist save and remove: `POST /api/watchlist/save-car` and `remove-car` send `{phone_number, car_id}`. */
export const watchlistChangeSchema = z.object({
  phone_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  car_id: carIdSchema,
});
/** The body of a watchlist save or remove. */
export type WatchlistChange = z.input<typeof watchlistChangeSchema>;

/** One saved car as the watchlist page lists it; `sold` marks a car no longer for sale. */
export const watchlistCarSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  status: carStatusSchema,
  sold: z.boolean(),
  primary_image_url: z.nullable(z.string()),
  saved_at: z.string(),
});
/** A saved car. */
export type WatchlistCar = z.infer<typeof watchlistCarSchema>;

/** What a save or remove needs to know of a car: its id, and its name for the toast. */
export interface WatchlistCarRef {
  id: number;
  name: string;
}

/** A toast's text (§8 Toasts), with its 'View List' action. */
export interface WatchlistToast {
  title: string;
  description: string;
  action: { label: 'View List'; href: string };
}

/**
 * §8 Toasts: 'Car Saved In Watchlist' / '{car name} is now available in your watchlist', and
 * 'Car Removed' / '{car name} is no longer in your watchlist', each with a 'View List' action.
 */
export function watchlistToast(change: 'save' | 'remove', carName: string): WatchlistToast {
  const action = { label: 'View List', href: WATCHLIST_PATH } as const;
  return change === 'save'
    ? {
        title: 'Car Saved In Watchlist',
        description: `${carName} is now available in your watchlist`,
        action,
      }
    : { title: 'Car Removed', description: `${carName} is no longer in your watchlist`, action };
}

/** One car of the local favourites list, with what the list shows of it. */
export const favouriteCarSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string(),
  name: z.string(),
  price: z.nullable(z.number()),
  primary_image_url: z.nullable(z.string()),
});
/** A favourite car. */
export type FavouriteCar = z.infer<typeof favouriteCarSchema>;

/** The favourites list as kept in the browser's storage. */
export const favouritesListSchema = z.array(favouriteCarSchema).check(z.maxLength(200));

/**
 * A save asked for while signed out, kept in the browser's storage so it survives the emailed
 * sign-up link (which may open in a new tab): made once the shopper is back signed in with a phone,
 * forgotten after an hour.
 */
export const pendingSaveSchema = z.object({
  car: z.object({ id: z.int().check(z.positive()), name: z.string().check(z.maxLength(300)) }),
  at: z.int(),
});
/** How long a stored pending save is kept. */
export const PENDING_SAVE_MS = 60 * 60 * 1000;
