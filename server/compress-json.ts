import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptsGzip } from './render/gzip-with-nonce.ts';

const gzipAsync = promisify(gzip);

/**
 * The answers read whole here: JSON, every API and search answer, which the app never streams. A page
 * (HTML) stays with Hono's stream: measured the same either way (and a kept page is compressed once).
 */
const WHOLE = /^\s*application\/(?:[a-z.+-]+\+)?json(?:[;\s]|$)/i;
/** `Cache-Control: no-transform` asks that the body reach the client as it was sent. */
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** `Vary` already naming `Accept-Encoding`. */
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Gzip for JSON answers — every API and search answer — read whole and compressed in one call on
 * zlib's thread pool (issue 38 items 2 and 4). Hono's `compress` pipes an answer through a
 * `CompressionStream`, whose web-stream steps run on the event loop: served by Node, a listing's
 * 28 kB search answer kept the loop busy 1.35–1.84 ms that way and 1.06–1.45 ms this way (three
 * rounds of 300 each, 2026-11-29). The rules are `compress`'s: not for HEAD, a partial answer,
 * one already encoded, one under `threshold` bytes or marked `no-transform`, and `Vary:
 * Accept-Encoding` on whatever could have been. Mounted inside Hono's `compress`, which takes what
 * this leaves (a streamed file of a compressible type, a client that takes only deflate) and passes
 * an answer that has its `Content-Encoding`.
 */
export function gzipJsonAnswers({ threshold = 1024 }: { threshold?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (
      c.req.method === 'HEAD' ||
      answer.status === 206 ||
      !answer.body ||
      answer.headers.has('content-encoding') ||
      answer.headers.has('transfer-encoding') ||
      !WHOLE.test(answer.headers.get('content-type') ?? '') ||
      NO_TRANSFORM.test(answer.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    const vary = answer.headers.get('vary');
    if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) {
      c.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!acceptsGzip(c.req.header('accept-encoding'))) return;
    const body = new Uint8Array(await answer.arrayBuffer());
    const headers = new Headers(c.res.headers);
    const small = body.byteLength < threshold;
    if (!small) {
      headers.set('content-encoding', 'gzip');
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    const sent = small ? body : new Uint8Array(await gzipAsync(body));
    // Its length, so Hono's `compress` outside leaves a small answer as it is too.
    headers.set('content-length', String(sent.byteLength));
    // Unset first: Hono's setter would copy the old answer's headers (its length) onto the new one.
    c.res = undefined;
    c.res = new Response(sent, { status: answer.status, statusText: answer.statusText, headers });
  };
}
