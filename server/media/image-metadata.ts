import { HeifStripper } from './heif-metadata.ts';
import { ImageFormatError, type MetadataStripper, StreamStripper } from './stripper.ts';

/**
 * Photos as shoppers send them (`locations-forms-tradein-site.md` §5 "Images: each file under 10MB;
 * at most 10; JPEG, JPG, PNG, GIF and HEIC"; issues 16 and 31): what a file is, judged by its content
 * (its magic bytes), never its name or declared type; and the file without its metadata — a phone
 * photo's GPS position, its camera, its time, XMP, comments — in every accepted format, removed as
 * the bytes stream past (decision 103). The image data is kept byte for byte. New uploads are
 * decoded and written anew by sharp instead (`server/media/photos/upload-master.ts`, decision 124);
 * the strippers still clean a photo the row store held before that sharp cannot decode.
 */

export { ImageFormatError } from './stripper.ts';

/** An accepted image kind. */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'heic';

/** The content type stored for each kind. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heic: 'image/heic',
};

/** The file extension a stored image gets. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageKind, string>> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  heic: 'heic',
};

/** How many bytes `sniffImage` reads. */
export const SNIFF_BYTES = 12;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** What an upload is by its first bytes, or null when it is none of the accepted images. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < SNIFF_BYTES) return null;
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

/**
 * JPEG: every segment before and between the scans is read; APP1–APP15 and comments (EXIF with the
 * GPS position, XMP, IPTC, MPF's index of further images, maker data) are dropped, except the two
 * that say how to draw the pixels — the ICC colour profile (APP2 `ICC_PROFILE`) and Adobe's colour
 * transform (APP14 `Adobe`) — and JFIF (APP0). Whatever follows the end of the image (a phone's
 * second image with its own EXIF) is dropped.
 */
class JpegStripper extends StreamStripper {
  private state: 'start' | 'marker' | 'scan' | 'done' = 'start';

  protected step(): boolean {
    const bytes = this.pending;
    switch (this.state) {
      case 'start':
        if (bytes.length < 2) return false;
        if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new ImageFormatError('not a JPEG');
        this.keep(2);
        this.state = 'marker';
        return true;
      case 'marker': {
        if (bytes.length < 2) return false;
        const marker = bytes[1] ?? 0;
        if (bytes[0] !== 0xff) throw new ImageFormatError('not a well-formed JPEG');
        if (marker === 0xff) {
          this.drop(1); // a fill byte
          return true;
        }
        if (marker === 0xd9) {
          this.keep(2);
          this.state = 'done';
          return true;
        }
        if (marker === 0x00 || marker === 0xd8) throw new ImageFormatError('not a well-formed JPEG');
        if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
          this.keep(2); // markers without a length
          return true;
        }
        if (bytes.length < 4) return false;
        const length = ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
        if (length < 2) throw new ImageFormatError('not a well-formed JPEG');
        const idLength = Math.min(length - 2, 12);
        if (bytes.length < 4 + idLength) return false;
        const id = ascii(bytes, 4, 4 + idLength);
        if (keepsJpegSegment(marker, id)) this.copy(2 + length);
        else this.skip(2 + length);
        if (marker === 0xda) this.state = 'scan';
        return true;
      }
      case 'scan': {
        // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker;
        // anything else is the next segment (another scan's tables, or the end of the image).
        let from = 0;
        for (;;) {
          const at = bytes.indexOf(0xff, from);
          if (at < 0 || at === bytes.length - 1) {
            const upTo = at < 0 ? bytes.length : at;
            if (upTo > 0) this.keep(upTo);
            return false;
          }
          const next = bytes[at + 1] ?? 0;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            from = at + 2;
            continue;
          }
          if (at > 0) this.keep(at);
          this.state = 'marker';
          return true;
        }
      }
      case 'done':
        if (bytes.length > 0) this.drop(bytes.length);
        return false;
    }
  }

  protected finish(): void {
    // A file cut off in its image data is kept as sent (browsers draw what there is).
    if (this.state === 'scan') this.keep(this.pending.length);
    else if (this.state !== 'done') throw new ImageFormatError('a JPEG cut short');
  }
}

/** The APPn segments that say how to draw the pixels, by marker and identifier. */
function keepsJpegSegment(marker: number, id: string): boolean {
  if (marker === 0xe0) return id.startsWith('JFIF\0');
  if (marker === 0xe2) return id.startsWith('ICC_PROFILE\0');
  if (marker === 0xee) return id.startsWith('Adobe');
  return !(marker >= 0xe1 && marker <= 0xef) && marker !== 0xfe;
}

/**
 * The PNG chunks kept besides the critical ones: those that say how to draw the pixels (colour,
 * gamma, transparency, pixel size, animation). Every other ancillary chunk is dropped — text (`tEXt`,
 * `zTXt`, `iTXt`: XMP, comments), `eXIf`, `tIME` and any private chunk.
 */
const PNG_RENDERING_CHUNKS = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'sPLT',
  'hIST',
  'cICP',
  'mDCv',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** PNG: chunk by chunk; nothing after `IEND` is kept. */
class PngStripper extends StreamStripper {
  private state: 'signature' | 'chunk' | 'done' = 'signature';

  protected step(): boolean {
    const bytes = this.pending;
    if (this.state === 'signature') {
      if (bytes.length < 8) return false;
      if (!startsWith(bytes, PNG_SIGNATURE)) throw new ImageFormatError('not a PNG');
      this.keep(8);
      this.state = 'chunk';
      return true;
    }
    if (this.state === 'done') {
      if (bytes.length > 0) this.drop(bytes.length);
      return false;
    }
    if (bytes.length < 8) return false;
    const length = bytes.readUInt32BE(0);
    const type = ascii(bytes, 4, 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type))
      throw new ImageFormatError('not a well-formed PNG');
    // Critical chunks (an upper-case first letter) are image data; ancillary ones only if they draw it.
    const critical = type.charCodeAt(0) < 0x61;
    if (critical || PNG_RENDERING_CHUNKS.has(type)) this.copy(12 + length);
    else this.skip(12 + length);
    if (type === 'IEND') this.state = 'done';
    return true;
  }

  protected finish(): void {
    if (this.state !== 'done') throw new ImageFormatError('a PNG cut short');
  }
}

/**
 * GIF: block by block; comments, plain text and application extensions other than the animation
 * loop (`NETSCAPE2.0`, `ANIMEXTS1.0`) — XMP (`XMP DataXMP`) among them — are dropped, and whatever
 * follows the trailer.
 */
class GifStripper extends StreamStripper {
  private state: 'header' | 'block' | 'subBlocks' | 'done' = 'header';
  private keepingSubBlocks = true;

  protected step(): boolean {
    const bytes = this.pending;
    switch (this.state) {
      case 'header': {
        if (bytes.length < 13) return false;
        if (!/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) throw new ImageFormatError('not a GIF');
        const flags = bytes[10] ?? 0;
        this.copy(13 + colourTableSize(flags));
        this.state = 'block';
        return true;
      }
      case 'block': {
        if (bytes.length < 1) return false;
        const introducer = bytes[0];
        if (introducer === 0x3b) {
          this.keep(1);
          this.state = 'done';
          return true;
        }
        if (introducer === 0x2c) {
          // Image descriptor, its local colour table and the LZW code size, then the image data.
          if (bytes.length < 10) return false;
          this.copy(10 + colourTableSize(bytes[9] ?? 0) + 1);
          this.subBlocks(true);
          return true;
        }
        if (introducer !== 0x21) throw new ImageFormatError('not a well-formed GIF');
        if (bytes.length < 2) return false;
        const label = bytes[1];
        if (label === 0xf9) {
          this.keep(2); // graphic control: frame timing and transparency
          this.subBlocks(true);
          return true;
        }
        if (label === 0xff) {
          // Application extension: its first sub-block names the application.
          if (bytes.length < 3) return false;
          const idLength = bytes[2] ?? 0;
          if (bytes.length < 3 + idLength) return false;
          const keep = /^(NETSCAPE2\.0|ANIMEXTS1\.0)$/.test(ascii(bytes, 3, 3 + idLength));
          if (keep) this.copy(3 + idLength);
          else this.skip(3 + idLength);
          this.subBlocks(keep);
          return true;
        }
        this.drop(2); // comment, plain text, anything else
        this.subBlocks(false);
        return true;
      }
      case 'subBlocks': {
        if (bytes.length < 1) return false;
        const size = bytes[0] ?? 0;
        if (this.keepingSubBlocks) this.copy(1 + size);
        else this.skip(1 + size);
        if (size === 0) this.state = 'block';
        return true;
      }
      case 'done':
        if (bytes.length > 0) this.drop(bytes.length);
        return false;
    }
  }

  private subBlocks(keep: boolean): void {
    this.keepingSubBlocks = keep;
    this.state = 'subBlocks';
  }

  protected finish(): void {
    if (this.state === 'block')
      this.emit(Buffer.from([0x3b])); // a missing trailer, as browsers read it
    else if (this.state !== 'done') throw new ImageFormatError('a GIF cut short');
  }
}

/** The bytes of a colour table its flags byte announces (none without its high bit). */
const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** A stripper for a kind of image, fed its bytes in order. */
export function metadataStripper(kind: ImageKind): MetadataStripper {
  switch (kind) {
    case 'jpeg':
      return new JpegStripper();
    case 'png':
      return new PngStripper();
    case 'gif':
      return new GifStripper();
    case 'heic':
      return new HeifStripper();
  }
}

/** An image without its metadata, from its whole bytes. Throws `ImageFormatError` on a malformed file. */
export function cleanImage(bytes: Uint8Array, kind: ImageKind): Uint8Array {
  const stripper = metadataStripper(kind);
  return Buffer.concat([...stripper.write(bytes), ...stripper.end()]);
}
