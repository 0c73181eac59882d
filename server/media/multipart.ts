/**
 * A streaming reader of a `multipart/form-data` body (RFC 7578), one part at a time (issue 31 item
 * 1): the caller reads a part's name and value and decides — a wrong EvalID refused — before a byte
 * of the next part is read; a file part is streamed through, never held whole; past `maxParts`
 * parts or a header block over `maxHeaderBytes`, the body is refused where it stands. Decision 103
 * says why this is not a library.
 */

/** Why a body was refused: not multipart as sent, more parts than allowed, a part over its size. */
export type MultipartProblem = 'malformed' | 'too_many_parts' | 'too_large';

/** A body the reader refuses. */
export class MultipartError extends Error {
  constructor(
    readonly problem: MultipartProblem,
    message: string,
  ) {
    super(message);
  }
}

/** What a part's headers say: its field name, and the file name when it is a file. */
export interface PartHead {
  name: string;
  filename: string | null;
  contentType: string | null;
}

/** The boundary a `multipart/form-data` content type names (1–70 characters, RFC 2046), or null. */
export function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** A header parameter (`name="evalid"` or `name=evalid`), or null. */
function parameter(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]+))`, 'i').exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? null);
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** Limits of one body: how many parts it may have, how large each part's header block may be. */
export interface MultipartLimits {
  maxParts: number;
  maxHeaderBytes?: number;
}

/**
 * Reads `source` (a request body) part by part: `next()` the next part's head, then `body()` or
 * `text()` its content; a part left unread is skipped by the next `next()`. Every chunk is scanned
 * once for the delimiter; what is held is at most a chunk, a delimiter's length and a header block.
 */
export class MultipartReader {
  private readonly chunks: AsyncIterator<Uint8Array>;
  private readonly delimiter: Buffer;
  private readonly maxHeaderBytes: number;
  // The virtual CRLF lets a body that starts with its first delimiter (no preamble) match `\r\n--b`.
  private pending: Buffer = CRLF;
  private sourceEnded = false;
  private state: 'preamble' | 'head' | 'body' | 'done' = 'preamble';
  private parts = 0;

  constructor(
    source: AsyncIterable<Uint8Array>,
    boundary: string,
    private readonly limits: MultipartLimits,
  ) {
    this.chunks = source[Symbol.asyncIterator]();
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.maxHeaderBytes = limits.maxHeaderBytes ?? 8 * 1024;
  }

  /** The next part's head, or null after the closing delimiter; the current part's unread content is skipped. */
  async next(): Promise<PartHead | null> {
    if (this.state === 'preamble' || this.state === 'body') {
      for await (const _ of this.section()) {
        // Skipped: the preamble, or what the caller left of a part.
      }
    }
    if (this.state === 'done') return null;
    await this.fill(2);
    if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
      // The closing delimiter: what follows is the epilogue, which is not read.
      this.state = 'done';
      return null;
    }
    this.parts += 1;
    if (this.parts > this.limits.maxParts) {
      throw new MultipartError('too_many_parts', `The upload has more than ${this.limits.maxParts} parts`);
    }
    const head = await this.readHead();
    this.state = 'body';
    return head;
  }

  /** The current part's content chunk by chunk; past `maxBytes`, a `too_large` error. */
  async *body(maxBytes: number): AsyncGenerator<Uint8Array> {
    if (this.state !== 'body') throw new Error('No part is open');
    let size = 0;
    for await (const chunk of this.section()) {
      size += chunk.length;
      if (size > maxBytes) throw new MultipartError('too_large', `A part is over ${maxBytes} bytes`);
      yield chunk;
    }
  }

  /** The current part's content as UTF-8 text (a form field); past `maxBytes`, a `too_large` error. */
  async text(maxBytes: number): Promise<string> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of this.body(maxBytes)) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Reads until `pending` holds `count` bytes; false when the body ends first. */
  private async fill(count: number): Promise<void> {
    while (this.pending.length < count) {
      if (!(await this.pull())) throw new MultipartError('malformed', 'The upload ended in the middle');
    }
  }

  private async pull(): Promise<boolean> {
    if (this.sourceEnded) return false;
    let next: IteratorResult<Uint8Array>;
    try {
      next = await this.chunks.next();
    } catch {
      // The client went away, or the body limit cut it off.
      throw new MultipartError('malformed', 'The upload could not be read to its end');
    }
    const { value, done } = next;
    if (done) {
      this.sourceEnded = true;
      return false;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    return true;
  }

  /**
   * What comes before the next delimiter, chunk by chunk; the delimiter is consumed. Bytes that could
   * begin a delimiter split across chunks are kept until the next chunk decides.
   */
  private async *section(): AsyncGenerator<Uint8Array> {
    const keep = this.delimiter.length - 1;
    for (;;) {
      const at = this.pending.indexOf(this.delimiter);
      if (at >= 0) {
        const before = this.pending.subarray(0, at);
        this.pending = this.pending.subarray(at + this.delimiter.length);
        this.state = 'head';
        if (before.length > 0) yield before;
        return;
      }
      if (this.pending.length > keep) {
        const out = this.pending.subarray(0, this.pending.length - keep);
        this.pending = this.pending.subarray(this.pending.length - keep);
        yield out;
      }
      if (!(await this.pull())) throw new MultipartError('malformed', 'The upload ended in the middle');
    }
  }

  /** After a delimiter: optional padding, CRLF, the headers, a blank line. */
  private async readHead(): Promise<PartHead> {
    let end = this.pending.indexOf(HEADERS_END);
    while (end < 0) {
      if (this.pending.length > this.maxHeaderBytes) {
        throw new MultipartError('malformed', "A part's headers are too long");
      }
      if (!(await this.pull())) throw new MultipartError('malformed', 'The upload ended in the middle');
      end = this.pending.indexOf(HEADERS_END);
    }
    if (end > this.maxHeaderBytes) throw new MultipartError('malformed', "A part's headers are too long");
    const block = this.pending.subarray(0, end).toString('utf8');
    this.pending = this.pending.subarray(end + HEADERS_END.length);
    // The delimiter line may end with spaces or tabs (transport padding) before its CRLF.
    const [padding = '', ...lines] = block.split('\r\n');
    if (!/^[ \t]*$/.test(padding)) throw new MultipartError('malformed', 'A delimiter is followed by text');
    let disposition: string | null = null;
    let contentType: string | null = null;
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MultipartError('malformed', 'A part header is not a header');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-disposition') disposition = value;
      else if (name === 'content-type') contentType = value;
    }
    const name =
      disposition && /^form-data\s*(;|$)/i.test(disposition) ? parameter(disposition, 'name') : null;
    if (name === null) throw new MultipartError('malformed', 'A part has no form-data name');
    return { name, filename: disposition ? parameter(disposition, 'filename') : null, contentType };
  }
}
