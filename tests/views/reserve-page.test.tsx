import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reservation, ReserveTerms } from '../../domain/contracts/reserve.ts';
import { RESERVE_MESSAGES, TEST_CARDS } from '../../domain/reserve.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

/**
 * The reserve wizard (issue 17; issue 32 items 1–4) rendered from its machine through its selectors,
 * over a fake API: the forms' rules run in the machine, and the checkout journey's choices are sent.
 */
const siteOf = (slug: string) =>
  toPublicSite(loadTenants().find((s) => s.slug === slug) as never, connection);
const car = {
  id: 501,
  slug: '2021-toyota-corolla-501',
  name: '2021 Toyota Corolla',
  price: 24_990,
  primary_image_url: null,
  dealership_slug: 'metro-used-cars',
};
const terms: ReserveTerms = {
  car,
  car_type: 'used',
  reservable: true,
  reason: null,
  deposit: { amount: 300, label: '$300', hold_hours: 48, text: 'A fully refundable $300 deposit holds it.' },
  test_mode: true,
};
const payment = {
  processor: 'local' as const,
  intent_id: 'pi_local_abcdefgh12',
  client_secret: 'pi_local_abcdefgh12_secret_x',
  publishable_key: null,
  account: null,
  state: 'awaiting_card' as const,
  failure: null,
};
const started: Reservation = {
  reservation_id: '5a1f6c1e-8f0e-4a53-9b1f-2c9a4b7d6e01',
  car_id: 501,
  status: 'awaiting_payment',
  amount: 300,
  currency: 'aud',
  held_until: null,
  lead_id: null,
  payment,
};
const held: Reservation = {
  ...started,
  status: 'held',
  held_until: '2026-11-29T01:00:00.000Z',
  lead_id: 'lead-1',
  payment: null,
};

/** What the fake API answers the authorisation with, one answer per call (the last one repeats). */
type Authorisation = Reservation | 'unavailable';

/** Every call the page made to the reservation routes: the path, the Idempotency-Key and the body. */
interface Sent {
  path: string;
  key: string | null;
  body: unknown;
}

function renderApp(
  slug: string,
  path: string,
  authorisations: Authorisation[] = [held],
  /** Awaited before each start is answered (its count from 1): holds a start in flight. */
  beforeStart: (count: number) => Promise<void> = async () => {},
) {
  const sent: Sent[] = [];
  let starts = 0;
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (url.pathname === `/api/cars/${car.slug}/reserve`) return Response.json(terms);
      if (request.method === 'POST' && /^\/api\/(reservations|payments)/.test(url.pathname)) {
        const text = await request.text();
        sent.push({
          path: url.pathname,
          key: request.headers.get('idempotency-key'),
          body: text ? JSON.parse(text) : null,
        });
      }
      if (url.pathname === '/api/reservations') {
        starts += 1;
        await beforeStart(starts);
        return Response.json(started, { status: 201 });
      }
      if (url.pathname === `/api/payments/local/intents/${payment.intent_id}/confirm`) {
        const { payment_method } = (sent.at(-1)?.body ?? {}) as { payment_method?: string };
        return payment_method === 'local_tok_declined'
          ? Response.json(
              { error: { code: 'payment_declined', message: RESERVE_MESSAGES.declined } },
              { status: 402 },
            )
          : Response.json({ id: payment.intent_id, status: 'requires_capture' });
      }
      if (url.pathname === `/api/reservations/${started.reservation_id}/authorisation`) {
        const answer = authorisations.length > 1 ? authorisations.shift() : authorisations[0];
        return answer === 'unavailable'
          ? Response.json(
              {
                error: { code: 'payment_unavailable', message: 'The payment provider could not be reached' },
              },
              { status: 502 },
            )
          : Response.json(answer);
      }
      if (url.pathname === '/api/auth/session') return Response.json({ user: null });
      if (url.pathname === '/api/watchlist')
        return Response.json({ signed_in: false, phone_number: null, cars: [] });
      return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
    },
  });
  const queries = testQueries();
  window.history.pushState(null, '', path);
  render(<App site={siteOf(slug)} deps={{ http, queries }} restored={{ current: null }} location={{}} />);
  return sent;
}

async function fillDetails(email = 'sam@example.com') {
  await userEvent.type(screen.getByLabelText('Name', { exact: false, selector: 'input' }), 'Sam Shopper');
  await userEvent.type(screen.getByLabelText(/^Email/, { selector: 'input' }), email);
  await userEvent.type(screen.getByLabelText(/^Phone/, { selector: 'input' }), '0400 111 222');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillCard(expiry: string, number: string = TEST_CARDS.success) {
  await userEvent.type(await screen.findByLabelText(/^Card number/, { selector: 'input' }), number);
  await userEvent.type(screen.getByLabelText(/^Expiry/, { selector: 'input' }), expiry);
  await userEvent.type(screen.getByLabelText(/^Security code/, { selector: 'input' }), '123');
  await userEvent.click(screen.getByLabelText(/I understand my deposit/));
  await userEvent.click(screen.getByRole('button', { name: 'Pay $300 deposit' }));
}

async function retypeCard(number: string) {
  await userEvent.clear(screen.getByLabelText(/^Card number/, { selector: 'input' }));
  await userEvent.type(screen.getByLabelText(/^Card number/, { selector: 'input' }), number);
  await userEvent.click(screen.getByRole('button', { name: 'Pay $300 deposit' }));
}

/** The plain reservation on Bayside (no gate, no journey): terms, details, then the payment step. */
async function toPayment(authorisations?: Authorisation[], beforeStart?: (count: number) => Promise<void>) {
  const sent = renderApp('bayside-mazda', `/cars/${car.slug}/checkout`, authorisations, beforeStart);
  await userEvent.click(await screen.findByRole('button', { name: 'Reserve for $300' }, { timeout: 10_000 }));
  await fillDetails();
  return sent;
}

afterEach(() => window.history.pushState(null, '', '/'));

describe('reserve wizard (search-detail-finance-watchlist.md §2, §9)', { timeout: 30_000 }, () => {
  it('the checkout journey: the machine refuses a bad email and an expired card, then sends the choices', async () => {
    const sent = renderApp('metro-used', `/checkout-journey?car_id=${car.slug}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Buy online: $300 deposit' }, { timeout: 10_000 }),
    );
    expect(screen.getByTestId('reserve-car').textContent).toContain('Deposit today: $300, fully refundable');
    await fillDetails('sam@');
    expect(screen.getByTestId('form-errors').textContent).toContain('Please enter a valid email address');
    await userEvent.clear(screen.getByLabelText(/^Email/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.querySelector('h2[data-step]')?.textContent).toBe('Step 3 of 5: Trade-in');
    await userEvent.click(screen.getByRole('button', { name: 'I have a car to trade in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay with finance' }));
    await fillCard('01/20');
    expect(screen.getByTestId('form-errors').textContent).toContain(RESERVE_MESSAGES.expired);
    expect(sent.map((call) => call.path)).toEqual(['/api/reservations']);
    await userEvent.clear(screen.getByLabelText(/^Expiry/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^Expiry/, { selector: 'input' }), '12/39');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $300 deposit' }));
    expect((await screen.findByTestId('reserve-purchase')).textContent).toContain(
      'pay with finance, with a car to trade in',
    );
    // The reservation names no card; the card goes to the payment component as its token only.
    const key = sent[0]?.key;
    expect(sent).toEqual([
      {
        path: '/api/reservations',
        key,
        body: {
          car_id: 501,
          customer: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' },
          purchase: { pay_with: 'finance', trade_in: true },
        },
      },
      {
        path: `/api/payments/local/intents/${payment.intent_id}/confirm`,
        key: null,
        body: { client_secret: payment.client_secret, payment_method: 'local_tok_success' },
      },
      { path: `/api/reservations/${started.reservation_id}/authorisation`, key, body: {} },
    ]);
  });

  it('a card that is not a test card is refused in the browser: nothing is sent, and the test card goes as its token (issue 34 item 1)', async () => {
    const sent = await toPayment();
    await fillCard('12/39', '4111 1111 1111 1111');
    expect((await screen.findByTestId('form-errors')).textContent).toContain(RESERVE_MESSAGES.notATestCard);
    expect(sent.map((call) => call.path)).toEqual(['/api/reservations']);
    await retypeCard('4242 4242 4242 4242');
    await screen.findByTestId('reserve-confirmed');
    expect(sent).toHaveLength(3);
    expect(sent[1]?.body).toMatchObject({ payment_method: 'local_tok_success' });
    expect(JSON.stringify(sent)).not.toMatch(/4242|4111/);
  });

  it('a declined card shows the processor’s message on the card form; another card is tried on the same reservation (issue 34 item 2)', async () => {
    const sent = await toPayment();
    await fillCard('12/39', TEST_CARDS.declined);
    expect((await screen.findByTestId('form-errors')).textContent).toContain(RESERVE_MESSAGES.declined);
    await retypeCard(TEST_CARDS.success);
    expect((await screen.findByTestId('reserve-confirmed')).textContent).toContain(
      'deposit is held on your card',
    );
    expect(sent.map((call) => call.path.replace(/\/api\/|[0-9a-f-]{36}\/|pi_local_\w+\//g, ''))).toEqual([
      'reservations',
      'payments/local/intents/confirm',
      'payments/local/intents/confirm',
      'reservations/authorisation',
    ]);
  });

  it('the authorisation unanswered: the page says the payment is being checked — never that nothing was charged — and asks again with the same key (issue 34 item 3)', async () => {
    const sent = await toPayment(['unavailable', held]);
    await fillCard('12/39');
    const status = await screen.findByTestId('reserve-payment-status');
    expect(status.textContent).toBe(RESERVE_MESSAGES.checking);
    expect(document.body.textContent).not.toMatch(/not been charged/);
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByTestId('reserve-confirmed');
    const checks = sent.filter((call) => call.path.endsWith('/authorisation'));
    expect(checks).toHaveLength(2);
    expect(new Set([sent[0]?.key, ...checks.map((call) => call.key)]).size).toBe(1);
  });

  it('back from the card form and on again: the payment is prepared afresh, never a blank step or the old form', async () => {
    let release = () => {};
    const secondStart = new Promise<void>((resolve) => {
      release = resolve;
    });
    await toPayment(undefined, (count) => (count === 2 ? secondStart : Promise.resolve()));
    await screen.findByLabelText(/^Card number/, { selector: 'input' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('status')).textContent).toBe('Preparing your secure payment…');
    expect(screen.queryByLabelText(/^Card number/, { selector: 'input' })).toBeNull();
    release();
    await screen.findByLabelText(/^Card number/, { selector: 'input' });
  });

  it('a refusal the processor reports on the authorisation returns to the card form with its message', async () => {
    const refused: Reservation = {
      ...started,
      payment: { ...payment, failure: RESERVE_MESSAGES.insufficientFunds },
    };
    await toPayment([refused, held]);
    await fillCard('12/39');
    expect((await screen.findByTestId('form-errors')).textContent).toContain(
      RESERVE_MESSAGES.insufficientFunds,
    );
    await retypeCard(TEST_CARDS.success);
    await screen.findByTestId('reserve-confirmed');
  });
});
