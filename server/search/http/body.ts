import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { badRequest, SearchHttpError } from '../engine/errors.ts';
import { assertDepth } from '../engine/limits.ts';

/** Largest body a search request may send (a multi-query of 100 requests fits easily). */
export const MAX_SEARCH_BODY = 1024 * 1024;
/** Largest body a write may send (a `batch` of 1,000 cars is ~2 MB). */
export const MAX_WRITE_BODY = 64 * 1024 * 1024;

const tooLarge = () => new SearchHttpError(413, 'Request body is too large');

/**
 * The request body as JSON whatever the content type (v5 sends `text/plain`, v4 form-urlencoded
 * headers over a JSON body), gunzipped when it is gzip; an empty body is `{}`. Anything that is
 * not a JSON object is a 400.
 */
export async function readJsonBody(c: Context, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await c.req.arrayBuffer());
  } catch {
    throw badRequest('Could not read the request body');
  }
  if (bytes.length > limit) throw tooLarge();
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (gzipped || /gzip/i.test(c.req.header('content-encoding') ?? '')) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: limit });
    } catch (error) {
      if (error instanceof RangeError) throw tooLarge();
      throw badRequest('Invalid gzip body');
    }
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON body');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('Invalid JSON body: expected an object');
  }
  assertDepth(parsed, 'The request body');
  return parsed as Record<string, unknown>;
}
