import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { badRequest, SearchHttpError } from '../engine/errors.ts';
import { assertDepth } from '../engine/limits.ts';
import type { SearchEnv } from '../search-env.ts';

/**
 * Largest body a search request may send: 128 kB. The search page's multi-query is under 5 kB and
 * 1,000 filter terms about 20 kB; anything larger is refused before it is read (issue 14 item 1).
 */
export const MAX_SEARCH_BODY = 128 * 1024;
/** Largest body a write may send (a `batch` of 1,000 cars is ~2 MB). */
export const MAX_WRITE_BODY = 64 * 1024 * 1024;

/** The 413's message, naming the limit that applies. */
export const tooLargeMessage = (limit: number) =>
  `Request body is too large (the limit is ${limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} kB`})`;
const tooLarge = (limit: number) => new SearchHttpError(413, tooLargeMessage(limit));

/**
 * The request body as JSON whatever the content type (v5 sends `text/plain`, v4 form-urlencoded
 * headers over a JSON body), gunzipped when it is gzip; an empty body is `{}`. Anything that is
 * not a JSON object is a 400.
 */
export async function readJsonBody(c: Context<SearchEnv>, limit: number): Promise<Record<string, unknown>> {
  const parsed = await readJsonValue(c, limit);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('Invalid JSON body: expected an object');
  }
  return parsed as Record<string, unknown>;
}

/** The request body as a JSON array (`saveSynonyms` sends one), read as {@link readJsonBody} reads. */
export async function readJsonArrayBody(c: Context<SearchEnv>, limit: number): Promise<unknown[]> {
  const parsed = await readJsonValue(c, limit);
  if (!Array.isArray(parsed)) throw badRequest('Invalid JSON body: expected an array');
  return parsed;
}

async function readJsonValue(c: Context<SearchEnv>, limit: number): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await c.req.arrayBuffer());
  } catch {
    throw badRequest('Could not read the request body');
  }
  c.set('workStarted', performance.now());
  if (bytes.length > limit) throw tooLarge(limit);
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (gzipped || /gzip/i.test(c.req.header('content-encoding') ?? '')) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: limit });
    } catch (error) {
      if (error instanceof RangeError) throw tooLarge(limit);
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
  assertDepth(parsed, 'The request body');
  return parsed;
}
