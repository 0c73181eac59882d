import { describe, expect, it } from 'vitest';
import { holdsCardNumber } from '../../../domain/card-numbers.ts';
import { TEST_CARDS } from '../../../domain/reserve.ts';

/**
 * What the server refuses as a card number in a request (issue 34 item 1, decision 116): 13–19
 * digits, grouped or not, passing Luhn — and never what shoppers and dealers send every day.
 */
describe('what looks like a card number', () => {
  it.each([
    ['a test card', TEST_CARDS.success],
    ['a real card’s number', '4111111111111111'],
    ['grouped by spaces', '4000 0000 0000 0002'],
    ['grouped by dashes', '4000-0000-0000-9995'],
    ['in an enquiry’s message', 'Please charge my card 4242 4242 4242 4242, expiry 12/28'],
    ['after a colon', 'card:4111111111111111'],
    ['the old local payment method', `local_card_${TEST_CARDS.success}`],
    ['a 15-digit Amex test number', '378282246310005'],
  ])('%s is one', (_, text) => {
    expect(holdsCardNumber(text)).toBe(true);
  });

  it.each([
    ['a dealer’s phone (seed data)', '02 5550 2000'],
    ['a mobile', '0400 111 222'],
    ['an international number', '+61 412 345 678'],
    ['a 1300 number', '1300 555 000'],
    ['a VIN', 'JM0KF4W7A00123456'],
    ['an all-digit-looking VIN with its letters', '6T1BF3FK40X123456'],
    ['a stock number (seed data)', 'U110042'],
    ['a dealer licence (seed data)', 'MDL 3315270'],
    ['an ABN', '51 824 753 556'],
    ['a lead id', '00000000-0000-4000-8000-000000000000'],
    ['an evaluation id with digits after its letters', 'EV4242424242424242'],
    ['a test card with a digit wrong (fails Luhn)', '4242 4242 4242 4241'],
    ['twenty digits', '42424242424242424242'],
    ['a price and a year', '$24,990 for the 2021 model with 42000 km'],
  ])('%s is not', (_, text) => {
    expect(holdsCardNumber(text)).toBe(false);
  });
});
