import { z } from 'zod/mini';
import { emailSchema, phoneNumberSchema } from './auth.ts';
import { REQUIRED_MESSAGE } from './site-forms.ts';

/**
 * Reserving a car online (`search-detail-finance-watchlist.md` §2 `/cars/{slug}/checkout` and
 * buy-online, §3 `payment_processors` and `reserved`, §5 "The reserve button shows only if the car is
 * reservable", §9 "Reserve deposit default $200, fully refundable, car held 48 hours";
 * `locations-forms-tradein-site.md` §9). The deposit itself and the hold terms are
 * `reserveDeposit` in `vehicle-actions.ts`; this module holds what the shopper sends, the test cards
 * of the local payment provider, and the texts of each outcome.
 */

/** The lead a reservation hands the dealer (the spec names no category for it). */
export const RESERVE_LEAD_CATEGORY = 'Reserve Online';
/** The lead of a used car bought through the checkout journey (§2 `/checkout-journey`). */
export const BUY_ONLINE_LEAD_CATEGORY = 'Buy Online';

/** How a shopper buying online means to pay the rest (issue 17 item 3). */
export const PAY_WITH = { full: 'Pay in full', finance: 'Pay with finance' } as const;
export type PayWith = keyof typeof PAY_WITH;

/** The checkout journey's choices, sent with its deposit. */
export const purchaseSchema = z.object({
  pay_with: z.enum(['full', 'finance'], 'Please choose how you will pay'),
  trade_in: z.boolean(),
});
export type Purchase = z.output<typeof purchaseSchema>;

/** The shopper's details (step two), as the browser checks them and the server again. */
export const reserveCustomerSchema = z.object({
  name: z.string(REQUIRED_MESSAGE).check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
  email: emailSchema,
  phone: phoneNumberSchema,
});
export type ReserveCustomer = z.output<typeof reserveCustomerSchema>;

/**
 * A payment method as the reserve call carries it: a token made in the browser, so a card number
 * never reaches this server (decision 116) — the provider's own (`pm_…`), or the local demo
 * provider's `local_tok_<outcome>` (`domain/local-card-token.ts`), which holds no digit at all.
 */
export const PAYMENT_METHOD_PATTERN = /^(?:pm_[A-Za-z0-9_]{3,120}|local_tok_[a-z_]{1,40})$/;

/**
 * A deposit's payment as the server records it (issue 34): `awaiting` (the intent made, no
 * authorisation yet), `authorised` (the amount held on the card, not taken), `captured` (taken: the
 * sale was confirmed), `cancelled` (the authorisation given back: no fee, nothing taken), `refunded`,
 * `disputed` (the shopper's bank opened a dispute), `failed` (no authorisation ever: a refused card,
 * or the claim ended first), `needs_attention` (a capture, cancel or refund was given up after its
 * tries: an operator acts; the log and `forecourt_deliveries_given_up_total` say so).
 */
export const PAYMENT_STATES = [
  'awaiting',
  'authorised',
  'captured',
  'cancelled',
  'refunded',
  'disputed',
  'failed',
  'needs_attention',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * The local provider's test cards (any future expiry, any 3-digit CVC): see the README. The browser
 * turns them into tokens (`domain/local-card-token.ts`); the numbers themselves are never sent.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  networkFailure: '4000000000000119',
} as const;

/** The texts of each outcome. */
export const RESERVE_MESSAGES = {
  declined: 'Your card was declined. You have not been charged, and the car is still available.',
  insufficientFunds:
    'Your card has insufficient funds. You have not been charged, and the car is still available.',
  notATestCard:
    'This is a demonstration payment page: use a test card such as 4242 4242 4242 4242. You have not been charged.',
  unavailable:
    'We could not reach our payment provider. You have not been charged, and the car is still available. Please try again.',
  taken: 'Sorry, someone has just reserved this car. You have not been charged.',
  sold: 'Sorry, this car has been sold. You have not been charged.',
  notReservable: 'This car cannot be reserved online. Please call us and our team will help.',
  notUsed:
    'Only used cars can be bought online. This car is new or a demonstrator: please reserve it or call us and our team will help.',
  cardNumber: 'Please enter a valid card number',
  expiry: 'Please enter a valid expiry date (MM/YY)',
  expired: 'This card has expired',
  cvc: 'Please enter the 3 or 4 digit security code',
  terms: 'Please accept the reservation terms',
  /**
   * The processor's answer was lost, or it could not be asked (issue 34 item 3): the outcome is not
   * known, so the shopper is never told they were not charged, nor asked to pay again.
   */
  checking:
    'We are checking your payment with our payment provider. Please do not pay again: check again in a moment to see whether your deposit went through.',
  /** The processor saw no card confirmed on the intent (nothing authorised): the shopper may try again. */
  notCompleted: 'Your payment was not completed, and the car is still available. Please try again.',
  /** Back from the card issuer's check (3-D Secure) in a browser that did not start the payment. */
  attemptLost:
    'We could not find this payment in this browser. Any amount held on your card for it is released automatically: please start again, or call us.',
  /** The processor's card form could not be loaded. */
  componentFailed:
    'The secure card form could not be loaded. Please check your connection and reload the page.',
} as const;

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The card form (step three), checked in the browser before any token is made: a number that passes
 * Luhn, an expiry `MM/YY` not in the past (as of `now`), a 3 or 4 digit CVC, and the terms accepted.
 */
export function cardFormSchema(now: Date) {
  return z
    .object({
      card_number: z.pipe(
        z.string(RESERVE_MESSAGES.cardNumber).check(z.trim()),
        z.transform((value) => value.replace(/[\s-]/g, '')),
      ),
      expiry: z
        .string(RESERVE_MESSAGES.expiry)
        .check(z.trim(), z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, RESERVE_MESSAGES.expiry)),
      cvc: z.string(RESERVE_MESSAGES.cvc).check(z.trim(), z.regex(/^\d{3,4}$/, RESERVE_MESSAGES.cvc)),
      terms: z.literal(true, RESERVE_MESSAGES.terms),
    })
    .check(
      z.refine((card) => luhnValid(card.card_number), {
        message: RESERVE_MESSAGES.cardNumber,
        path: ['card_number'],
      }),
      z.refine((card) => !cardExpired(card.expiry, now), {
        message: RESERVE_MESSAGES.expired,
        path: ['expiry'],
      }),
    );
}
export type CardForm = z.output<ReturnType<typeof cardFormSchema>>;

/**
 * The payment step's own form when the card is inside the processor's component (Stripe's Payment
 * Element checks the card itself): only the terms, accepted.
 */
export const paymentTermsSchema = z.object({ terms: z.literal(true, RESERVE_MESSAGES.terms) });

/** Whether `MM/YY` is before the month of `now` (a card is valid to the end of its month). */
export function cardExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number);
  if (!month || year === undefined) return true;
  const fullYear = 2000 + year;
  return (
    fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}

/** How long a hold lasts, from a moment. */
export function holdUntil(from: Date, hours: number): Date {
  return new Date(from.getTime() + hours * 3_600_000);
}
