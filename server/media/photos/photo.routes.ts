import { Readable } from 'node:stream';
import { Hono } from 'hono';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_PLACEHOLDER, type PhotoWidth, parsePhotoAddress } from '../../../domain/photo-address.ts';
import { IMMUTABLE } from '../../cache-control.ts';
import type { MediaStore } from '../media-store.ts';
import { masterKey } from './master.ts';

/** A format a photo is served in. */
export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

const CONTENT_TYPES: Readonly<Record<PhotoFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * The best format a request's `Accept` admits: AVIF, else WebP, else JPEG (which every browser
 * shows, so it is the answer whatever `Accept` says). A type with `q=0` is refused.
 */
export function negotiatePhotoFormat(accept: string | undefined): PhotoFormat {
  const admitted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (type && !(q && Number(q.slice(2)) === 0)) admitted.add(type);
  }
  if (admitted.has('image/avif')) return 'avif';
  if (admitted.has('image/webp')) return 'webp';
  return 'jpeg';
}

/** How each format is encoded: sized for a phone's card at 2× (AVIF's effort kept low: it is made on request). */
function encode(pipeline: Sharp, format: PhotoFormat): Sharp {
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: 2 });
  if (format === 'webp') return pipeline.webp({ quality: 72, effort: 4 });
  return pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true });
}

/** The media key of a photo in one width and format. */
export const variantKey = (hash: string, width: PhotoWidth, format: PhotoFormat) =>
  `photos/${hash}/${width}.${format === 'jpeg' ? 'jpg' : format}`;

/**
 * A photo in one width and format (issue 35 item 2): from the media storage when it was made before,
 * else made now from the master (never wider than it) and kept there. Two requests for one variant
 * at once make it once. Null when there is no such photo.
 */
export function photoVariants(media: MediaStore) {
  const making = new Map<string, Promise<boolean>>();
  const make = async (hash: string, width: PhotoWidth, format: PhotoFormat): Promise<boolean> => {
    const master = await media.get(masterKey(hash));
    if (!master) return false;
    const resize = encode(sharp().resize({ width, withoutEnlargement: true }), format);
    await media.put(variantKey(hash, width, format), master.pipe(resize));
    return true;
  };
  return async (hash: string, width: PhotoWidth, format: PhotoFormat): Promise<Readable | null> => {
    const key = variantKey(hash, width, format);
    const kept = await media.get(key);
    if (kept) return kept;
    let made = making.get(key);
    if (!made) {
      made = make(hash, width, format).finally(() => making.delete(key));
      making.set(key, made);
    }
    return (await made) ? media.get(key) : null;
  };
}

/** The picture a car shows for a photo not (yet) stored: a camera on a neutral ground, 800 × 500. */
const PLACEHOLDER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-label="Photo coming soon">',
  '<rect width="800" height="500" fill="#e6e9ed"/>',
  '<g fill="none" stroke="#a3abb5" stroke-width="10" stroke-linejoin="round">',
  '<path d="M330 200h30l18-26h44l18 26h30a14 14 0 0 1 14 14v98a14 14 0 0 1-14 14H330a14 14 0 0 1-14-14v-98a14 14 0 0 1 14-14z"/>',
  '<circle cx="400" cy="262" r="38"/>',
  '</g>',
  '</svg>',
].join('');

/**
 * `/media/photos/…` (mounted at `/media/photos`): each stored photo at `/<hash>/<width>` in the
 * format the request's `Accept` admits best (`Vary: Accept`) and at `/<hash>/<width>.jpg` as JPEG,
 * cached for a year as immutable (the address changes with the content), and the placeholder. Same origin, so `img-src 'self'` holds.
 */
export function photoRoutes(media: MediaStore): Hono {
  const variant = photoVariants(media);
  const placeholderPath = PHOTO_PLACEHOLDER.slice('/media/photos'.length);
  return new Hono()
    .get(placeholderPath, (c) => {
      c.header('content-type', 'image/svg+xml');
      c.header('cache-control', 'public, max-age=86400');
      return c.body(PLACEHOLDER_SVG);
    })
    .get('/:hash/:width', async (c) => {
      // `<width>.jpg` is always a JPEG (shared links, JSON-LD): its readers may not negotiate.
      const width = c.req.param('width');
      const jpeg = width.endsWith('.jpg');
      const address = parsePhotoAddress(
        `/media/photos/${c.req.param('hash')}/${jpeg ? width.slice(0, -'.jpg'.length) : width}`,
      );
      if (!address) return c.notFound();
      const format = jpeg ? 'jpeg' : negotiatePhotoFormat(c.req.header('accept'));
      const stream = await variant(address.hash, address.width, format);
      if (!stream) return c.notFound();
      c.header('content-type', CONTENT_TYPES[format]);
      c.header('cache-control', IMMUTABLE);
      if (!jpeg) c.header('vary', 'Accept');
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    });
}
