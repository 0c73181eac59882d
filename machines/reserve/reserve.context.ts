import type { Reservation, ReserveTerms } from '../../domain/contracts/reserve.ts';
import { checkFields } from '../../domain/field-errors.ts';
import type { GateRequest } from '../../domain/gated-routes.ts';
import {
  type CardForm,
  cardFormSchema,
  type PayWith,
  type ReserveCustomer,
  reserveCustomerSchema,
} from '../../domain/reserve.ts';

/**
 * The reserve machine's input, context and events, and the domain rules its guards run on the forms'
 * raw values (issue 32 item 4): step two's `reserveCustomerSchema`, the card's `cardFormSchema`.
 */

/** The route asked for (its gate), the car's slug, and whether it is the checkout journey. */
export interface ReserveInput extends GateRequest {
  slug: string;
  /** `/checkout-journey` (issue 17 item 3): a used car bought online, with a trade-in and payment step. */
  journey: boolean;
}

export interface ReserveContext extends ReserveInput {
  /** `/sign-in?…` when the gate sends an anonymous visitor there. */
  signInUrl: string | null;
  terms: ReserveTerms | null;
  customer: ReserveCustomer | null;
  /** The checkout journey's choices, as the shopper makes them. */
  tradeIn: boolean | null;
  payWith: PayWith | null;
  reservation: Reservation | null;
  /** Why the car cannot be reserved (now, or any more). */
  unavailable: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

/** A form's values as entered (text fields as strings, checkboxes as booleans). */
export type FormValues = Record<string, unknown>;

export type ReserveEvent =
  | { type: 'reserve.start' }
  /** Step two's values as entered: checked with `reserveCustomerSchema`, then the next step or their errors. */
  | { type: 'reserve.details'; values: FormValues }
  /**
   * The card form as entered, and when (ISO time; the expiry is checked against its month): checked
   * with `cardFormSchema`, then the payment or the fields' errors.
   */
  | { type: 'reserve.pay'; values: FormValues; at: string }
  /** The checkout journey: whether a car is traded in, and how the rest is paid. */
  | { type: 'reserve.tradeIn'; tradeIn: boolean }
  | { type: 'reserve.payWith'; payWith: PayWith }
  | { type: 'reserve.back' }
  | { type: 'retry' };

/** Step two's values checked (the server checks them again). */
export const checkCustomer = (values: FormValues) => checkFields(reserveCustomerSchema, values);
/** The card form checked as of the moment it was sent. */
export const checkCard = (values: FormValues, at: string) =>
  checkFields(cardFormSchema(new Date(at)), values);

/** The card `paying` was entered with (checked by `isCardValid` on the way in). */
export function paidWith(event: ReserveEvent): CardForm {
  const checked = event.type === 'reserve.pay' ? checkCard(event.values, event.at) : null;
  return checked?.ok ? (checked.values as CardForm) : { card_number: '', expiry: '', cvc: '', terms: true };
}
