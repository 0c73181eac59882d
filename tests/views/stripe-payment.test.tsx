import type { Stripe, StripeElements, StripeElementsOptions } from '@stripe/stripe-js';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReservationPayment } from '../../domain/contracts/reserve.ts';
import { StripePayment } from '../../views/reserve/stripe-payment.tsx';
import type { ProcessorPort } from '../../views/reserve/wiring.ts';

/**
 * The payment step's Stripe branch (issue 34 items 1 and 6): the Payment Element is mounted for the
 * reservation's intent — its client secret in the Elements options — and its confirmation, registered
 * for the machine, is `stripe.confirmPayment` with the Element, `redirect: 'if_required'` and a way
 * back to this page; a card Stripe refuses is a decline with Stripe's message, anything else an
 * unknown outcome the server looks up. A stand-in of Stripe.js is given to `<Elements>`: no network.
 */
const payment: ReservationPayment = {
  processor: 'stripe',
  intent_id: 'pi_3Q0abc',
  client_secret: 'pi_3Q0abc_secret_xyz',
  publishable_key: 'pk_test_forecourt',
  account: 'acct_1Dealer',
  state: 'awaiting_card',
  failure: null,
};

/** What the stand-in saw: the Elements options, the elements created and mounted, the confirmations. */
interface Seen {
  elementsOptions: StripeElementsOptions[];
  mounted: { type: string; node: Element }[];
  confirmations: unknown[];
}

function fakeStripe(confirmResult: { error?: { type: string; message: string } }) {
  const seen: Seen = { elementsOptions: [], mounted: [], confirmations: [] };
  const element = (type: string) => ({
    mount: (node: Element) => seen.mounted.push({ type, node }),
    on: () => {},
    off: () => {},
    update: () => {},
    destroy: () => {},
  });
  let elements: StripeElements;
  const stripe = {
    elements: (options: StripeElementsOptions) => {
      seen.elementsOptions.push(options);
      elements = { create: element, update: () => {}, getElement: () => null } as unknown as StripeElements;
      return elements;
    },
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: async () => ({}),
    confirmPayment: async (options: unknown) => {
      seen.confirmations.push(options);
      return confirmResult;
    },
  };
  return { stripe: stripe as unknown as Stripe, seen, elementsOf: () => elements };
}

describe('the Stripe payment step (issue 34)', () => {
  it('mounts the Payment Element with the intent’s client secret and registers its confirmation', async () => {
    const { stripe, seen, elementsOf } = fakeStripe({});
    const port: ProcessorPort = { confirm: null };
    const { unmount } = render(<StripePayment payment={payment} port={port} stripe={stripe} />);
    await waitFor(() => expect(seen.mounted.map((mounted) => mounted.type)).toEqual(['payment']));
    expect(seen.elementsOptions).toEqual([{ clientSecret: 'pi_3Q0abc_secret_xyz' }]);
    expect(screen.getByTestId('stripe-payment').contains(seen.mounted[0]?.node ?? null)).toBe(true);
    await waitFor(() => expect(port.confirm).not.toBeNull());

    window.history.pushState(
      null,
      '',
      '/cars/2022-mazda-cx-5-501/checkout?payment_intent=pi_old&redirect_status=failed',
    );
    await port.confirm?.(payment);
    expect(seen.confirmations).toEqual([
      {
        elements: elementsOf(),
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/cars/2022-mazda-cx-5-501/checkout` },
      },
    ]);
    unmount();
    expect(port.confirm).toBeNull();
    window.history.pushState(null, '', '/');
  });

  it('a card Stripe refuses is a decline with Stripe’s message; any other error leaves the outcome to the server', async () => {
    const refused = fakeStripe({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const port: ProcessorPort = { confirm: null };
    const first = render(<StripePayment payment={payment} port={port} stripe={refused.stripe} />);
    await waitFor(() => expect(port.confirm).not.toBeNull());
    await expect(port.confirm?.(payment)).rejects.toMatchObject({
      message: 'Your card has insufficient funds.',
      details: { code: 'payment_declined' },
    });
    first.unmount();

    const lost = fakeStripe({ error: { type: 'api_connection_error', message: 'Network error' } });
    render(<StripePayment payment={payment} port={port} stripe={lost.stripe} />);
    await waitFor(() => expect(port.confirm).not.toBeNull());
    const error = await port.confirm?.(payment).then(
      () => null,
      (thrown: { details?: { code?: string } }) => thrown,
    );
    expect(error?.details?.code).toBeUndefined();
  });
});
