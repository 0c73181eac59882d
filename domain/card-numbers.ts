import { luhnValid } from './reserve.ts';

/**
 * What looks like a payment card number in a text (issue 34 items 1 and 7): 13 to 19 digits, in
 * groups split by single spaces or dashes or none, that pass the Luhn check. The server refuses a
 * request holding one (`server/auth/request.ts`) and scrubs one from a log line
 * (`server/ops/redact.ts`), so a card number is neither stored nor logged. Luhn and the length keep
 * phone numbers (at most 12 digits), VINs (letters among the digits), stock numbers and ids out.
 */

/**
 * The log's net: 13 to 19 digits, optionally in groups split by a space or a dash, not inside a longer
 * run of digits or dashes (a UUID's groups, a 20-digit reference); checked with Luhn before removal.
 * Global, for `replace` and `matchAll`, which never share its `lastIndex`.
 */
export const CARD_CANDIDATE = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;

/**
 * The refusal's net: the same, and not glued to a letter either (an evaluation id `EV…`, a hex id),
 * since a false catch here refuses a shopper's request where in a log it only hides a value. An
 * underscore, a colon or any punctuation still separates: `local_card_4242…` is caught.
 */
const STANDALONE_CARD_CANDIDATE = /(?<![\dA-Za-z-])\d(?:[ -]?\d){12,18}(?![\dA-Za-z-])/g;

/** Whether a text holds what looks like a card number somewhere in it. */
export function holdsCardNumber(text: string): boolean {
  if (text.length < 13) return false;
  for (const [match] of text.matchAll(STANDALONE_CARD_CANDIDATE)) {
    if (luhnValid(match.replace(/\D/g, ''))) return true;
  }
  return false;
}

/** What a request holding a card number is told, beside the field that holds it. */
export const CARD_NUMBER_REFUSED_MESSAGE =
  'For your security we never accept card numbers here: please remove it and try again';
