import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState } from 'react';
import type { ReservationPayment } from '../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES } from '../../domain/reserve.ts';
import { pageStyles } from '../ui/page-styles.ts';
import { type ProcessorPort, processorDeclined, processorFailed } from './wiring.ts';

/**
 * The payment step's Stripe branch (issue 34 item 1; decision 121): Stripe.js and the Payment
 * Element, in their own chunk, loaded only when a reservation's payment is Stripe's. The card is
 * typed into Stripe's frames and never reaches this page's code or our server. The Element's
 * confirmation is registered on the page's processor port for the machine's `confirmPayment` actor:
 * `stripe.confirmPayment` with `redirect: 'if_required'`, so 3-D Secure shows over the page, or for a
 * card issuer that must redirect, the shopper comes back to this address with `payment_intent` in
 * its query and the machine asks the server about that payment.
 */

/** Stripe.js loaded once per publishable key and connected account (the dealer's: direct charges). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string, account: string | null): Promise<Stripe | null> {
  const key = `${publishableKey}\n${account ?? ''}`;
  let stripe = loaded.get(key);
  if (!stripe) {
    stripe = loadStripe(publishableKey, account ? { stripeAccount: account } : undefined);
    loaded.set(key, stripe);
    // A failed load (blocked, offline) is tried afresh next time.
    stripe.catch(() => loaded.delete(key));
  }
  return stripe;
}

/** This page's address without what Stripe adds on the way back (`payment_intent`, …). */
function returnUrl(): string {
  const url = new URL(window.location.href);
  for (const name of ['payment_intent', 'payment_intent_client_secret', 'redirect_status']) {
    url.searchParams.delete(name);
  }
  return url.href;
}

/** Registers the Element's confirmation on the port while Stripe.js and the Element are ready. */
function ConfirmationPort({ port }: { port: ProcessorPort }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    port.confirm = async () => {
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl() },
      });
      if (!error) return;
      // The card refused, or its details incomplete: Stripe's message, and the card form again.
      if (error.type === 'card_error' || error.type === 'validation_error') {
        throw processorDeclined(error.message ?? RESERVE_MESSAGES.declined);
      }
      // Anything else leaves the outcome unknown: the server looks the payment intent up.
      throw processorFailed(error.message ?? 'Stripe could not confirm the payment');
    };
    return () => {
      port.confirm = null;
    };
  }, [stripe, elements, port]);
  return null;
}

/**
 * Stripe's Payment Element for the reservation's intent (its client secret), on the dealer's
 * connected account. `stripe` is for tests (a stand-in of Stripe.js); the page loads the real one.
 */
export function StripePayment({
  payment,
  port,
  stripe,
}: {
  payment: ReservationPayment;
  port: ProcessorPort;
  stripe?: Stripe | null;
}) {
  const [failed, setFailed] = useState(false);
  const { publishable_key: publishableKey, account } = payment;
  // Elements takes its Stripe once: the same for this key and account while the step shows.
  const instance = useMemo(
    () =>
      stripe !== undefined
        ? stripe
        : stripeFor(publishableKey ?? '', account).catch(() => {
            setFailed(true);
            return null;
          }),
    [stripe, publishableKey, account],
  );
  const options = useMemo(() => ({ clientSecret: payment.client_secret }), [payment.client_secret]);
  return (
    <div data-testid="stripe-payment">
      {failed && (
        <p className={pageStyles.text} role="alert">
          {RESERVE_MESSAGES.componentFailed}
        </p>
      )}
      <Elements stripe={instance} options={options}>
        <ConfirmationPort port={port} />
        <PaymentElement onLoadError={() => setFailed(true)} />
      </Elements>
    </div>
  );
}
