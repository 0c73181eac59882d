import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A kept page compressed once, though every answer carries its own CSP nonce (decision 090).
 * DEFLATE is a series of blocks; each segment of the document is compressed on its own and ended with
 * a sync flush (byte-aligned, not final, no reference across it), so the compressed segments and a
 * compressed nonce can be laid side by side and closed with one empty final block. The gzip frame
 * around them takes the CRC-32 and length of the whole text. Per answer this costs compressing the
 * nonce (22 characters) and a CRC over the text, instead of compressing the page.
 */
export interface PrecompressedPage {
  /** The document's segments as UTF-8, and each one compressed. */
  readonly text: readonly Buffer[];
  readonly deflated: readonly Buffer[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty fixed-Huffman block with BFINAL set: the end of the DEFLATE stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * zlib's default level, not its best: every page nobody asked for yet is compressed as it is kept,
 * and level 9 took twice the time for 0.3 % fewer bytes on a car page (issue 38 item 2).
 */
const LEVEL = constants.Z_DEFAULT_COMPRESSION;

// An empty input would come back as a final block, ending the stream early: it adds nothing anyway.
const flushed = (text: Buffer) =>
  text.length === 0
    ? Buffer.alloc(0)
    : deflateRawSync(text, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH });

export function precompress(segments: readonly string[]): PrecompressedPage {
  const text = segments.map((segment) => Buffer.from(segment, 'utf8'));
  return { text, deflated: text.map(flushed) };
}

/** The gzip body of the page with `nonce` in every slot between its segments. */
export function gzipWithNonce(page: PrecompressedPage, nonce: string): Buffer {
  const nonceText = Buffer.from(nonce, 'utf8');
  const nonceDeflated = flushed(nonceText);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.text.forEach((text, index) => {
    if (index > 0) {
      parts.push(nonceDeflated);
      crc = crc32(nonceText, crc);
      length += nonceText.length;
    }
    parts.push(page.deflated[index] as Buffer);
    crc = crc32(text, crc);
    length += text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** Whether the request's `Accept-Encoding` takes gzip (named, or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard;
}
