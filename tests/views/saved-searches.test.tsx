import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../domain/saved-search.ts';
import { saveSearchHref } from '../../domain/saved-search-link.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

/** The saved-searches and unsubscribe pages (issue 19 item 2) over a fake API. */
const site = toPublicSite(loadTenants().find((s) => s.slug === 'bayside-mazda') as never, connection);

type Route = (request: Request) => Response | Promise<Response>;

function renderApp(path: string, routes: Record<string, Route>) {
  const requests: { path: string; body: unknown }[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.json() : null;
      if (request.method === 'POST') requests.push({ path: url.pathname, body });
      const route = routes[`${request.method} ${url.pathname}`];
      if (!route)
        return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
      return route(request);
    },
  });
  const queries = testQueries();
  window.history.pushState(null, '', path);
  render(<App site={site} deps={{ http, queries }} restored={{ current: null }} location={{}} />);
  return requests;
}

const mazdas: SavedSearch = {
  id: 7,
  name: 'Cheap Mazdas',
  // The listing's address as the browser shows it (InstantSearch's brackets unescaped).
  href: '/search/used-cars?refinementList[make][0]=Mazda',
  frequency: 'instant',
  created_at: '2026-11-26T00:00:00.000Z',
};
const offer = saveSearchHref({ href: mazdas.href, search: { make: ['Mazda'] }, car_types: ['used'] });
const signedOut = {
  'GET /api/watchlist': () => Response.json({ signed_in: false, phone_number: null, cars: [] }),
};

afterEach(() => window.history.pushState(null, '', '/'));

describe('saved searches page (issue 19 item 2)', () => {
  it('offers the listing’s search with its default name, saves it with the chosen emails, and lists it', async () => {
    const requests = renderApp(offer, {
      ...signedOut,
      'GET /api/saved-searches': () => Response.json({ signed_in: true, searches: [] }),
      'POST /api/saved-searches': () =>
        Response.json({ search: { ...mazdas, frequency: 'daily' } }, { status: 201 }),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Used · Mazda');
    await userEvent.clear(name);
    await userEvent.type(name, 'Cheap Mazdas');
    await userEvent.click(screen.getByRole('radio', { name: 'Once a day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved: Cheap Mazdas')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Save this search' })).toBeNull();
    const item = within(screen.getByRole('list', { name: 'Saved searches' }));
    expect(item.getByRole('link', { name: 'Cheap Mazdas' }).getAttribute('href')).toBe(mazdas.href);
    expect(requests).toEqual([
      {
        path: '/api/saved-searches',
        body: {
          href: mazdas.href,
          search: { make: ['Mazda'] },
          car_types: ['used'],
          name: 'Cheap Mazdas',
          frequency: 'daily',
        },
      },
    ]);
  });

  it('an empty name is refused before anything is sent; the server’s refusal keeps the form', async () => {
    const requests = renderApp(offer, {
      ...signedOut,
      'GET /api/saved-searches': () => Response.json({ signed_in: true, searches: [] }),
      'POST /api/saved-searches': () =>
        Response.json(
          {
            error: {
              code: 'limit_reached',
              message: 'You can save up to 20 searches: delete one to save another',
            },
          },
          { status: 409 },
        ),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(requests).toEqual([]);
    await userEvent.type(name, 'Mazdas');
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can save up to 20 searches: delete one to save another',
    );
    expect(screen.getByRole('heading', { name: 'Save this search' })).toBeTruthy();
  });

  it('changes a search’s emails and deletes it', async () => {
    const requests = renderApp('/saved-searches', {
      ...signedOut,
      'GET /api/saved-searches': () => Response.json({ signed_in: true, searches: [mazdas] }),
      'POST /api/saved-searches/frequency': () => Response.json({ search: { ...mazdas, frequency: 'off' } }),
      'POST /api/saved-searches/delete': () => Response.json({ id: 7 }),
    });
    const emails = await screen.findByRole('combobox', { name: 'Emails for Cheap Mazdas' });
    await userEvent.selectOptions(emails, 'off');
    expect(await screen.findByText('Emails changed for Cheap Mazdas')).toBeTruthy();
    await waitFor(() => expect((emails as HTMLSelectElement).value).toBe('off'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Cheap Mazdas' }));
    expect(await screen.findByText('Saved search deleted')).toBeTruthy();
    expect(screen.getByText(/No saved searches yet/)).toBeTruthy();
    expect(requests.map((r) => r.path)).toEqual([
      '/api/saved-searches/frequency',
      '/api/saved-searches/delete',
    ]);
  });

  it('a signed-out shopper may sign in and come back to the offer, or save it with just an email (issue 37 item 9)', async () => {
    const requests = renderApp(offer, {
      ...signedOut,
      'GET /api/saved-searches': () => Response.json({ signed_in: false, searches: [] }),
      'POST /api/saved-searches/by-email': () =>
        Response.json({ status: 'check_email', email: 'sam@example.com' }, { status: 202 }),
    });
    const link = await within(screen.getByRole('main')).findByRole('link', { name: 'Sign in' });
    const params = new URLSearchParams((link.getAttribute('href') ?? '').split('?')[1]);
    expect(decodeURIComponent(params.get('redirect') ?? '')).toBe(decodeURIComponent(offer));
    expect(params.get('back')).toBe(mazdas.href);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect((await screen.findByTestId('saved-search-link-sent')).textContent).toContain(
      'Check your email: we have sent a link to sam@example.com.',
    );
    expect(requests).toEqual([
      {
        path: '/api/saved-searches/by-email',
        body: { email: 'sam@example.com', draft: expect.objectContaining({ href: mazdas.href }) },
      },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });
});

describe('unsubscribe page (issue 19 item 2)', () => {
  it('asks first, then stops the emails and names the search; a refused link shows the server’s message', async () => {
    let answer: Response = Response.json(
      { error: { code: 'expired_token', message: 'This link has expired' } },
      { status: 410 },
    );
    const requests = renderApp('/saved-searches/unsubscribe?token=7.1900000000.sig', {
      ...signedOut,
      'POST /api/saved-searches/unsubscribe': () => answer,
    });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(requests).toEqual([]);
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired');
    answer = Response.json({ names: ['Cheap Mazdas'] });
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'You will get no more emails for your saved search “Cheap Mazdas”. It stays in your saved searches',
    );
    expect(requests).toEqual([
      { path: '/api/saved-searches/unsubscribe', body: { token: '7.1900000000.sig' } },
      { path: '/api/saved-searches/unsubscribe', body: { token: '7.1900000000.sig' } },
    ]);
  });

  it('a link for every search of an email (its List-Unsubscribe address, opened in a browser) names them all', async () => {
    renderApp('/saved-searches/unsubscribe?token=7-9-12.1900000000.sig', {
      ...signedOut,
      'POST /api/saved-searches/unsubscribe': () =>
        Response.json({ names: ['Cheap Mazdas', 'Utes', 'Vans'] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'You will get no more emails for your saved searches “Cheap Mazdas”, “Utes” and “Vans”. They stay in your saved searches, where you can turn their emails on again.',
    );
  });
});

describe('confirm-search page (issue 37 item 9)', () => {
  it('asks first, then confirms the search and links to its cars; a refused link shows the server’s message', async () => {
    let answer: Response = Response.json(
      { error: { code: 'expired_token', message: 'This link has expired' } },
      { status: 410 },
    );
    const requests = renderApp('/saved-searches/confirm?token=abc123', {
      ...signedOut,
      'POST /api/saved-searches/confirm': () => answer,
    });
    expect(await screen.findByRole('heading', { name: 'Confirm your saved search' })).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Confirm search' });
    expect(requests).toEqual([]);
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired');
    answer = Response.json({ name: mazdas.name, href: mazdas.href });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm search' }));
    expect(await screen.findByRole('heading', { name: 'Your search is saved' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'We will email you when a new car matches “Cheap Mazdas” or a price drops.',
    );
    expect(screen.getByRole('link', { name: 'See the cars' }).getAttribute('href')).toBe(mazdas.href);
    expect(requests).toEqual([
      { path: '/api/saved-searches/confirm', body: { token: 'abc123' } },
      { path: '/api/saved-searches/confirm', body: { token: 'abc123' } },
    ]);
  });
});
