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
 * The client's address for rate limiting. With no trusted proxy (`TRUST_PROXY` off, the default) it
 * is the socket's peer and `X-Forwarded-For` is ignored, since any client can send it. With
 * `trustedHops` proxies in front, it is the right-most address those proxies did not add (see
 * `forwardedClient`). Requests made in-process while rendering have no socket and share the key
 * `in-process`.
 */
export function clientIp(c: Context, trustedHops = 0): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
  return trustedHops > 0 ? forwardedClient(peer, c.req.header('x-forwarded-for'), trustedHops) : peer;
}

/**
 * The right-most untrusted address of a request that passed `trustedHops` proxies: the chain is the
 * `X-Forwarded-For` entries followed by the socket's peer (the nearest proxy), each proxy having
 * appended the address it was reached from. Walking `trustedHops` steps left from the peer skips the
 * proxies' own entries; whatever lies further left was sent by the client and is not trusted. A chain
 * shorter than that (a request that bypassed a proxy) yields its left-most address.
 */
export function forwardedClient(peer: string, forwardedFor: string | undefined, trustedHops: number): string {
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    peer,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? peer;
}

/** Decodes UTF-8 and refuses what is not (a lone byte would otherwise become U+FFFD in the stored data). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The parsed JSON body, or the error answer to send: 415 without a JSON body, 400 when it is not
 * UTF-8 or not JSON, 422 invalid.
 */
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
  let text: string;
  try {
    text = strictUtf8.decode(await c.req.arrayBuffer());
  } catch {
    return { ok: false, response: apiError(c, 400, 'invalid_json', 'The request body is not valid UTF-8') };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
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
