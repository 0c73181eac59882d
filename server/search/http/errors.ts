import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SearchHttpError } from '../engine/errors.ts';

/** Answers an error in Algolia's form `{ "message", "status" }`. */
export function errorResponse(c: Context, status: number, message: string): Response {
  return c.json({ message, status }, status as ContentfulStatusCode);
}

/**
 * Maps anything thrown to Algolia's error form. A {@link SearchHttpError} keeps its status; any
 * other error is a bug, reported through `onInternal` and answered as a 500 in the same form.
 */
export function toErrorResponse(c: Context, error: unknown, onInternal: (error: unknown) => void): Response {
  if (error instanceof SearchHttpError) return errorResponse(c, error.status, error.message);
  onInternal(error);
  return errorResponse(c, 500, 'Internal error');
}
