import type { Reservation, ReserveTerms } from '../../domain/contracts/reserve.ts';
import { checkFields } from '../../domain/field-errors.ts';
import type { GateRequest } from '../../domain/gated-routes.ts';
import {
  type PayWith,
  type Purchase,
  type ReserveCustomer,
  reserveCustomerSchema,
} from '../../domain/reserve.ts';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import type { FormValues } from '../payment-step/payment-step.context.ts';

export type { FormValues } from '../payment-step/payment-step.context.ts';

/**
 * The reserve machine's input, context and events, and the domain rule its guards run on step two's
 * raw values (issue 32 item 4: `reserveCustomerSchema`). The payment step's are its child's
 * (`machines/payment-step/payment-step.context.ts`).
 */

/** The route asked for (its gate), the car's slug, and whether it is the checkout journey. */
export interface ReserveInput extends GateRequest {
  slug: string;
  /** `/checkout-journey` (issue 17 item 3): a used car bought online, with a trade-in and payment step. */
  journey: boolean;
  /**
   * Whether this page's document was loaded for this address (a server render, or the browser's own
   * load of it), so its Content-Security-Policy is this page's: false after a navigation inside the
   * app, whose document kept another page's policy (decision 121).
   */
  ownDocument: boolean;
  /**
   * The payment intent the processor named on sending the shopper back here (`?payment_intent=`,
   * after a card issuer's 3-D Secure check away from the page), or null — null again once the shopper
   * goes Back from that payment step (on again is a fresh start).
   */
  returnedIntent: string | null;
}

export interface ReserveContext extends ReserveInput {
  /** `/sign-in?…` when the gate sends an anonymous visitor there. */
  signInUrl: string | null;
  terms: ReserveTerms | null;
  customer: ReserveCustomer | null;
  /** The checkout journey's choices, as the shopper makes them. */
  tradeIn: boolean | null;
  payWith: PayWith | null;
  /** The reservation once the payment step has held it. */
  reservation: Reservation | null;
  /** Why the car cannot be reserved (now, or any more). */
  unavailable: string | null;
  /** Why loading failed (the payment step holds its own). */
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The signed-in shopper's details step two starts with (issue 37 item 9), or null. */
  contact: ShopperContact | null;
}

export type ReserveEvent =
  | { type: 'reserve.start' }
  /** Step two's values as entered: checked with `reserveCustomerSchema`, then the next step or their errors. */
  | { type: 'reserve.details'; values: FormValues }
  /** The checkout journey: whether a car is traded in, and how the rest is paid. */
  | { type: 'reserve.tradeIn'; tradeIn: boolean }
  | { type: 'reserve.payWith'; payWith: PayWith }
  | { type: 'reserve.back' }
  | { type: 'retry' };

/** Step two's values checked (the server checks them again). */
export const checkCustomer = (values: FormValues) => checkFields(reserveCustomerSchema, values);

/** The checkout journey's choices for the reservation, once made; null for a plain reservation. */
export const purchaseOf = (context: ReserveContext): Purchase | null =>
  context.journey && context.payWith
    ? { pay_with: context.payWith, trade_in: context.tradeIn ?? false }
    : null;

/**
 * Whether the car's deposit goes through Stripe: reservable, and not the local demonstration
 * provider (`test_mode`), the only other processor (the page then loads Stripe's component and needs
 * the document's policy to allow it).
 */
export const usesStripe = (terms: ReserveTerms | null): boolean =>
  terms?.reservable === true && !terms.test_mode;

/**
 * The processor whose component the page may load: Stripe for a Stripe car — reservable, or this
 * shopper's own claim when the processor sent them back here (a refused card is tried again in
 * Stripe's component).
 */
export const paymentComponentOf = (
  context: Pick<ReserveContext, 'terms' | 'returnedIntent'>,
): 'stripe' | null =>
  usesStripe(context.terms) ||
  (context.returnedIntent !== null && context.terms !== null && !context.terms.test_mode)
    ? 'stripe'
    : null;
