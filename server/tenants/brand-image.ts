/**
 * What a dealer's raster brand file is, judged by its bytes and never its name (issue 35 item 5), and
 * its size in pixels where the header needs it (a PNG or WebP logo keeps its space before it loads).
 */

/** A raster format a brand file may be. */
export type RasterFormat = 'png' | 'webp' | 'jpeg' | 'ico';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Buffer, from: number, to: number) => bytes.toString('latin1', from, to);

/** The raster format of a file by its first bytes, or null when it is none of them. */
export function sniffRaster(bytes: Buffer): RasterFormat | null {
  if (bytes.length < 16) return null;
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // An icon directory: reserved 0, type 1 (icon), at least one image.
  if (bytes.readUInt16LE(0) === 0 && bytes.readUInt16LE(2) === 1 && bytes.readUInt16LE(4) > 0) return 'ico';
  return null;
}

/** A PNG's or WebP's width and height from its header; null for other formats or a header cut short. */
export function rasterSize(bytes: Buffer, format: RasterFormat): { width: number; height: number } | null {
  if (format === 'png' && bytes.length >= 24 && ascii(bytes, 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (format !== 'webp' || bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ') {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}
