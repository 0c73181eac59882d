import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  cardExpired,
  cardFormSchema,
  holdUntil,
  luhnValid,
  PAYMENT_METHOD_PATTERN,
  RESERVE_MESSAGES,
  TEST_CARDS,
} from '../../../domain/reserve.ts';
import { reserveDeposit } from '../../../domain/vehicle-actions.ts';

/** Reserving online (issue 17; `search-detail-finance-watchlist.md` §9 reserve deposit). */
describe('reserve rules', () => {
  it.each([
    [TEST_CARDS.success, true],
    [TEST_CARDS.declined, true],
    [TEST_CARDS.networkFailure, true],
    [TEST_CARDS.insufficientFunds, true],
    ['4242424242424241', false],
    ['1234', false],
    ['42424242424242424242', false],
  ])('Luhn: %s → %s', (number, valid) => {
    expect(luhnValid(number)).toBe(valid);
  });

  it.each([
    ['11/26', false],
    ['12/26', false],
    ['10/26', true],
    ['01/30', false],
    ['12/25', true],
  ])('a card expiring %s is expired on 26 Nov 2026: %s', (expiry, expired) => {
    expect(cardExpired(expiry, new Date('2026-11-26T12:00:00Z'))).toBe(expired);
  });

  const now = new Date('2026-11-26T12:00:00Z');
  const form = { card_number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', terms: true };
  it('the card form takes spaces in the number and needs the terms accepted', () => {
    expect(z.parse(cardFormSchema(now), form).card_number).toBe('4242424242424242');
    const refused = z.safeParse(cardFormSchema(now), {
      ...form,
      card_number: '4242 4242 4242 4241',
      expiry: '10/26',
      cvc: '12',
      terms: false,
    });
    const messages = refused.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(expect.arrayContaining([RESERVE_MESSAGES.cvc, RESERVE_MESSAGES.terms]));
  });

  it('payment methods: a provider token or a local test token, never a card number (decision 116)', () => {
    expect(PAYMENT_METHOD_PATTERN.test('pm_1Q2w3E4r5T6y')).toBe(true);
    expect(PAYMENT_METHOD_PATTERN.test('local_tok_declined')).toBe(true);
    expect(PAYMENT_METHOD_PATTERN.test(`local_card_${TEST_CARDS.success}`)).toBe(false);
    expect(PAYMENT_METHOD_PATTERN.test(`local_tok_${TEST_CARDS.success}`)).toBe(false);
    expect(PAYMENT_METHOD_PATTERN.test('pm_<script>')).toBe(false);
    expect(PAYMENT_METHOD_PATTERN.test('4242424242424242')).toBe(false);
  });

  it('§9: $200 unless the dealer sets another, fully refundable, held 48 hours', () => {
    expect(reserveDeposit(null)).toMatchObject({
      amount: 200,
      label: '$200',
      holdHours: 48,
      refundable: true,
    });
    expect(reserveDeposit(500).label).toBe('$500');
    expect(holdUntil(new Date('2026-11-26T00:00:00Z'), 48).toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});
