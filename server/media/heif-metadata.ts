import { ImageFormatError, StreamStripper } from './stripper.ts';

/**
 * HEIC/HEIF without its metadata (issue 31 item 7: an iPhone photo's GPS position). A HEIF file is
 * ISO BMFF boxes whose image data is found by absolute file offsets (`iloc`), so nothing may move:
 * every change keeps each byte where it was (decision 103).
 *
 * - In the file's `meta` box, the metadata items — `Exif` (GPS, camera, time), `mime` (XMP), `uri ` —
 *   leave the item list (`iinf`), their locations (`iloc`) and the item references (`iref`); each
 *   shortened box is followed by a `free` box of the bytes it lost. Their data, in `mdat` or in
 *   `meta`'s own `idat`, is zeroed.
 * - A `moov` (an image sequence) has its `udta`, `meta` and `uuid` boxes turned into zeroed `free`.
 * - Any other top-level box but `ftyp`, `meta`, `moov` and `mdat` (XMP in a `uuid` box, C2PA, maker
 *   data) becomes a zeroed `free` box; `free` and `skip` boxes are zeroed.
 *
 * Bytes stream through once the `meta` box is read; those before it (a file whose `mdat` comes
 * first) are held until then.
 */

/** Item types that are metadata, not pictures. */
const METADATA_ITEMS = new Set(['Exif', 'mime', 'uri ']);
/** Boxes of a `moov` whose children are looked at. */
const MOVIE_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'dinf', 'edts', 'mvex']);
/** Boxes of a `moov` that hold metadata. */
const MOVIE_METADATA = new Set(['udta', 'meta', 'uuid']);

const fail = (why: string): never => {
  throw new ImageFormatError(`not a well-formed HEIF file: ${why}`);
};

interface Box {
  type: string;
  /** Offsets in the buffer read: the box's start, its payload's start, its end. */
  start: number;
  payload: number;
  end: number;
}

/** The box at `at` in `bytes` (a box of size 0 runs to `limit`). */
function boxAt(bytes: Buffer, at: number, limit: number): Box {
  if (at + 8 > limit) fail('a box header is cut short');
  const size32 = bytes.readUInt32BE(at);
  const type = bytes.toString('latin1', at + 4, at + 8);
  let size = size32;
  let header = 8;
  if (size32 === 1) {
    if (at + 16 > limit) fail('a box header is cut short');
    size = Number(bytes.readBigUInt64BE(at + 8));
    header = 16;
  } else if (size32 === 0) {
    size = limit - at;
  }
  if (size < header || at + size > limit) fail(`box ${JSON.stringify(type)} does not fit`);
  return { type, start: at, payload: at + header, end: at + size };
}

/** The boxes in `bytes` from `from` to `to`. */
function childBoxes(bytes: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at < to; ) {
    const box = boxAt(bytes, at, to);
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}

/** A big-endian unsigned number of `size` bytes (0, 2, 4 or 8). */
function readUint(bytes: Buffer, at: number, size: number, end: number): number {
  if (at + size > end) fail('a field is cut short');
  if (size === 0) return 0;
  if (size === 2) return bytes.readUInt16BE(at);
  if (size === 4) return bytes.readUInt32BE(at);
  if (size === 8) return Number(bytes.readBigUInt64BE(at));
  return fail(`a field of ${size} bytes`);
}

/** A `free` box of `size` bytes (at least 8), zeroed. */
function freeBox(size: number): Buffer {
  if (size === 0) return Buffer.alloc(0);
  if (size < 8) fail('no room for a free box');
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('free', 4, 'latin1');
  return box;
}

/** A box with a 32-bit header around `payload`. */
function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** Turns `target` in `bytes` into a zeroed `free` box of the same size (its header stays 8 or 16 bytes). */
function neutralise(bytes: Buffer, target: Box): void {
  bytes.write('free', target.start + 4, 'latin1');
  bytes.fill(0, target.payload, target.end);
}

/** The item ids of `iinf` to remove, and the `iinf` box without their entries. */
function rewriteItemInfo(meta: Buffer, iinf: Box): { removed: Set<number>; box: Buffer } {
  const version = meta[iinf.payload] ?? 0;
  const countSize = version === 0 ? 2 : 4;
  const entriesAt = iinf.payload + 4 + countSize;
  const removed = new Set<number>();
  const kept: Buffer[] = [];
  for (const infe of childBoxes(meta, entriesAt, iinf.end)) {
    if (infe.type !== 'infe') {
      kept.push(meta.subarray(infe.start, infe.end));
      continue;
    }
    const infeVersion = meta[infe.payload] ?? 0;
    const at = infe.payload + 4;
    const id = readUint(meta, at, infeVersion === 3 ? 4 : 2, infe.end);
    // Versions 0 and 1 carry no item type: they describe files by content type, as `mime` does.
    const type =
      infeVersion >= 2
        ? meta.toString('latin1', at + (infeVersion === 3 ? 6 : 4), at + (infeVersion === 3 ? 10 : 8))
        : 'mime';
    if (METADATA_ITEMS.has(type)) removed.add(id);
    else kept.push(meta.subarray(infe.start, infe.end));
  }
  const head = Buffer.from(meta.subarray(iinf.payload, entriesAt));
  if (countSize === 2) head.writeUInt16BE(kept.length, 4);
  else head.writeUInt32BE(kept.length, 4);
  return { removed, box: box('iinf', Buffer.concat([head, ...kept])) };
}

/** `iref` without references from or to a removed item. */
function rewriteReferences(meta: Buffer, iref: Box, removed: Set<number>): Buffer {
  const version = meta[iref.payload] ?? 0;
  const idSize = version === 0 ? 2 : 4;
  const kept: Buffer[] = [Buffer.from(meta.subarray(iref.payload, iref.payload + 4))];
  for (const reference of childBoxes(meta, iref.payload + 4, iref.end)) {
    const from = readUint(meta, reference.payload, idSize, reference.end);
    if (removed.has(from)) continue;
    const count = readUint(meta, reference.payload + idSize, 2, reference.end);
    const to: number[] = [];
    for (let index = 0; index < count; index++) {
      const id = readUint(meta, reference.payload + idSize + 2 + index * idSize, idSize, reference.end);
      if (!removed.has(id)) to.push(id);
    }
    if (to.length === 0) continue;
    const payload = Buffer.alloc(idSize + 2 + to.length * idSize);
    const write = (value: number, at: number) =>
      idSize === 2 ? payload.writeUInt16BE(value, at) : payload.writeUInt32BE(value, at);
    write(from, 0);
    payload.writeUInt16BE(to.length, idSize);
    for (const [index, id] of to.entries()) write(id, idSize + 2 + index * idSize);
    kept.push(box(reference.type, payload));
  }
  return box('iref', Buffer.concat(kept));
}

/**
 * `iloc` without the removed items' entries, and where their data lies as absolute file ranges: in
 * the file (construction method 0) or in `idat` (method 1). Method 2 points into another item, which
 * is either kept or removed itself.
 */
function rewriteLocations(
  meta: Buffer,
  metaAt: number,
  iloc: Box,
  idat: Box | undefined,
  removed: Set<number>,
): { box: Buffer; ranges: [number, number][] } {
  const end = iloc.end;
  const version = meta[iloc.payload] ?? 0;
  if (version > 2) fail('an item location box of an unknown version');
  const idSize = version < 2 ? 2 : 4;
  let at = iloc.payload + 4;
  const sizes = readUint(meta, at, 2, end);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version >= 1 ? sizes & 0xf : 0;
  at += 2;
  const countAt = at;
  const itemCount = readUint(meta, at, idSize, end);
  at += idSize;
  const head = Buffer.from(meta.subarray(iloc.payload, at));
  const kept: Buffer[] = [];
  const ranges: [number, number][] = [];
  for (let item = 0; item < itemCount; item++) {
    const entryAt = at;
    const id = readUint(meta, at, idSize, end);
    at += idSize;
    const method = version >= 1 ? readUint(meta, at, 2, end) & 0xf : 0;
    if (version >= 1) at += 2;
    const dataReference = readUint(meta, at, 2, end);
    at += 2;
    const baseOffset = readUint(meta, at, baseOffsetSize, end);
    at += baseOffsetSize;
    const extentCount = readUint(meta, at, 2, end);
    at += 2;
    for (let extent = 0; extent < extentCount; extent++) {
      at += indexSize;
      const offset = readUint(meta, at, offsetSize, end);
      at += offsetSize;
      const length = readUint(meta, at, lengthSize, end);
      at += lengthSize;
      if (!removed.has(id) || dataReference !== 0 || method === 2) continue;
      if (length === 0) fail('a metadata item of unstated length');
      if (method === 0) ranges.push([baseOffset + offset, baseOffset + offset + length]);
      else if (method === 1 && idat) {
        const start = metaAt + idat.payload + baseOffset + offset;
        ranges.push([start, start + length]);
      }
    }
    if (at > end) fail('an item location is cut short');
    if (!removed.has(id)) kept.push(meta.subarray(entryAt, at));
  }
  if (idSize === 2) head.writeUInt16BE(kept.length, countAt - iloc.payload);
  else head.writeUInt32BE(kept.length, countAt - iloc.payload);
  return { box: box('iloc', Buffer.concat([head, ...kept])), ranges };
}

/** The file's `meta` box without its metadata items (same size), and where their data lies. */
function rewriteMeta(original: Buffer, metaAt: number): { bytes: Buffer; ranges: [number, number][] } {
  const meta = boxAt(original, 0, original.length);
  const children = childBoxes(original, meta.payload + 4, meta.end);
  const find = (type: string) => children.find((child) => child.type === type);
  const iinf = find('iinf');
  const iloc = find('iloc');
  if (!iinf || !iloc) return fail('no item list');
  const info = rewriteItemInfo(original, iinf);
  if (info.removed.size === 0) return { bytes: original, ranges: [] };
  const pitm = find('pitm');
  if (pitm) {
    const primary = readUint(original, pitm.payload + 4, original[pitm.payload] === 0 ? 2 : 4, pitm.end);
    if (info.removed.has(primary)) fail('the primary item is not a picture');
  }
  const bytes = Buffer.from(original);
  /** Writes `shorter` where `target` was, followed by a `free` box of the bytes it lost. */
  const replace = (target: Box, shorter: Buffer) => {
    const room = target.end - target.start;
    if (shorter.length > room) fail('a rewritten box grew');
    Buffer.concat([shorter, freeBox(room - shorter.length)]).copy(bytes, target.start);
  };
  replace(iinf, info.box);
  const iref = find('iref');
  if (iref) replace(iref, rewriteReferences(original, iref, info.removed));
  const locations = rewriteLocations(original, metaAt, iloc, find('idat'), info.removed);
  // Entries of a few bytes (no offsets or lengths) leave no room for a free box: they stay, pointing
  // at zeroed bytes.
  const lost = iloc.end - iloc.start - locations.box.length;
  if (lost === 0 || lost >= 8) replace(iloc, locations.box);
  return { bytes, ranges: locations.ranges };
}

/** A `moov` with its metadata boxes (at any depth of its containers) turned into zeroed `free` boxes. */
function cleanMovie(original: Buffer): Buffer {
  const bytes = Buffer.from(original);
  const walk = (from: number, to: number) => {
    for (const child of childBoxes(bytes, from, to)) {
      if (MOVIE_METADATA.has(child.type)) neutralise(bytes, child);
      else if (MOVIE_CONTAINERS.has(child.type)) walk(child.payload, child.end);
    }
  };
  const movie = boxAt(bytes, 0, bytes.length);
  walk(movie.payload, movie.end);
  return bytes;
}

/** The HEIF stripper: top-level box by top-level box, as described above. */
export class HeifStripper extends StreamStripper {
  private state: 'box' | 'done' = 'box';
  private metaRead = false;
  /** Output before `meta` was read, with its file offsets. */
  private held: { bytes: Uint8Array; at: number }[] = [];
  /** Absolute ranges to zero: the removed items' data. */
  private ranges: [number, number][] = [];

  protected step(): boolean {
    if (this.state === 'done') return false;
    const bytes = this.pending;
    if (bytes.length < 8) return false;
    const size32 = bytes.readUInt32BE(0);
    const header = size32 === 1 ? 16 : 8;
    if (bytes.length < header) return false;
    const type = bytes.toString('latin1', 4, 8);
    const size = size32 === 1 ? Number(bytes.readBigUInt64BE(8)) : size32 === 0 ? Infinity : size32;
    if (size < header) fail(`box ${JSON.stringify(type)} is smaller than its header`);
    if (this.offset === 0 && type !== 'ftyp') fail('no file type box first');
    if (size === Infinity) {
      // A box to the end of the file: the last one.
      this.state = 'done';
      if (type === 'mdat') this.copy(Infinity);
      else {
        this.keepRenamed(header);
        this.zero(Infinity);
      }
      return true;
    }
    if (type === 'ftyp' || type === 'mdat') {
      this.copy(size);
      return true;
    }
    if ((type === 'meta' && !this.metaRead) || type === 'moov') {
      // Read whole: the item list and locations (a few kB), or a sequence's track headers.
      if (bytes.length < size) return false;
      const at = this.offset;
      const original = this.take(size);
      if (type === 'moov') {
        this.emit(cleanMovie(original), at);
        return true;
      }
      const meta = rewriteMeta(original, at);
      this.ranges = meta.ranges;
      this.metaRead = true;
      for (const held of this.held) this.emit(held.bytes, held.at);
      this.held = [];
      this.emit(meta.bytes, at);
      return true;
    }
    if (type === 'free' || type === 'skip') this.keep(header);
    else this.keepRenamed(header);
    this.zero(size - header);
    return true;
  }

  /** Keeps a box header with its type changed to `free`. */
  private keepRenamed(header: number): void {
    const at = this.offset;
    const renamed = Buffer.from(this.take(header));
    renamed.write('free', 4, 'latin1');
    this.emit(renamed, at);
  }

  protected override emit(bytes: Uint8Array, at: number = this.offset): void {
    if (!this.metaRead) {
      this.held.push({ bytes, at });
      return;
    }
    let out = bytes;
    for (const [start, end] of this.ranges) {
      const from = Math.max(start, at);
      const to = Math.min(end, at + bytes.length);
      if (from >= to) continue;
      if (out === bytes) out = Buffer.from(bytes);
      out.fill(0, from - at, to - at);
    }
    super.emit(out, at);
  }

  protected finish(): void {
    if (this.pending.length > 0) fail('the file ends inside a box header');
    if (!this.metaRead) fail('no meta box');
  }
}
