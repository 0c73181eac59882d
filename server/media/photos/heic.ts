import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { concurrencyLimit } from './concurrency.ts';

/**
 * iPhone photos (HEIC: HEIF images coded in HEVC) for sharp, whose prebuilt libvips decodes AVIF but
 * not HEVC (issue 35 item 4, decision 124). `heic-decode` — libheif compiled to WebAssembly, the
 * decoder `heic-convert` wraps — turns the file into RGBA pixels that sharp then rotates, strips and
 * encodes once (`heic-convert` would encode a JPEG or PNG in JavaScript first, for sharp to decode
 * again). It runs in a worker thread of its own, ended after each photo: the decode is seconds of
 * CPU that must not hold the event loop, and WebAssembly memory, once grown for a 48 MP picture,
 * never shrinks while its thread lives.
 */

/** The `ftyp` brands of HEVC-coded HEIF (`mif1`/`msf1` alone say only "HEIF", AVIF included). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/** How many bytes of a file `isHevcHeif` reads: the `ftyp` box and a few of its brands. */
const FTYP_BYTES = 64;

/** The brands of an ISO BMFF file's leading `ftyp` box (major, then compatible), or none. */
export function ftypBrands(head: Uint8Array): string[] {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return [];
  const end = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

/** Whether a file's first bytes say it is HEVC-coded HEIF (an iPhone's HEIC), by its `ftyp` brands. */
export const isHevcHeif = (head: Uint8Array): boolean =>
  ftypBrands(head).some((brand) => HEVC_BRANDS.has(brand));

/** Whether the file at `path` is HEVC-coded HEIF, read from its first bytes. */
export async function fileIsHevcHeif(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(FTYP_BYTES), 0, FTYP_BYTES, 0);
    return isHevcHeif(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** A HEIC file the decoder could not read, or whose picture is larger than allowed. */
export class HeicDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

/** A decoded picture: RGBA, 8 bits a channel, row by row. */
export interface DecodedPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** What one conversion may take before its thread is ended. */
const DECODE_TIMEOUT_MS = 60_000;

/** Conversions at once: each holds a thread, a core and up to 4 bytes a pixel of WebAssembly memory. */
const AT_ONCE = 2;

/**
 * The worker's body (CommonJS, run with `eval`): reads the file, refuses a picture over the pixel
 * limit before decoding it, and posts the primary image's pixels back without copying them.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const decode = require(workerData.decoder);
(async () => {
  const images = await decode.all({ buffer: readFileSync(workerData.file) });
  try {
    const image = images[0];
    if (!image) throw new Error('no image in the file');
    if (image.width * image.height > workerData.maxPixels) {
      throw new Error('the picture is ' + image.width + ' x ' + image.height + ', over the pixel limit');
    }
    const { width, height, data } = await image.decode();
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ width, height, data: pixels }, [pixels.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

const decoderPath = createRequire(import.meta.url).resolve('heic-decode');

const oneAtATime = concurrencyLimit(AT_ONCE);

/**
 * The pixels of the HEIC file at `path` (its primary image, turned as its `irot`/`imir` boxes say:
 * libheif applies them), decoded in a thread of its own. Throws `HeicDecodeError` when the file
 * cannot be decoded, its picture has more than `maxPixels`, or the decode takes over a minute.
 */
export function decodeHeic(path: string, maxPixels: number): Promise<DecodedPixels> {
  return oneAtATime(
    () =>
      new Promise<DecodedPixels>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { decoder: decoderPath, file: path, maxPixels },
          // libheif prints why a file does not parse; the error posted back already carries it.
          stdout: true,
          stderr: true,
        });
        worker.stdout.resume();
        worker.stderr.resume();
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          outcome();
        };
        const timer = setTimeout(
          () => settle(() => reject(new HeicDecodeError('decoding the HEIC took too long'))),
          DECODE_TIMEOUT_MS,
        );
        worker.once(
          'message',
          (message: { error: string } | { width: number; height: number; data: Uint8Array }) =>
            settle(() =>
              'error' in message
                ? reject(new HeicDecodeError(`the HEIC could not be decoded: ${message.error}`))
                : resolve(message),
            ),
        );
        worker.once('error', (error) =>
          settle(() => reject(new HeicDecodeError(`the HEIC could not be decoded: ${error.message}`))),
        );
        worker.once('exit', () =>
          settle(() => reject(new HeicDecodeError('the HEIC decoder stopped without an answer'))),
        );
      }),
  );
}
