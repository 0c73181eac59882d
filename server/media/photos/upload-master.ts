import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ImageKind } from '../image-metadata.ts';
import { concurrencyLimit } from './concurrency.ts';
import { decodeHeic, fileIsHevcHeif, HeicDecodeError } from './heic.ts';
import { PhotoContentError } from './master.ts';

/**
 * A shopper's photo (a trade-in's, issue 35 item 4, decision 124) made into the one file the dealer
 * sees: decoded, turned upright by its EXIF orientation, without any metadata (EXIF with the GPS
 * position, XMP, IPTC, comments, ICC profile: sharp keeps none unless asked), as a JPEG — or, for a
 * PNG or a GIF, as a PNG, so a lossless picture (a screenshot of a service book) stays lossless and
 * keeps its transparency. An iPhone's HEIC becomes a JPEG every browser and mail client shows.
 */

/** What a stored upload is. */
export type UploadedKind = 'jpeg' | 'png';

/** The file made from an upload. */
export interface UploadMaster {
  kind: UploadedKind;
  contentType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The largest picture decoded, in pixels: a phone's 48 MP (8064 × 6048) or 50 MP photo fits; a small
 * file that claims a huge picture (a decompression bomb) is refused before it is decoded.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000;

/** The stored photo's longest side: a 12 MP phone photo (4032 × 3024) keeps every pixel. */
export const UPLOAD_MASTER_SIDE = 4096;

/**
 * Uploads made at once in a process (the rest wait): each holds a decoded picture (tens of MB for a
 * 12 MP photo) and sharp's threads; the route lets 16 uploads in at once (decision 103).
 */
const AT_ONCE = 2;
const takingTurns = concurrencyLimit(AT_ONCE);

/** sharp's name for each kind the upload's first bytes showed. */
const SHARP_FORMAT: Readonly<Record<ImageKind, string>> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  heic: 'heif',
};

/**
 * The stored file for the upload at `file`, whose first bytes showed it to be `kind`. HEVC-coded
 * HEIF (by its `ftyp` brands, or by what sharp reads of its header) is decoded by `decodeHeic`, any
 * other by sharp. Throws `PhotoContentError` when the file is not the image it starts as, cannot be
 * decoded, or is over the pixel limit.
 */
export function uploadMaster(file: string, kind: ImageKind): Promise<UploadMaster> {
  return takingTurns(() => made(file, kind));
}

async function made(file: string, kind: ImageKind): Promise<UploadMaster> {
  const image = await decoded(file, kind);
  const upright = image.rotate().resize({
    width: UPLOAD_MASTER_SIDE,
    height: UPLOAD_MASTER_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const lossless = kind === 'png' || kind === 'gif';
  try {
    const { data, info } = await (lossless
      ? upright.png({ compressionLevel: 9 })
      : upright.flatten({ background: '#ffffff' }).jpeg({ quality: 90 })
    ).toBuffer({ resolveWithObject: true });
    return lossless
      ? { kind: 'png', contentType: 'image/png', bytes: data, width: info.width, height: info.height }
      : { kind: 'jpeg', contentType: 'image/jpeg', bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new PhotoContentError(`the ${kind} could not be decoded: ${(error as Error).message}`);
  }
}

/** The upload opened for sharp: its own decoder, or the HEIC decoder's pixels. */
async function decoded(file: string, kind: ImageKind): Promise<Sharp> {
  const fromHeic = async () => {
    try {
      const { width, height, data } = await decodeHeic(file, UPLOAD_MAX_PIXELS);
      return sharp(data, { raw: { width, height, channels: 4 } });
    } catch (error) {
      if (error instanceof HeicDecodeError) throw new PhotoContentError(error.message);
      throw error;
    }
  };
  if (kind === 'heic' && (await fileIsHevcHeif(file))) return fromHeic();
  // `failOn: 'error'`: a file cut off in its image data is kept as far as it goes, as browsers draw it.
  const image = sharp(file, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' });
  let header: Metadata;
  try {
    header = await image.metadata();
  } catch {
    throw new PhotoContentError('the file is not an image');
  }
  if (header.format !== SHARP_FORMAT[kind]) {
    throw new PhotoContentError(`the file starts as a ${kind} but is ${header.format ?? 'not an image'}`);
  }
  if ((header.width ?? 0) * (header.height ?? 0) > UPLOAD_MAX_PIXELS) {
    throw new PhotoContentError('the picture is over the pixel limit');
  }
  // HEIF whose brands say nothing of HEVC (`mif1` alone) but whose picture is HEVC all the same.
  if (kind === 'heic' && header.compression === 'hevc') return fromHeic();
  return image;
}
