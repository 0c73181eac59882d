/**
 * Trade-in photos (`locations-forms-tradein-site.md` §5 "Images: each file under 10MB; at most 10;
 * JPEG, JPG, PNG, GIF and HEIC"; issue 16 item 3): what a file is, judged by its content (its magic
 * bytes), never by its name or declared type; and its metadata — a phone photo's GPS position, its
 * camera, its time — stripped from JPEG and PNG before it is stored.
 */

/** An accepted image kind. */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'heic';

/** The content type stored for each kind. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heic: 'image/heic',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** What an upload is by its first bytes, or null when it is none of the accepted images. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  // HEIC: an ISO BMFF `ftyp` box whose brand is one of HEIF's.
  if (
    ascii(bytes, 4, 8) === 'ftyp' &&
    /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(bytes, 8, 12))
  ) {
    return 'heic';
  }
  return null;
}

/** JPEG segments that carry metadata: APP1 (EXIF with GPS, XMP) … APP15, and comments. */
const isMetadataSegment = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;

/**
 * A JPEG without its metadata segments — APP1–APP15 (EXIF with the GPS position, XMP, the ICC
 * profile: colours fall back to sRGB) and comments. The image data is untouched. Throws on a file
 * that is not a well-formed JPEG.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('not a well-formed JPEG');
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xda) {
      // Start of scan: the compressed image follows to the end.
      parts.push(bytes.subarray(at));
      return concat(parts);
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > bytes.length) throw new Error('not a well-formed JPEG');
    if (!isMetadataSegment(marker)) parts.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  throw new Error('not a well-formed JPEG');
}

/** PNG chunks that carry metadata: text, EXIF, time. */
const PNG_METADATA = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME']);

/** A PNG without its text, EXIF and time chunks. Throws on a file that is not a well-formed PNG. */
export function stripPngMetadata(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length =
      ((bytes[at] ?? 0) << 24) |
      ((bytes[at + 1] ?? 0) << 16) |
      ((bytes[at + 2] ?? 0) << 8) |
      (bytes[at + 3] ?? 0);
    const type = ascii(bytes, at + 4, at + 8);
    const end = at + 12 + (length >>> 0);
    if (end > bytes.length) throw new Error('not a well-formed PNG');
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return concat(parts);
  }
  throw new Error('not a well-formed PNG');
}

/** An image ready to store: metadata stripped where the format allows it (GIF carries none of note; HEIC is kept as sent). */
export function cleanImage(bytes: Uint8Array, kind: ImageKind): Uint8Array {
  if (kind === 'jpeg') return stripJpegMetadata(bytes);
  if (kind === 'png') return stripPngMetadata(bytes);
  return bytes;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
