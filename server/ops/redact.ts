import { CARD_CANDIDATE } from '../../domain/card-numbers.ts';
import { luhnValid } from '../../domain/reserve.ts';
/**
 * What a log line must never carry (issue 33 item 3): a shopper's email address, phone number or card
 * number, and any token, key, password or cookie. Two nets: values under a sensitive key are replaced
 * whole (`REDACTED_KEYS`, and pino's `redact` paths in `server/logger.ts` for the same names), and every
 * string that is logged — messages, data, an error's message and stack — is scrubbed of what looks like
 * one of them where it was written inline ("Account email not sent to ann@example.com").
 */

/** What a removed value is replaced with. */
export const REDACTED = '[redacted]';

/** Keys whose value is never logged, whatever it holds (compared without case, `-` or `_`). */
const REDACTED_KEYS = new Set([
  'email',
  'phone',
  'mobile',
  'telephone',
  'card',
  'cardnumber',
  'cvc',
  'cvv',
  'password',
  'passwordhash',
  'token',
  'accesstoken',
  'refreshtoken',
  'secret',
  'apikey',
  'authorization',
  'cookie',
  'setcookie',
  'paymentmethod',
]);

/** Whether a key's value is never logged. */
export function isRedactedKey(key: string): boolean {
  return REDACTED_KEYS.has(key.replace(/[-_]/g, '').toLowerCase());
}

/**
 * pino `redact` paths for the same keys at the top level and one level down (pino matches paths
 * exactly; `scrubData` covers any depth before pino sees the line).
 */
export const REDACT_PATHS: readonly string[] = [
  'email',
  'phone',
  'password',
  'token',
  'secret',
  'authorization',
  'cookie',
  'card_number',
  'payment_method',
].flatMap((key) => [key, `*.${key}`]);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/**
 * A phone number as shoppers write one: international (`+61 412 345 678`), with an area code in
 * brackets (`(02) 9876 5432`), a national number from its leading 0 (`0412 345 678`), or an
 * Australian 13/1300/1800 number. A number that starts with another digit (a year, a price, an id)
 * is left alone, as are digits joined by a dash to letters or digits on either side: the groups of a
 * UUID (a reservation's id `3169ae51-0142-4464-…`) are ids, not a phone number.
 */
const PHONE =
  /(?<![\w+]|\w-)(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d|\(0\d{1,3}\)[ .-]?\d|0\d)(?:[ .-]?\d){6,11}(?!\w|-\w)|(?<!\w|\w-)1[38]00(?:[ .-]?\d){6}(?!\w|-\w)/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** `token=…`, `x-algolia-api-key=…`, `password: …` written inline (a query string, a header dump). */
const INLINE_SECRET = /\b([\w-]*(?:token|key|secret|password|signature|sig))(=|:\s?)("?)[^\s&"',;]+/gi;
/** A JSON Web Token (three base64url parts, the first `{"`-encoded). */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/** A text with every email address, card number, phone number and inline token replaced. */
export function scrubText(text: string): string {
  if (text.length === 0) return text;
  return text
    .replace(JWT, '[token]')
    .replace(BEARER, '$1 [token]')
    .replace(INLINE_SECRET, `$1$2$3${REDACTED}`)
    .replace(EMAIL, '[email]')
    .replace(CARD_CANDIDATE, (match) => (luhnValid(match.replace(/\D/g, '')) ? '[card]' : match))
    .replace(PHONE, '[phone]');
}

/** How deep `scrubData` follows nested objects; deeper values are replaced by a note. */
const MAX_DEPTH = 6;

/**
 * A log line's data made safe to write: sensitive keys replaced, strings scrubbed, errors turned
 * into `{ type, message, stack, code?, cause? }` (scrubbed too). Plain data is copied, never changed
 * in place; cycles and deep nesting end in a note rather than a crash.
 */
export function scrubData(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  if (value instanceof Error) return scrubData(serializeError(value), depth, seen);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => scrubData(item, depth + 1, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isRedactedKey(key) ? REDACTED : scrubData(item, depth + 1, seen);
  }
  return copy;
}

/** An error as plain data: its class, message, stack (which repeats the message once), code and cause. */
export function serializeError(error: Error): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(code !== undefined ? { code } : {}),
    ...(error.cause !== undefined
      ? { cause: error.cause instanceof Error ? serializeError(error.cause) : error.cause }
      : {}),
  };
}
