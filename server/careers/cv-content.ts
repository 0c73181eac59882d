import type { CvKind } from '../../domain/careers-cv-rules.ts';

/**
 * What a CV is, judged by its bytes alone (issue 37 item 9): a PDF starts `%PDF-`; a Word document
 * (.docx) is a ZIP whose central directory lists `word/document.xml` and `[Content_Types].xml`; a
 * legacy Word document (.doc) is an OLE2 compound file (`D0 CF 11 E0 A1 B1 1A E1`, its byte-order mark
 * and a sector size it may have). Nothing is inflated: only the ZIP's end record and central
 * directory are read (a ZIP bomb costs its directory, no more), and a directory that points outside
 * the file, claims ZIP64 sizes, or lists more entries than a CV has is refused. The file's name and
 * declared type are never read.
 */

/** Reads `length` bytes at `offset` (fewer at the end), from a file or a buffer. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A buffer as a byte source (tests; small files). */
export function bufferSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

const PDF = Buffer.from('%PDF-');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
/** The end record's fixed part; a comment of up to 65,535 bytes may follow it. */
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** A Word document has a few dozen parts; a directory listing more is not one. */
const MAX_ENTRIES = 1000;
/** Nor is one whose directory is larger than this. */
const MAX_DIRECTORY = 256 * 1024;
const WORD_PARTS = ['word/document.xml', '[Content_Types].xml'];

const startsWith = (head: Uint8Array, magic: Buffer) =>
  head.length >= magic.length && Buffer.from(head.subarray(0, magic.length)).equals(magic);

/** The CV's kind, or null when its bytes are none of a PDF, a .docx or a .doc. */
export async function sniffCv(source: ByteSource): Promise<CvKind | null> {
  if (source.size < 8) return null;
  const head = Buffer.from(await source.read(0, 32));
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, OLE2)) return isCompoundFile(head) && source.size >= 1024 ? 'doc' : null;
  if (head.readUInt32LE(0) === ZIP_LOCAL) return (await isWordZip(source)) ? 'docx' : null;
  return null;
}

/** OLE2's header: little-endian byte order (FFFE), major version 3 or 4 with its sector size. */
function isCompoundFile(head: Buffer): boolean {
  if (head.length < 32) return false;
  const major = head.readUInt16LE(26);
  const byteOrder = head.readUInt16LE(28);
  const sectorShift = head.readUInt16LE(30);
  return byteOrder === 0xfffe && ((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12));
}

/** A ZIP whose central directory, read without inflating anything, lists a Word document's parts. */
async function isWordZip(source: ByteSource): Promise<boolean> {
  const tailLength = Math.min(source.size, END_SIZE + MAX_COMMENT);
  const tailStart = source.size - tailLength;
  const tail = Buffer.from(await source.read(tailStart, tailLength));
  let end = -1;
  for (let at = tail.length - END_SIZE; at >= 0; at--) {
    if (tail.readUInt32LE(at) === ZIP_END && at + END_SIZE + tail.readUInt16LE(at + 20) === tail.length) {
      end = at;
      break;
    }
  }
  if (end < 0) return false;
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // Split archives and ZIP64 markers (0xFFFF…) are not how a word processor saves a CV.
  if (tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0) return false;
  if (entries === 0 || entries > MAX_ENTRIES || directorySize > MAX_DIRECTORY) return false;
  if (directoryOffset + directorySize > tailStart + end) return false;
  const directory = Buffer.from(await source.read(directoryOffset, directorySize));
  if (directory.length !== directorySize) return false;
  const names = new Set<string>();
  let at = 0;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== ZIP_CENTRAL) return false;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    if (localOffset >= directoryOffset) return false;
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > directory.length) return false;
    names.add(directory.subarray(at + 46, nameEnd).toString('latin1'));
    at = nameEnd + extraLength + commentLength;
  }
  return WORD_PARTS.every((part) => names.has(part));
}
