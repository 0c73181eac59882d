import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanImage,
  ImageFormatError,
  type ImageKind,
  metadataStripper,
  sniffImage,
} from '../../../server/media/image-metadata.ts';
import {
  exifWithGps,
  GIF_PIXELS,
  gifFile,
  heifItems,
  imageFixture,
  isoBoxes,
  jpegSegment,
  jpegWithMetadata,
  PNG_PIXELS,
  pngCrc,
  pngFile,
  SECRETS,
  withMdatFirst,
  XMP_PACKET,
} from '../../fixtures/images.ts';

/**
 * Issue 31 item 7: a stored photo keeps none of its metadata — no GPS position, camera, time, XMP or
 * comment — in any accepted format (`locations-forms-tradein-site.md` §5: JPEG, PNG, GIF, HEIC),
 * and stays the same picture. Each format is read here as a metadata reader (exiftool) reads it.
 */

/** The metadata blocks a reader finds in a file, named; empty when there is none. */
function metadataFound(bytes: Buffer, kind: ImageKind): string[] {
  const found: string[] = [];
  if (kind === 'jpeg') {
    let at = 2;
    while (at + 4 <= bytes.length) {
      const marker = bytes[at + 1] ?? 0;
      if (marker === 0xda) {
        const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), at);
        if (end >= 0 && end + 2 < bytes.length) found.push('data after the end of the image');
        break;
      }
      const length = bytes.readUInt16BE(at + 2);
      const id = bytes.toString('latin1', at + 4, at + 4 + Math.min(length - 2, 12));
      const drawing =
        (marker === 0xe0 && id.startsWith('JFIF')) ||
        (marker === 0xe2 && id.startsWith('ICC_PROFILE')) ||
        (marker === 0xee && id.startsWith('Adobe'));
      if (((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) && !drawing) {
        found.push(`${marker === 0xfe ? 'COM' : `APP${marker - 0xe0}`} ${JSON.stringify(id)}`);
      }
      at += 2 + length;
    }
  } else if (kind === 'png') {
    let at = 8;
    while (at + 12 <= bytes.length) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      if (['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'prVt'].includes(type)) found.push(type);
      at += 12 + length;
      if (type === 'IEND' && at < bytes.length) found.push('data after IEND');
    }
  } else if (kind === 'gif') {
    const flags = bytes[10] ?? 0;
    let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
    const skipSubBlocks = () => {
      while ((bytes[at] ?? 0) !== 0) at += 1 + (bytes[at] ?? 0);
      at += 1;
    };
    while (at < bytes.length) {
      const introducer = bytes[at];
      if (introducer === 0x3b) {
        if (at + 1 < bytes.length) found.push('data after the trailer');
        break;
      }
      if (introducer === 0x2c) {
        const local = bytes[at + 9] ?? 0;
        at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1;
        skipSubBlocks();
        continue;
      }
      const label = bytes[at + 1];
      at += 2;
      if (label === 0xfe) found.push('comment');
      if (label === 0x01) found.push('plain text');
      if (label === 0xff) {
        const application = bytes.toString('latin1', at + 1, at + 12);
        if (application !== 'NETSCAPE2.0') found.push(`application ${application}`);
      }
      skipSubBlocks();
    }
  } else {
    for (const item of heifItems(bytes)) {
      if (!['hvc1', 'grid'].includes(item.type)) found.push(`item ${item.type} ${item.contentType ?? ''}`);
    }
    for (const box of isoBoxes(bytes)) {
      if (!['ftyp', 'meta', 'mdat', 'free'].includes(box.type)) found.push(`box ${box.type}`);
    }
  }
  for (const secret of SECRETS) if (bytes.includes(secret)) found.push(JSON.stringify(secret));
  return found;
}

const clean = (file: Buffer) => Buffer.from(cleanImage(file, sniffImage(file) ?? 'jpeg'));

/** A GIF's first image decoded (LZW), as palette indexes. */
function gifPixels(bytes: Buffer): number[] {
  let at = 13 + ((bytes[10] ?? 0) & 0x80 ? 3 * 2 ** (((bytes[10] ?? 0) & 7) + 1) : 0);
  while (bytes[at] === 0x21) {
    at += 2;
    while ((bytes[at] ?? 0) !== 0) at += 1 + (bytes[at] ?? 0);
    at += 1;
  }
  if (bytes[at] !== 0x2c) throw new Error('no image');
  at += 10;
  const minimum = bytes[at++] ?? 2;
  const data: number[] = [];
  while ((bytes[at] ?? 0) !== 0) {
    const size = bytes[at] ?? 0;
    data.push(...bytes.subarray(at + 1, at + 1 + size));
    at += 1 + size;
  }
  const clear = 1 << minimum;
  let table: number[][] = [];
  let width = minimum + 1;
  let previous: number[] | null = null;
  const pixels: number[] = [];
  for (let bit = 0; bit + width <= data.length * 8; ) {
    let code = 0;
    for (let i = 0; i < width; i++, bit++) code |= (((data[bit >> 3] ?? 0) >> (bit & 7)) & 1) << i;
    if (code === clear) {
      table = Array.from({ length: clear + 2 }, (_, i) => [i]);
      width = minimum + 1;
      previous = null;
      continue;
    }
    if (code === clear + 1) break;
    const entry: number[] | null = table[code] ?? (previous ? [...previous, previous[0] ?? 0] : null);
    if (!entry) throw new Error('bad LZW code');
    pixels.push(...entry);
    if (previous) table.push([...previous, entry[0] ?? 0]);
    if (table.length === 1 << width && width < 12) width += 1;
    previous = entry;
  }
  return pixels;
}

describe('JPEG: EXIF, XMP, IPTC, MPF, comments and a trailing image leave; the picture stays', () => {
  const photo = imageFixture('photo.jpg');

  it.each([
    ['written by exiftool', imageFixture('gps-exiftool.jpg')],
    ['with every kind of block built in', jpegWithMetadata(photo)],
  ])('%s', (_, file) => {
    expect(metadataFound(file, 'jpeg')).toContain('"12 Home St"');
    const cleaned = clean(file);
    expect(metadataFound(cleaned, 'jpeg')).toEqual([]);
    // The same picture: every segment that draws it, byte for byte.
    expect(cleaned.equals(photo)).toBe(true);
  });

  it('the colour profile and the Adobe colour transform stay: they say how to draw the pixels', () => {
    const jfifEnd = 4 + photo.readUInt16BE(4);
    const drawing = Buffer.concat([
      jpegSegment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01'), Buffer.alloc(40, 7)])),
      jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1')),
    ]);
    const file = Buffer.concat([photo.subarray(0, jfifEnd), drawing, photo.subarray(jfifEnd)]);
    expect(clean(file).equals(file)).toBe(true);
  });
});

describe('PNG: text, XMP, EXIF, time and private chunks leave; the picture stays', () => {
  it.each([
    ['written by exiftool', imageFixture('gps-exiftool.png')],
    ['with every kind of chunk built in', pngFile(true)],
  ])('%s', (_, file) => {
    expect(metadataFound(file, 'png').length).toBeGreaterThan(2);
    const cleaned = clean(file);
    expect(metadataFound(cleaned, 'png')).toEqual([]);
    expect(cleaned.equals(pngFile(false))).toBe(true);
    // A valid PNG of the same pixels: every chunk's CRC holds, the image data inflates to them.
    const idat: Buffer[] = [];
    for (let at = 8; at < cleaned.length; ) {
      const length = cleaned.readUInt32BE(at);
      expect(cleaned.readUInt32BE(at + 8 + length)).toBe(pngCrc(cleaned.subarray(at + 4, at + 8 + length)));
      if (cleaned.toString('latin1', at + 4, at + 8) === 'IDAT')
        idat.push(cleaned.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    expect(inflateSync(Buffer.concat(idat)).equals(PNG_PIXELS)).toBe(true);
    expect(cleaned.includes('gAMA')).toBe(true);
  });
});

describe('GIF: comments, XMP, plain text and other applications’ blocks leave; the animation stays', () => {
  it.each([
    ['written by exiftool', imageFixture('gps-exiftool.gif')],
    ['with every kind of block built in', gifFile(true)],
  ])('%s', (_, file) => {
    expect(metadataFound(file, 'gif')).toContain('"Sam Shopper"');
    const cleaned = clean(file);
    expect(metadataFound(cleaned, 'gif')).toEqual([]);
    expect(cleaned.equals(gifFile(false))).toBe(true);
    expect(gifPixels(cleaned)).toEqual(GIF_PIXELS);
    expect(cleaned.includes('NETSCAPE2.0')).toBe(true);
  });
});

describe('HEIC: the EXIF and XMP items and any metadata box leave; every picture item stays', () => {
  /** The items a picture needs, as read from the file: the same ids, types and bytes. */
  const pictures = (bytes: Buffer) =>
    heifItems(bytes)
      .filter((item) => ['hvc1', 'grid'].includes(item.type))
      .map((item) => ({ id: item.id, type: item.type, data: item.data.toString('hex') }));
  /** The boxes a decoder reads besides the items: the handler, the primary item, the properties. */
  const drawingBoxes = (bytes: Buffer) => {
    const meta = isoBoxes(bytes).find((box) => box.type === 'meta');
    return isoBoxes(bytes, (meta?.payload ?? 0) + 4, meta?.end)
      .filter((box) => ['hdlr', 'pitm', 'iprp'].includes(box.type))
      .map((box) => bytes.subarray(box.start, box.end).toString('hex'));
  };
  const uuidXmp = Buffer.concat([
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('uuid'),
    Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'),
    Buffer.from(XMP_PACKET),
  ]);
  uuidXmp.writeUInt32BE(uuidXmp.length, 0);

  it.each([
    ['written by exiftool (EXIF and XMP items in mdat)', imageFixture('gps-exiftool.heic')],
    ['written by libheif (with a thumbnail)', imageFixture('gps-libheif.heic')],
    ['laid out mdat first', withMdatFirst(imageFixture('gps-exiftool.heic'))],
    ['with XMP in a top-level uuid box too', Buffer.concat([imageFixture('gps-exiftool.heic'), uuidXmp])],
  ])('%s', (_, file) => {
    expect(metadataFound(file, 'heic')).toEqual(
      expect.arrayContaining(['item Exif ', 'item mime application/rdf+xml', '"12 Home St"']),
    );
    const cleaned = clean(file);
    expect(metadataFound(cleaned, 'heic')).toEqual([]);
    // The same picture: nothing moved, every picture item's bytes and properties as they were.
    expect(cleaned.length).toBe(file.length);
    expect(pictures(cleaned)).toEqual(pictures(file));
    expect(pictures(cleaned).length).toBeGreaterThan(0);
    expect(drawingBoxes(cleaned)).toEqual(drawingBoxes(file));
  });

  it('a photo without metadata is stored as it was', () => {
    const photo = imageFixture('photo.heic');
    expect(clean(photo).equals(photo)).toBe(true);
  });
});

describe('the stripper streams', () => {
  const files: [string, Buffer][] = [
    ['jpeg', jpegWithMetadata(imageFixture('photo.jpg'))],
    ['png', pngFile(true)],
    ['gif', gifFile(true)],
    ['heic', imageFixture('gps-libheif.heic')],
    ['heic mdat first', withMdatFirst(imageFixture('gps-exiftool.heic'))],
  ];

  it.each(files)('%s: any split into chunks gives the same file as the whole', (_, file) => {
    const whole = clean(file);
    const kind = sniffImage(file) as ImageKind;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: file.length }), { maxLength: 12 }), (cuts) => {
        const stripper = metadataStripper(kind);
        const out: Uint8Array[] = [];
        let at = 0;
        for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
          out.push(...stripper.write(file.subarray(at, cut)));
          at = cut;
        }
        out.push(...stripper.write(file.subarray(at)), ...stripper.end());
        expect(Buffer.concat(out).equals(whole)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it.each(files)(
    '%s: a file cut short or with bytes changed is refused as an image, never a crash',
    (_, file) => {
      const kind = sniffImage(file) as ImageKind;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: file.length - 1 }),
          fc.array(fc.tuple(fc.nat({ max: file.length - 1 }), fc.nat({ max: 255 })), { maxLength: 4 }),
          (length, changes) => {
            const broken = Buffer.from(file.subarray(0, Math.max(length, 1)));
            for (const [at, value] of changes) if (at < broken.length) broken[at] = value;
            try {
              cleanImage(broken, kind);
            } catch (error) {
              expect(error).toBeInstanceOf(ImageFormatError);
            }
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it('an EXIF block is read as GPS by a reader before, and is gone after', () => {
    const exif = exifWithGps();
    expect(exif.includes(Buffer.from([0x88, 0x25]))).toBe(true); // the GPS IFD pointer tag
    expect(clean(jpegWithMetadata(imageFixture('photo.jpg'))).includes(exif.subarray(6, 14))).toBe(false);
  });
});
