import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { OFFER_IMAGE_MAX_BYTES, OFFER_IMAGE_TOO_BIG } from '../../../domain/contracts/console-offers.ts';
import { photoAddress, photoSrcset } from '../../../domain/photo-address.ts';
import { sniffImage } from '../../media/image-metadata.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { MultipartError, MultipartReader } from '../../media/multipart.ts';
import { PhotoContentError, storeMaster } from '../../media/photos/master.ts';
import { uploadMaster } from '../../media/photos/upload-master.ts';

/**
 * An offer's picture from the console (issue 36 item 6): streamed to a temporary file as it arrives
 * (never held whole), judged by its content (sharp reads its bytes; its name and type count for
 * nothing — an iPhone's HEIC is decoded as the trade-in photos' are), cropped to the banner's 32:9
 * around what draws the eye, and stored as a photo master by the photo pipeline (issue 35: metadata
 * stripped, written anew, served at every width in the format the browser takes).
 */

/** The banner every offer's picture is made into: the storefront draws it 32:9. */
export const OFFER_BANNER = { width: 1920, height: 540 } as const;
/** The smallest picture taken: a smaller one would be blurred on every page. */
export const OFFER_IMAGE_MIN = { width: 960, height: 270 } as const;

const NOT_AN_IMAGE = 'Please choose a picture (JPEG, PNG, WebP or HEIC)';
const TOO_SMALL = `The picture must be at least ${OFFER_IMAGE_MIN.width} × ${OFFER_IMAGE_MIN.height} pixels`;
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/** What receiving a picture came to. */
export type OfferImageReceipt =
  | { kind: 'stored'; image_url: string; srcset: string }
  | {
      kind: 'refused';
      status: 400 | 413 | 422;
      code: string;
      message: string;
      fields?: Record<string, string>;
    };

const refused = (status: 400 | 413 | 422, code: string, message: string): OfferImageReceipt => ({
  kind: 'refused',
  status,
  code,
  message,
  fields: { file: message },
});

/** Receives the `file` part of a multipart body and stores it as an offer's banner. */
export async function receiveOfferImage(
  media: MediaStore,
  body: AsyncIterable<Uint8Array>,
  boundary: string,
): Promise<OfferImageReceipt> {
  const reader = new MultipartReader(body, boundary, { maxParts: 3 });
  const folder = await mkdtemp(join(tmpdir(), 'forecourt-offer-'));
  try {
    let part = await reader.next();
    while (part && (part.name !== 'file' || part.filename === null)) part = await reader.next();
    if (!part) return refused(422, 'not_an_image', 'Please choose a picture');
    const upload = join(folder, 'upload');
    await pipeline(
      Readable.from(reader.body(OFFER_IMAGE_MAX_BYTES - 1)),
      createWriteStream(upload, { flags: 'wx', mode: 0o600 }),
    );
    while (await reader.next()) {
      // Parts after the file are read up to the part limit and ignored.
    }
    const banner = await bannerOf(upload, folder);
    const master = await storeMaster(banner, media);
    const image_url = photoAddress(master.hash);
    return { kind: 'stored', image_url, srcset: photoSrcset(image_url) ?? '' };
  } catch (error) {
    if (error instanceof PhotoContentError) {
      return error.message === TOO_SMALL
        ? refused(422, 'image_too_small', TOO_SMALL)
        : refused(422, 'not_an_image', NOT_AN_IMAGE);
    }
    if (!(error instanceof MultipartError)) throw error;
    if (error.problem === 'too_large') return refused(413, 'image_too_large', OFFER_IMAGE_TOO_BIG);
    return refused(400, 'invalid_request', 'The upload could not be read');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The upload cropped to the banner, as a lossless file for the pipeline to make its master from. */
async function bannerOf(upload: string, folder: string): Promise<string> {
  const head = Buffer.alloc(16);
  const handle = await open(upload, 'r');
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  let source: string | Buffer = upload;
  // A HEVC-coded HEIC (an iPhone's photo) is decoded as a trade-in photo is; sharp reads the rest.
  if (sniffImage(head.subarray(0, bytesRead)) === 'heic') source = (await uploadMaster(upload, 'heic')).bytes;
  const image = sharp(source, { limitInputPixels: 50_000_000, failOn: 'error' });
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const header = await image.metadata();
    format = header.format;
    // EXIF orientations 5–8 turn the picture on its side.
    const sideways = (header.orientation ?? 1) >= 5;
    width = (sideways ? header.height : header.width) ?? 0;
    height = (sideways ? header.width : header.height) ?? 0;
  } catch {
    throw new PhotoContentError('the file is not an image');
  }
  if (!format || !PICTURE_FORMATS.has(format)) throw new PhotoContentError('the file is not a picture');
  if (width < OFFER_IMAGE_MIN.width || height < OFFER_IMAGE_MIN.height)
    throw new PhotoContentError(TOO_SMALL);
  let cropped: Buffer;
  try {
    cropped = await image
      .rotate()
      .resize({ ...OFFER_BANNER, fit: 'cover', position: sharp.strategy.attention })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    throw new PhotoContentError(`the ${format} could not be decoded: ${(error as Error).message}`);
  }
  const file = join(folder, 'banner.png');
  await writeFile(file, cropped, { mode: 0o600 });
  return file;
}
