import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import type { MediaStore } from '../media-store.ts';

/** A fetched file that is not a photo we can read: trying again cannot help. */
export class PhotoContentError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'PhotoContentError';
  }
}

/** The formats a feed's photo may come in, as sharp names them after reading the bytes. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/** The largest picture decoded, in pixels (a small file can claim a huge picture). */
const MAX_PIXELS = 40_000_000;

/** The master's longest side: the largest width served (a bigger master only costs storage). */
const MASTER_SIDE = 1920;

/** A stored master: its content hash (the photo's address) and size in pixels. */
export interface PhotoMaster {
  hash: string;
  width: number;
  height: number;
}

/** The media key of a master. */
export const masterKey = (hash: string) => `photos/${hash}/master.jpg`;

/**
 * Makes a photo's one master from a fetched file (issue 35 item 1): the file is judged by its bytes
 * (sharp reads its header; its name and content type count for nothing), decoded, turned upright by
 * its EXIF orientation, scaled to fit 1920 × 1920, flattened onto white, and written as a JPEG
 * without any metadata (no EXIF, GPS, XMP or ICC profile: sharp keeps none unless asked). It is
 * stored under its content hash, so one photo named by several addresses is stored once.
 */
export async function storeMaster(file: string, media: MediaStore): Promise<PhotoMaster> {
  const image = sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch {
    throw new PhotoContentError('the file is not an image');
  }
  if (!format || !PHOTO_FORMATS.has(format)) {
    throw new PhotoContentError(`the file is ${format ?? 'not an image'}, not a photo`);
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await image
      .rotate()
      .resize({ width: MASTER_SIDE, height: MASTER_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      // Every served size is encoded anew from the master, so it is written with libjpeg-turbo's
      // defaults: mozjpeg took 0.91 s of CPU a photo against 0.18 s, for a file only 8 % smaller.
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new PhotoContentError(`the ${format} could not be decoded: ${(error as Error).message}`);
  }
  const hash = createHash('sha256').update(output.data).digest('hex').slice(0, 32);
  await media.put(masterKey(hash), [output.data]);
  return { hash, width: output.info.width, height: output.info.height };
}
