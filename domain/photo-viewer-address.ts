/**
 * The full-screen photo viewer's own address on a car page (issue 37 item 6): `?photo=3` is the third
 * photo, shown full screen. Opening the viewer adds the address to history, so Back closes it; moving
 * through the photos replaces it; a link with it opens the page on that photo.
 */

/** The query parameter that names the photo on screen, counted from 1. */
export const PHOTO_PARAM = 'photo';

/** The photo (0-based) a query string (without `?`) names for a car with `count` photos, or null. */
export function requestedPhoto(search: string, count: number): number | null {
  const value = new URLSearchParams(search).get(PHOTO_PARAM);
  if (value === null || !/^[1-9]\d{0,3}$/.test(value)) return null;
  const index = Number(value) - 1;
  return index < count ? index : null;
}

/** `path` with the query string `search` naming photo `index` (0-based), or none when `index` is null; other parameters stay. */
export function photoHref(path: string, search: string, index: number | null): string {
  const params = new URLSearchParams(search);
  if (index === null) params.delete(PHOTO_PARAM);
  else params.set(PHOTO_PARAM, String(index + 1));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The history state of an entry the viewer added, so closing it knows to go Back rather than replace. */
export const PHOTO_VIEWER_HISTORY_STATE = { photoViewer: true } as const;
