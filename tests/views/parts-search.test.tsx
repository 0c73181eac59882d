import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

/** The parts search page (spec doc 1 §7 "Dealership item search") rendered through its selectors. */
const site = toPublicSite(loadTenants().find((s) => s.slug === 'bayside-mazda') as never, connection);
const answer = {
  hits: [
    { objectID: 'i1', name: 'Oil filter', categories: ['Filters'], price: 24.5, dealership_id: 1 },
    { objectID: 'i2', name: 'Roof racks', categories: ['Accessories'], price: null, dealership_id: 1 },
  ],
  nbHits: 44,
  page: 0,
  nbPages: 3,
  facets: { categories: { Filters: 12, Accessories: 32 } },
};

function renderApp(path: string) {
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/search-api/')) return Response.json({ results: [answer, answer] });
    if (url.pathname === '/api/watchlist')
      return Response.json({ signed_in: false, phone_number: null, cars: [] });
    return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
  };
  const http = createHttp({ baseUrl: 'http://localhost', fetch });
  const queries = testQueries();
  window.history.pushState(null, '', path);
  render(<App site={site} deps={{ http, queries, fetch }} restored={{ current: null }} location={{}} />);
}

afterEach(() => window.history.pushState(null, '', '/'));

describe('parts search page', { timeout: 30_000 }, () => {
  it('lists the items with their count and prices, the categories and pages as addresses', async () => {
    renderApp('/parts/search?query=oil&category=Filters');
    expect(await screen.findByText('44 parts and accessories', {}, { timeout: 10_000 })).toBeTruthy();
    const cards = screen.getAllByTestId('item-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Oil filter',
      'Roof racks',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('$24.50')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Price on request')).toBeTruthy();
    const categories = within(screen.getByRole('navigation', { name: 'Categories' }));
    expect(categories.getByRole('link', { name: 'Filters (12)' }).getAttribute('aria-current')).toBe('true');
    expect(categories.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe(
      '/parts/search?query=oil',
    );
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(pages.getByRole('link', { name: 'Next' }).getAttribute('href')).toContain('page=2');
    expect(
      (screen.getByRole('searchbox', { name: 'Search parts and accessories' }) as HTMLInputElement).value,
    ).toBe('oil');
  });
});
