import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from 'zod';
import { fieldErrors } from '../../domain/auth.ts';
import { CARD_NUMBER_REFUSED_MESSAGE, holdsCardNumber } from '../../domain/card-numbers.ts';
import { apiError } from '../api/api-error.ts';

/**
 * Whether the shopper reached the site over https: directly, or through a proxy that says so in
 * `X-Forwarded-Proto` — believed only with `TRUST_PROXY` set (issue 31 item 9), since any client can
 * send the header.
 */
export function isHttps(c: Context): boolean {
  const trusted = ((c.get('trustProxy') as number | undefined) ?? 0) > 0;
  const forwarded = trusted ? c.req.header('x-forwarded-proto') : undefined;
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

/** What a request is told when a text of it holds a character no column can keep. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Text may not contain a NUL character or half of a UTF-16 surrogate pair';

/** A NUL (PostgreSQL's text and jsonb refuse it), or a surrogate without its pair (`\ud800`). */
const isUnstorable = (text: string): boolean => text.includes('\0') || /\p{Cs}/u.test(text);

/**
 * Where a request's value holds a text (a string, or an object's key) that `found` picks out — as a
 * field path (`userData.name`, `search.make.0`; a key's own path when the key is the culprit) — or
 * null. Walked without recursion, so a body nested 10,000 deep costs a loop, not the stack (issue 31
 * item 8).
 */
function textAt(value: unknown, found: (text: string) => boolean): string | null {
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (found(item)) return path || 'body';
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (found(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/** Where a request's value holds text no column can keep (a NUL, half a surrogate pair), or null. */
export function unstorableTextAt(value: unknown): string | null {
  return textAt(value, isUnstorable);
}

/**
 * Where a request's value holds what looks like a card number (`domain/card-numbers.ts`), or null:
 * card numbers stay in the payment provider's component in the browser (issue 34 item 1, decision
 * 116), so one arriving in any field — an enquiry's message, a payment method — is refused before it
 * can be stored or logged.
 */
export function cardNumberAt(value: unknown): string | null {
  return textAt(value, holdsCardNumber);
}

/**
 * The refusal of a request whose value holds text no column can keep, or may keep — a card number
 * (`card_number_refused`, issue 34 item 1) — naming the field (400 for an address's parts and the
 * admin routes' bodies, 422 for a body), or null when every text can be kept. Every `/api` route's
 * parameters, query and JSON body pass through here (`server/api/serve.ts`, `readJsonBody`), as do the
 * admin routes that read their own bodies.
 */
export function refuseUnstorableText(c: Context, value: unknown, status: 400 | 422): Response | null {
  const at = unstorableTextAt(value);
  if (at !== null) {
    return apiError(c, status, 'invalid_request', UNSTORABLE_TEXT_MESSAGE, { [at]: UNSTORABLE_TEXT_MESSAGE });
  }
  const card = cardNumberAt(value);
  if (card !== null) {
    return apiError(c, status, 'card_number_refused', CARD_NUMBER_REFUSED_MESSAGE, {
      [card]: CARD_NUMBER_REFUSED_MESSAGE,
    });
  }
  return null;
}

/**
 * The parsed JSON body, or the error answer to send: 415 without a JSON body, 400 when it is not
 * UTF-8 or not JSON, 422 invalid — a text holding a NUL or a lone surrogate, anywhere, included — and
 * 422 `card_number_refused` naming the field when any text in it looks like a card number, before
 * anything is stored. Every `/api` route with a JSON body reads it here (`server/api/serve.ts`), so
 * each inherits both checks.
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
  const unstorable = refuseUnstorableText(c, body, 422);
  if (unstorable) return { ok: false, response: unstorable };
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const message = Object.values(fields)[0] ?? 'The request is not valid';
    return { ok: false, response: apiError(c, 422, 'invalid_request', message, fields) };
  }
  return { ok: true, data: parsed.data };
}
