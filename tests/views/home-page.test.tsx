import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

const sites = loadTenants();
function renderHome(slug: string, answers: Response[]) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  const site = toPublicSite(config, connection);
  const requests: string[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      requests.push(path);
      // The shell reads the watchlist once the app has hydrated (issue 32 item 5): a signed-out one.
      if (path === '/api/watchlist') return Response.json({ signed_in: false, phone_number: null, cars: [] });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    },
  });
  const queries = testQueries();
  render(<App site={site} deps={{ http, queries }} restored={{ current: null }} location={{}} />);
  return { site: config, requests };
}

const homeAnswer = (slug: string) => {
  const site = sites.find((s) => s.slug === slug);
  return Response.json({
    name: site?.name,
    tagline: site?.tagline,
    description: site?.description,
    dealerships: site?.dealerships.map((d) => ({ name: d.name, slug: d.slug, phone: d.phone })),
    locations: site?.locations.map((l) => ({
      name: l.name,
      slug: l.slug,
      location_type: l.location_type,
      phone: l.phone,
      address: l.address,
    })),
  });
};

describe('home page view', () => {
  it('the promotions banner and slider open each offer’s own page (issue 31 item 21)', async () => {
    const answer = (await homeAnswer('bayside-mazda').json()) as Record<string, unknown>;
    const promotion = (id: number, title: string) => ({
      id,
      title,
      description: null,
      image_url: `/media/promotions/${id}.svg`,
      link: '/search',
      expires_at: '2026-12-18T00:00:00.000Z',
    });
    renderHome('bayside-mazda', [
      Response.json({
        ...answer,
        promotions: [promotion(10_101, 'Drive Away Deals'), promotion(10_105, 'Book Your Next Service')],
      }),
    ]);
    const promotions = await screen.findByTestId('promotions');
    expect(within(promotions).getByRole('link', { name: 'Drive Away Deals' }).getAttribute('href')).toBe(
      '/special-offers/10101',
    );
    expect(
      within(promotions).getByRole('link', { name: 'Book Your Next Service' }).getAttribute('href'),
    ).toBe('/special-offers/10105');
    // The first as the wide banner, the rest in the slider; then the link to them all.
    expect(within(promotions).getByRole('heading', { level: 2 }).textContent).toBe('Current offers');
    const sizes = [...promotions.querySelectorAll('img')].map((img) => [
      img.getAttribute('src'),
      img.getAttribute('width'),
      img.getAttribute('height'),
    ]);
    expect(sizes).toEqual([
      ['/media/promotions/10101.svg', '1920', '540'],
      ['/media/promotions/10105.svg', '640', '180'],
    ]);
    expect(
      within(within(promotions).getByRole('list', { name: 'More offers' })).getAllByRole('link'),
    ).toHaveLength(1);
    expect(within(promotions).getByRole('link', { name: 'All special offers' }).getAttribute('href')).toBe(
      '/special-offers',
    );
  });

  it('shows a loading placeholder, then the dealer’s name, dealerships and locations', async () => {
    const { site, requests } = renderHome('harbour-auto-group', [homeAnswer('harbour-auto-group')]);
    expect(screen.getByRole('status')).toHaveProperty('ariaBusy', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: site.name })).toBeTruthy();
    expect(screen.getAllByTestId('location-card')).toHaveLength(site.locations.length);
    expect(screen.getByRole('heading', { name: 'Our dealerships' })).toBeTruthy();
    expect(requests.filter((path) => path !== '/api/watchlist')).toEqual(['/api/home']);
    expect(requests.filter((path) => path === '/api/watchlist')).toHaveLength(1);
  });

  it('a single-dealership site does not list dealerships', async () => {
    const { site } = renderHome('bayside-mazda', [homeAnswer('bayside-mazda')]);
    await screen.findByRole('heading', { level: 1, name: site.name });
    expect(screen.queryByRole('heading', { name: 'Our dealerships' })).toBeNull();
  });

  it('a failed load shows the message and a retry that loads again', async () => {
    const failure = Response.json({ error: { code: 'down', message: 'Home is down' } }, { status: 503 });
    const { site } = renderHome('metro-used', [failure, homeAnswer('metro-used')]);
    expect(await screen.findByText('Home is down')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: site.name })).toBeTruthy();
  });

  it('the header and footer carry the dealer’s name, phone and menus', async () => {
    const { site } = renderHome('outback-rv', [homeAnswer('outback-rv')]);
    await screen.findByRole('heading', { level: 1, name: site.name });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Sell My Car'])
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    for (const label of ['Stock ▾', 'Finance ▾', 'Service & Parts ▾', 'More ▾']) {
      expect(within(nav).getByRole('button', { name: label })).toBeTruthy();
    }
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(site.phone)).toBeTruthy();
    // §2 the payment-methods strip, in the spec's order.
    expect(
      within(within(footer).getByRole('list', { name: 'Payment methods we accept' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
  });
});
