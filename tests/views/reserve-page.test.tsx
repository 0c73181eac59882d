import { QueryClient } from '@tanstack/react-query';
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
const held: Reservation = {
  reservation_id: 'r-1',
  car_id: 501,
  status: 'held',
  amount: 300,
  currency: 'aud',
  held_until: '2026-11-29T01:00:00.000Z',
  lead_id: 'lead-1',
};

function renderApp(slug: string, path: string) {
  const sent: unknown[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (url.pathname === `/api/cars/${car.slug}/reserve`) return Response.json(terms);
      if (url.pathname === '/api/reservations') {
        sent.push(await request.json());
        return Response.json(held, { status: 201 });
      }
      if (url.pathname === '/api/auth/session') return Response.json({ user: null });
      if (url.pathname === '/api/watchlist')
        return Response.json({ signed_in: false, phone_number: null, cars: [] });
      return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  window.history.pushState(null, '', path);
  render(<App site={siteOf(slug)} deps={{ http, queryClient }} restored={{ current: null }} location={{}} />);
  return sent;
}

async function fillDetails(email = 'sam@example.com') {
  await userEvent.type(screen.getByLabelText('Name', { exact: false, selector: 'input' }), 'Sam Shopper');
  await userEvent.type(screen.getByLabelText(/^Email/, { selector: 'input' }), email);
  await userEvent.type(screen.getByLabelText(/^Phone/, { selector: 'input' }), '0400 111 222');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillCard(expiry: string, number: string = TEST_CARDS.success) {
  await userEvent.type(screen.getByLabelText(/^Card number/, { selector: 'input' }), number);
  await userEvent.type(screen.getByLabelText(/^Expiry/, { selector: 'input' }), expiry);
  await userEvent.type(screen.getByLabelText(/^Security code/, { selector: 'input' }), '123');
  await userEvent.click(screen.getByLabelText(/I understand my deposit/));
  await userEvent.click(screen.getByRole('button', { name: 'Pay $300 deposit' }));
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
    expect(sent).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Expiry/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^Expiry/, { selector: 'input' }), '12/39');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $300 deposit' }));
    expect((await screen.findByTestId('reserve-purchase')).textContent).toContain(
      'pay with finance, with a car to trade in',
    );
    expect(sent).toEqual([
      {
        car_id: 501,
        customer: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400111222' },
        payment_method: 'local_tok_success',
        purchase: { pay_with: 'finance', trade_in: true },
      },
    ]);
  });

  it('a card that is not a test card is refused in the browser: nothing is sent, and the test card goes as its token (issue 34 item 1)', async () => {
    const sent = renderApp('metro-used', `/checkout-journey?car_id=${car.slug}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Buy online: $300 deposit' }, { timeout: 10_000 }),
    );
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'No trade-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay in full' }));
    await fillCard('12/39', '4111 1111 1111 1111');
    expect((await screen.findByTestId('form-errors')).textContent).toContain(RESERVE_MESSAGES.notATestCard);
    expect(sent).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Card number/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^Card number/, { selector: 'input' }), '4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $300 deposit' }));
    await screen.findByTestId('reserve-purchase');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ payment_method: 'local_tok_success' });
    expect(JSON.stringify(sent)).not.toMatch(/4242|4111/);
  });
});
