import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from 'zod';
import { fieldErrors } from '../../domain/auth.ts';
import { apiError } from '../api/api-error.ts';

/** Whether the shopper reached the site over https (directly, or through a proxy that says so). */
export function isHttps(c: Context): boolean {
  const forwarded = c.req.header('x-forwarded-proto');
  if (forwarded === 'https' || forwarded === 'http') return forwarded === 'https';
  return new URL(c.req.url).protocol === 'https:';
}

/**
 * The client's address for rate limiting: the socket's peer. `X-Forwarded-For` is not read, since any
 * client can send it (see the decision record for running behind a proxy). Requests made in-process
 * while rendering have no socket and share the key `in-process`.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}

/** The parsed JSON body, or the error answer to send: 415 without a JSON body, 400 unreadable, 422 invalid. */
export async function readJsonBody<T extends z.core.$ZodType>(
  c: Context,
  schema: T,
): Promise<{ ok: true; data: z.output<T> } | { ok: false; response: Response }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      response: apiError(c, 415, 'unsupported_media_type', 'Send the request body as application/json'),
    };
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: apiError(c, 400, 'invalid_json', 'The request body is not valid JSON') };
  }
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const message = Object.values(fields)[0] ?? 'The request is not valid';
    return { ok: false, response: apiError(c, 422, 'invalid_request', message, fields) };
  }
  return { ok: true, data: parsed.data };
}
