/**
 * `Cache-Control` for an answer whose address changes with its content (a hash or a `?v=` in it):
 * kept a year, never asked again. Built assets, stored photos, a dealer's brand files and themes.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
