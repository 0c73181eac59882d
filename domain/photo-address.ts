/**
 * Where a stock photo is served (issue 35 item 2, decision 122): from the site itself, at
 * `/media/photos/<hash>/<width>`, where `<hash>` is the content hash of the photo's stored master and
 * `<width>` one of {@link PHOTO_WIDTHS}. The format (AVIF, WebP or JPEG) follows the request's
 * `Accept`, so one address serves every browser. A photo not fetched yet, or that could not be, is
 * {@link PHOTO_PLACEHOLDER}. The demo's generated drawings (`/media/vehicles/….svg`) are vector
 * pictures, sharp at every width, and stay single addresses: {@link photoSrcset} answers null for them.
 */

/**
 * The widths a photo is served in, in pixels. 800 is a phone's: a card or the car page's photo is
 * 340–380 CSS px wide there, 680–760 device pixels at 2×, and Chromium takes the first width at or
 * above that (measured: 412 px at 1.75× and 390 px at 2× took the 960 when 800 was not offered).
 */
export const PHOTO_WIDTHS = [320, 640, 800, 960, 1280, 1920] as const;
/** One of {@link PHOTO_WIDTHS}. */
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The width a car's `images` and `primary_image_url` name: a card at 2× or a page's photo at 1×. */
export const PHOTO_DEFAULT_WIDTH: PhotoWidth = 960;
/** The width a car's `thumbnails` name. */
export const PHOTO_THUMBNAIL_WIDTH: PhotoWidth = 320;

/** What a photo not (yet) fetched shows: a neutral picture served by the site. */
export const PHOTO_PLACEHOLDER = '/media/photos/placeholder.svg';

const ADDRESS = /^\/media\/photos\/([0-9a-f]{32})\/(\d{3,4})$/;

/** The address of a photo's master hash at `width`. */
export function photoAddress(hash: string, width: PhotoWidth = PHOTO_DEFAULT_WIDTH): string {
  return `/media/photos/${hash}/${width}`;
}

/** The hash and width an address names, or null when it is not a photo address. */
export function parsePhotoAddress(address: string): { hash: string; width: PhotoWidth } | null {
  const match = ADDRESS.exec(address);
  const width = PHOTO_WIDTHS.find((w) => String(w) === match?.[2]);
  return match?.[1] && width ? { hash: match[1], width } : null;
}

/**
 * Whether an address is one of the demo's generated drawings (`/media/vehicles/<body>-<colour>.svg`,
 * issue 35 item 7): a vector picture, sharp at every width and a few kB, so it does not go through
 * the photo pipeline and is shown with a plain `src`.
 */
export function isGeneratedDrawing(address: string): boolean {
  return /^\/media\/vehicles\/[a-z0-9-]+\.svg$/.test(address);
}

/**
 * A `srcset` for a photo address (`/media/photos/<hash>/320 320w, …`), or null for anything else
 * (a drawing, the placeholder): those are single addresses.
 */
export function photoSrcset(address: string): string | null {
  const parsed = parsePhotoAddress(address);
  if (!parsed) return null;
  return PHOTO_WIDTHS.map((width) => `${photoAddress(parsed.hash, width)} ${width}w`).join(', ');
}

/** The width a shared link's picture (`og:image`) and the Car JSON-LD's `image` name. */
export const PHOTO_SHARE_WIDTH: PhotoWidth = 1280;

/**
 * The address of a stored photo at `width` that is always a JPEG (`/media/photos/<hash>/<width>.jpg`):
 * for readers that do not negotiate by `Accept` (link previews, structured-data readers), which may
 * not show AVIF or WebP.
 */
export function photoJpegAddress(hash: string, width: PhotoWidth = PHOTO_SHARE_WIDTH): string {
  return `${photoAddress(hash, width)}.jpg`;
}

/**
 * What a page names for a photo outside the page (`og:image`, JSON-LD `image`): a stored photo's
 * 1280-wide JPEG, null for the placeholder (a camera on grey is no picture of the car), and any other
 * address (a drawing, a site path) as it is.
 */
export function sharedPhotoAddress(address: string): string | null {
  if (address === PHOTO_PLACEHOLDER) return null;
  const parsed = parsePhotoAddress(address);
  return parsed ? photoJpegAddress(parsed.hash) : address;
}
