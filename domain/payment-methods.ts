/**
 * `locations-forms-tradein-site.md` §2 "Payment-methods strip": the ways a dealer takes payment, in
 * the spec's order. Shown in every dealer's footer.
 */
export const PAYMENT_METHODS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;
