import type { MiddlewareHandler } from 'hono';
import { apiError } from './api-error.ts';

/**
 * The body limit of an upload, whose route reads the body as it streams in (issue 31 item 1,
 * decision 103): the body must declare its length — 411 without (a browser's `FormData` always
 * does) — and one declared over `maxSize` is refused unread, the connection closed. Node's parser
 * ends the body at its declared length, so nothing longer reaches the route. (Hono's `bodyLimit`
 * reads a body without a declared length whole, before the route's own limits could refuse it.)
 */
export function declaredBodyLimit(maxSize: number, tooLarge: string): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) {
      c.header('connection', 'close');
      return apiError(c, 411, 'length_required', 'Send the upload with its Content-Length');
    }
    if (!/^\d{1,12}$/.test(declared) || Number(declared) > maxSize) {
      c.header('connection', 'close');
      return apiError(c, 413, 'payload_too_large', tooLarge);
    }
    await next();
  };
}
