import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { WatchlistAnswer } from '../../domain/contracts/watchlist.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { FAVOURITES_KEY } from '../../services/watchlist/favourites.storage.ts';
import { type PublicSite, toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { ShellProvider } from '../../views/app/shell.tsx';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { FavouriteButton } from '../../views/ui/favourite-button.tsx';
import { buildCar } from '../fixtures/cars.ts';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

const sites = loadTenants();
const siteOf = (slug: string): PublicSite => {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  return toPublicSite(config, connection);
};

type Route = (request: Request) => Response | Promise<Response>;

function fakeApi(routes: Record<string, Route>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.json() : null;
      requests.push({ method: request.method, path: url.pathname, body });
      const route = routes[`${request.method} ${url.pathname}`];
      if (!route)
        return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
      return route(request);
    },
  });
  return {
    requests,
    deps: { http, queries: testQueries() },
  };
}

function renderApp(path: string, routes: Record<string, Route>, slug = 'bayside-mazda') {
  const api = fakeApi(routes);
  window.history.pushState(null, '', path);
  render(<App site={siteOf(slug)} deps={api.deps} restored={{ current: null }} location={{}} />);
  return api;
}

const savedList: WatchlistAnswer = {
  signed_in: true,
  phone_number: '0400111222',
  cars: [
    {
      id: 501,
      slug: '2022-mazda-cx-5-501',
      name: '2022 Mazda CX-5 Touring',
      price: 36_990,
      status: 'in_stock',
      sold: false,
      primary_image_url: null,
      saved_at: '2026-03-02T00:00:00.000Z',
    },
    {
      id: 502,
      slug: '2019-mazda-3-502',
      name: '2019 Mazda 3 G20',
      price: 19_990,
      status: 'sold',
      sold: true,
      primary_image_url: null,
      saved_at: '2026-03-01T00:00:00.000Z',
    },
  ],
};

let alert: ReturnType<typeof vi.fn<(message?: string) => void>>;
beforeEach(() => {
  localStorage.clear();
  alert = vi.fn<(message?: string) => void>();
  vi.spyOn(window, 'alert').mockImplementation(alert);
});
afterEach(() => {
  toast.dismiss();
  localStorage.clear();
  window.history.pushState(null, '', '/');
});

describe('watchlist page view (issue 6 item 2)', () => {
  it('lists the saved cars, marks sold ones, and removing one changes it at once, then shows one toast', async () => {
    const { requests } = renderApp('/watchlist', {
      'GET /api/watchlist': () => Response.json(savedList),
      'POST /api/watchlist/remove-car': () => Response.json({ success: true, car_id: 501 }),
    });
    const rows = await screen.findAllByTestId('watchlist-car');
    expect(rows.map((row) => row.dataset.sold)).toEqual(['false', 'true']);
    expect(within(rows[1] as HTMLElement).getByText('SOLD')).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Save 2022 Mazda CX-5 Touring to watchlist' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Car Removed')).toBeTruthy();
    expect(screen.getByText('2022 Mazda CX-5 Touring is no longer in your watchlist')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View List' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/watchlist/remove-car',
        body: { phone_number: '0400111222', car_id: 501 },
      },
    ]);
  });

  it('§8 a refused change alerts the server’s message and puts the button back', async () => {
    renderApp('/watchlist', {
      'GET /api/watchlist': () => Response.json(savedList),
      'POST /api/watchlist/remove-car': () =>
        Response.json({ error: { code: 'car_not_found', message: 'Car not found' } }, { status: 404 }),
    });
    const button = await screen.findByRole('button', { name: 'Save 2019 Mazda 3 G20 to watchlist' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Car not found'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Car Removed')).toBeNull();
  });

  it('an anonymous visitor is offered sign-in for the watchlist and sees this device’s favourites', async () => {
    localStorage.setItem(
      FAVOURITES_KEY,
      JSON.stringify([{ id: 7, slug: 'a-7', name: '2020 Mazda 2', price: 15_000, primary_image_url: null }]),
    );
    renderApp('/watchlist', {
      'GET /api/watchlist': () => Response.json({ signed_in: false, phone_number: null, cars: [] }),
      'GET /api/auth/session': () => Response.json({ user: null }),
    });
    const link = await within(screen.getByRole('main')).findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/sign-in?type=watchlist&redirect=%2Fwatchlist&back=%2Fwatchlist');
    expect(await screen.findByTestId('favourite-car')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save 2020 Mazda 2 to watchlist' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await userEvent.click(save);
    await waitFor(() => expect(window.location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(window.location.search).get('type')).toBe('watchlist');
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    // The email alone: the password is chosen from the emailed link, the phone asked for after it (decision 104).
    expect(screen.getByText('We will email you a link to choose your password.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull();
  });
});

describe('header account links (issue 6)', () => {
  it('a visitor’s Sign in link returns to this page; a signed-in shopper sees Your account; Watchlist is always there', async () => {
    const anonymous = { signed_in: false, phone_number: null, cars: [] };
    renderApp('/search/used-cars?page=2', { 'GET /api/watchlist': () => Response.json(anonymous) });
    const header = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in?redirect=%2Fsearch%2Fused-cars%3Fpage%3D2&back=%2Fsearch%2Fused-cars%3Fpage%3D2',
    );
    expect(header.getByRole('link', { name: 'Watchlist' }).getAttribute('href')).toBe('/watchlist');
  });

  it('a signed-in shopper’s header says Your account from the server’s word on the session, before any list is read', async () => {
    // The shell reads the list once the app has hydrated; the header does not wait for it.
    const api = fakeApi({ 'GET /api/watchlist': () => new Promise<Response>(() => undefined) });
    window.history.pushState(null, '', '/sign-in');
    render(
      <App
        site={siteOf('bayside-mazda')}
        signedIn
        deps={api.deps}
        restored={{ current: null }}
        location={{}}
      />,
    );
    const header = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(header.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/sign-in');
    // Only the shell's one read after hydration, still unanswered: nothing else asked for the list.
    expect(api.requests.filter((r) => r.path === '/api/watchlist').length).toBeLessThanOrEqual(1);
  });
});

describe('favourite button (§4 Favourites, §5 visibility)', () => {
  function renderButton(car: ReturnType<typeof buildCar>, slug = 'bayside-mazda') {
    const api = fakeApi({ 'POST /api/analytics': () => Response.json({ ok: true }, { status: 202 }) });
    render(
      <SiteProvider site={siteOf(slug)}>
        <Router>
          <ShellProvider deps={api.deps}>
            <FavouriteButton car={car} />
          </ShellProvider>
        </Router>
      </SiteProvider>,
    );
    return api;
  }

  it('adding a favourite keeps it in storage and sends analytics event 39; pressing again drops it', async () => {
    const car = buildCar({ id: 42, name: '2021 Mazda CX-5 Maxx Sport' });
    const { requests } = renderButton(car);
    const button = await screen.findByRole('button', {
      name: 'Add 2021 Mazda CX-5 Maxx Sport to favourites',
    });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toMatchObject([{ id: 42 }]);
    // The shell's one read of the watchlist after hydration is not the button's.
    const sent = () => requests.filter((r) => r.path !== '/api/watchlist');
    await waitFor(() =>
      expect(sent()).toEqual([
        { method: 'POST', path: '/api/analytics', body: { event_id: 39, car_id: 42, path: '/' } },
      ]),
    );
    await userEvent.click(button);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual([]);
    expect(sent()).toHaveLength(1);
  });

  it.each([
    ['a sold car', buildCar({ status: 'sold' }), 'bayside-mazda'],
    ['a car priced 0', buildCar({ price: 0 }), 'bayside-mazda'],
    ['a dealer with the storage setting off', buildCar(), 'outback-rv'],
  ])('is hidden for %s', async (_case, car, slug) => {
    renderButton(car, slug);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByTestId('favourite-button')).toBeNull();
  });
});
