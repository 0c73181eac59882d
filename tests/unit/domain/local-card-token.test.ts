import { describe, expect, it } from 'vitest';
import { LOCAL_TOKENS, localCardToken, localTokenOutcome } from '../../../domain/local-card-token.ts';
import { PAYMENT_METHOD_PATTERN, TEST_CARDS } from '../../../domain/reserve.ts';

/**
 * The local demo provider's component in the browser (issue 34 item 1, decision 116): each documented
 * test card (README) becomes a token naming its outcome; no other number becomes anything.
 */
describe('local card tokens', () => {
  it.each([
    [TEST_CARDS.success, 'local_tok_success'],
    [TEST_CARDS.declined, 'local_tok_declined'],
    [TEST_CARDS.insufficientFunds, 'local_tok_insufficient_funds'],
    [TEST_CARDS.networkFailure, 'local_tok_network_failure'],
    ['4242 4242 4242 4242', 'local_tok_success'],
    ['4000-0000-0000-0002', 'local_tok_declined'],
    [' 4000 0000 0000 9995 ', 'local_tok_insufficient_funds'],
  ])('%s → %s', (number, token) => {
    expect(localCardToken(number)).toBe(token);
  });

  it.each([
    ['a real card’s number (Luhn-valid, not a test card)', '4111111111111111'],
    ['a test card with a digit wrong', '4242424242424241'],
    ['nothing', ''],
    ['letters', 'four two four two'],
  ])('%s makes no token', (_, number) => {
    expect(localCardToken(number)).toBeNull();
  });

  it('every token is a payment method the server takes, holds no digit, and reads back as its outcome', () => {
    for (const [outcome, token] of Object.entries(LOCAL_TOKENS)) {
      expect(PAYMENT_METHOD_PATTERN.test(token)).toBe(true);
      expect(token).not.toMatch(/\d/);
      expect(localTokenOutcome(token)).toBe(outcome);
    }
    expect(Object.keys(LOCAL_TOKENS).sort()).toEqual(Object.keys(TEST_CARDS).sort());
  });

  it.each([
    'local_tok_unknown',
    `local_card_${TEST_CARDS.success}`,
    TEST_CARDS.success,
    'pm_1Q2w3E4r5T6y',
    '',
  ])('%s names no outcome', (token) => {
    expect(localTokenOutcome(token)).toBeNull();
  });
});
