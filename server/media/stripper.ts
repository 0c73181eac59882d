/** A file the metadata stripper cannot read as the image it claims to be. */
export class ImageFormatError extends Error {}

/**
 * A file's metadata removed as its bytes pass (decision 103): `write` each chunk in order, then `end`;
 * each answers the bytes to keep so far. Throws `ImageFormatError` on a malformed file.
 */
export interface MetadataStripper {
  write(chunk: Uint8Array): Uint8Array[];
  end(): Uint8Array[];
}

const EMPTY = Buffer.alloc(0);

/**
 * The base of the format strippers: the bytes not yet handled (`pending`, which starts at file offset
 * `offset`), and runs of bytes to copy, drop or blank out whatever their length, so a large segment
 * or chunk streams through without being held. A subclass's `step` looks at what `pending` starts
 * with and either handles it (true) or waits for more bytes (false).
 */
export abstract class StreamStripper implements MetadataStripper {
  protected pending: Buffer = EMPTY;
  /** The file offset of `pending[0]`. */
  protected offset = 0;
  private output: Uint8Array[] = [];
  private run: { mode: 'copy' | 'skip' | 'zero'; left: number } | null = null;

  write(chunk: Uint8Array): Uint8Array[] {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    this.advance();
    return this.flush();
  }

  end(): Uint8Array[] {
    this.advance();
    // A run to the end of the file (an ISO BMFF box of size 0) may end with it; any other may not.
    if (this.run && Number.isFinite(this.run.left)) throw new ImageFormatError('the file is cut short');
    this.finish();
    return this.flush();
  }

  /** Handles what `pending` starts with; false when it needs more bytes. */
  protected abstract step(): boolean;

  /** Checks the file ended where it may, emitting anything it still holds. */
  protected abstract finish(): void;

  /** Hands `bytes` (from file offset `at`) to the output. */
  protected emit(bytes: Uint8Array, _at: number = this.offset): void {
    this.output.push(bytes);
  }

  /** Keeps the next `count` pending bytes now. */
  protected keep(count: number): void {
    const at = this.offset;
    this.emit(this.take(count), at);
  }

  /** Drops the next `count` pending bytes now. */
  protected drop(count: number): void {
    this.take(count);
  }

  /** Keeps the next `count` bytes, as they arrive. */
  protected copy(count: number): void {
    this.run = { mode: 'copy', left: count };
  }

  /** Drops the next `count` bytes, as they arrive. */
  protected skip(count: number): void {
    this.run = { mode: 'skip', left: count };
  }

  /** Replaces the next `count` bytes with zeros, as they arrive (a format whose offsets must not move). */
  protected zero(count: number): void {
    this.run = { mode: 'zero', left: count };
  }

  /** Takes the next `count` pending bytes. */
  protected take(count: number): Buffer {
    const bytes = this.pending.subarray(0, count);
    this.pending = this.pending.subarray(count);
    this.offset += count;
    return bytes;
  }

  private advance(): void {
    for (;;) {
      if (this.run) {
        const count = Math.min(this.run.left, this.pending.length);
        if (count > 0) {
          this.run.left -= count;
          const at = this.offset;
          const bytes = this.take(count);
          if (this.run.mode === 'copy') this.emit(bytes, at);
          else if (this.run.mode === 'zero') this.emit(Buffer.alloc(count), at);
        }
        if (this.run.left > 0) return;
        this.run = null;
      }
      if (!this.step()) return;
    }
  }

  private flush(): Uint8Array[] {
    const output = this.output;
    this.output = [];
    return output;
  }
}
