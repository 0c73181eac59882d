import { TEST_CARDS } from './reserve.ts';

/**
 * The local demo provider's payment component, the part that runs in the browser (issue 34 item 1;
 * decision 116): a documented test card number becomes a token naming the outcome that card stands
 * for (`local_tok_declined`), so the number never leaves the browser, as with a real processor's
 * component. The server's local provider reads only the outcome; any number that is not a test card
 * makes no token and is refused in the browser.
 */

/** Which of the documented test cards (`TEST_CARDS`, README) a token stands for. */
export type LocalCardOutcome = keyof typeof TEST_CARDS;

/** Every local token starts with this; what follows names the outcome, never a digit. */
export const LOCAL_TOKEN_PREFIX = 'local_tok_';

/** The token each test card becomes: one per outcome, in snake case after the prefix. */
export const LOCAL_TOKENS: Readonly<Record<LocalCardOutcome, string>> = {
  success: `${LOCAL_TOKEN_PREFIX}success`,
  declined: `${LOCAL_TOKEN_PREFIX}declined`,
  insufficientFunds: `${LOCAL_TOKEN_PREFIX}insufficient_funds`,
  networkFailure: `${LOCAL_TOKEN_PREFIX}network_failure`,
};

const OUTCOMES = Object.keys(TEST_CARDS) as LocalCardOutcome[];

/**
 * The token for a card number as typed (spaces and dashes allowed), or null when it is not one of
 * the test cards — the shopper is then told to use one, and nothing is sent.
 */
export function localCardToken(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const outcome = OUTCOMES.find((name) => TEST_CARDS[name] === digits);
  return outcome ? LOCAL_TOKENS[outcome] : null;
}

/** The outcome a token names (what the server's local provider answers by), or null for any other text. */
export function localTokenOutcome(token: string): LocalCardOutcome | null {
  return OUTCOMES.find((name) => LOCAL_TOKENS[name] === token) ?? null;
}
