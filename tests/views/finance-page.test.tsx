import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CALCULATOR_MESSAGES } from '../../domain/finance-application.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

/** The finance page (issue 17 item 4) rendered from its machine through its selectors, over a fake API. */
const site = toPublicSite(loadTenants().find((s) => s.slug === 'bayside-mazda') as never, connection);
const car = {
  id: 501,
  slug: '2022-mazda-cx-5-501',
  name: '2022 Mazda CX-5',
  price: 30_000,
  primary_image_url: null,
  dealership_slug: site.dealerships[0]?.slug ?? 'bayside-mazda',
};

function renderApp(path: string, carAnswer: () => Response) {
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/car-summary') return carAnswer();
      if (url.pathname === '/api/auth/session') return Response.json({ user: null });
      if (url.pathname === '/api/watchlist')
        return Response.json({ signed_in: false, phone_number: null, cars: [] });
      return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
    },
  });
  const queries = testQueries();
  window.history.pushState(null, '', path);
  render(<App site={site} deps={{ http, queries }} restored={{ current: null }} location={{}} />);
}

afterEach(() => window.history.pushState(null, '', '/'));

describe('finance page (search-detail-finance-watchlist.md §2, §9)', { timeout: 30_000 }, () => {
  it('shows the car beside the calculator and the application, prefilled with its price', async () => {
    renderApp(`${site.finance.path}?car_id=501`, () => Response.json(car));
    const aside = await screen.findByTestId('finance-car', {}, { timeout: 10_000 });
    expect(within(aside).getByRole('link', { name: car.name }).getAttribute('href')).toBe(
      `/cars/${car.slug}`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Apply for finance');
    expect((screen.getByLabelText('Vehicle price ($)') as HTMLInputElement).value).toBe('30000');
    expect((screen.getByLabelText('Vehicle price budget ($)') as HTMLInputElement).value).toBe('30000');
    expect(screen.getByTestId('finance-weekly').textContent).toMatch(/^\$\d+ per week$/);
  });

  it('a balloon above the amount borrowed is refused beside it, and no weekly figure shows', async () => {
    renderApp(`${site.finance.path}?vehiclePriceBudget=30000`, () => Response.json(car));
    const balloon = await screen.findByLabelText('Balloon ($)', {}, { timeout: 10_000 });
    await userEvent.clear(balloon);
    await userEvent.type(balloon, '90000');
    expect(screen.getByText(CALCULATOR_MESSAGES.balloon)).toBeTruthy();
    expect(balloon.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('finance-weekly').textContent).toBe(
      'Check the figures above to see your weekly repayment.',
    );
  });

  it('a car that is gone leaves the application without it', async () => {
    renderApp(`${site.finance.path}?car_id=999`, () =>
      Response.json({ error: { code: 'car_not_found', message: 'No such car' } }, { status: 404 }),
    );
    expect(await screen.findByTestId('finance-calculator', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('finance-car')).toBeNull();
  });
});
