import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartReader } from '../../../server/media/multipart.ts';

/**
 * Issue 31 item 1: an upload's multipart body is read part by part as it arrives, so the EvalID is
 * checked before a byte of the file is read and a body of many parts is refused where it stands.
 */
const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';

/** A body as a browser's `FormData` sends it. */
function formBody(parts: { name: string; value: Buffer | string; filename?: string }[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"` +
          (part.filename === undefined
            ? '\r\n\r\n'
            : `; filename="${part.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/** `body` in chunks cut at `cuts`, counting how many chunks were pulled. */
function chunked(body: Buffer, cuts: number[] = []) {
  const pulled = { count: 0 };
  const points = [...new Set(cuts.filter((cut) => cut > 0 && cut < body.length))].sort((a, b) => a - b);
  async function* chunks() {
    let at = 0;
    for (const cut of [...points, body.length]) {
      pulled.count += 1;
      yield body.subarray(at, cut);
      at = cut;
    }
  }
  return { chunks: chunks(), pulled };
}

/** Every part's name, file name and content. */
async function readAll(reader: MultipartReader) {
  const parts: { name: string; filename: string | null; content: string }[] = [];
  for (let head = await reader.next(); head; head = await reader.next()) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of reader.body(1_000_000)) chunks.push(chunk);
    parts.push({
      name: head.name,
      filename: head.filename,
      content: Buffer.concat(chunks).toString('latin1'),
    });
  }
  return parts;
}

// A file whose bytes look like the framing: CRLF, dashes, most of the delimiter.
const trickyFile = Buffer.from(
  `\r\n--${BOUNDARY.slice(0, -1)}\r\n--\r\n\r\n-${'\xff\0'.repeat(40)}`,
  'latin1',
);
const body = formBody([
  { name: 'evalid', value: 'EV1234ABCD' },
  { name: 'file', value: trickyFile, filename: 'front car.jpg' },
]);

describe('reading a browser’s multipart body', () => {
  it('the boundary comes from the content type, quoted or not', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; boundary="a b:c"; charset=utf-8')).toBe('a b:c');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
  });

  it('gives each part whole, however the body is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: body.length }), { maxLength: 20 }), async (cuts) => {
        const reader = new MultipartReader(chunked(body, cuts).chunks, BOUNDARY, { maxParts: 4 });
        expect(await readAll(reader)).toEqual([
          { name: 'evalid', filename: null, content: 'EV1234ABCD' },
          { name: 'file', filename: 'front car.jpg', content: trickyFile.toString('latin1') },
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it('reads the first part without reading the next: the EvalID is known before the file arrives', async () => {
    const big = formBody([
      { name: 'evalid', value: 'EV1234ABCD' },
      { name: 'file', value: Buffer.alloc(200_000, 1), filename: 'a.jpg' },
    ]);
    const cuts = Array.from({ length: 100 }, (_, i) => 150 + i * 2000);
    const source = chunked(big, cuts);
    const reader = new MultipartReader(source.chunks, BOUNDARY, { maxParts: 4 });
    expect((await reader.next())?.name).toBe('evalid');
    expect(await reader.text(64)).toBe('EV1234ABCD');
    expect(source.pulled.count).toBeLessThanOrEqual(2);
  });

  it('100,000 tiny parts are refused at the fifth, after a few chunks of the body', async () => {
    const flood = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n`.repeat(100_000) +
        `--${BOUNDARY}--`,
    );
    const cuts = Array.from({ length: Math.ceil(flood.length / 16_384) }, (_, i) => (i + 1) * 16_384);
    const source = chunked(flood, cuts);
    const reader = new MultipartReader(source.chunks, BOUNDARY, { maxParts: 4 });
    const error = await readAll(reader).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as MultipartError).problem).toBe('too_many_parts');
    expect(source.pulled.count).toBe(1);
  });

  it('a part over its size is refused; so are endless headers, a body cut short, and one that is not multipart', async () => {
    const problem = async (bytes: Buffer, read: (r: MultipartReader) => Promise<unknown> = readAll) => {
      const caught = await read(new MultipartReader(chunked(bytes).chunks, BOUNDARY, { maxParts: 4 })).catch(
        (error: unknown) => error,
      );
      return caught instanceof MultipartError ? caught.problem : caught;
    };
    expect(
      await problem(body, async (reader) => {
        await reader.next();
        return reader.text(5);
      }),
    ).toBe('too_large');
    expect(
      await problem(Buffer.from(`--${BOUNDARY}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\nx\r\n--${BOUNDARY}--`)),
    ).toBe('malformed');
    expect(await problem(body.subarray(0, body.length - 20))).toBe('malformed');
    expect(await problem(Buffer.from('{"evalid":"EV1234ABCD"}'))).toBe('malformed');
    expect(await problem(Buffer.from(`--${BOUNDARY}\r\n\r\nno name\r\n--${BOUNDARY}--`))).toBe('malformed');
  });

  it('a body whose stream fails (the client went away) is refused as unreadable', async () => {
    async function* failing() {
      yield body.subarray(0, 30);
      throw new Error('aborted');
    }
    const reader = new MultipartReader(failing(), BOUNDARY, { maxParts: 4 });
    const error = await readAll(reader).catch((caught: unknown) => caught);
    expect((error as MultipartError).problem).toBe('malformed');
  });
});
