import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../domain/contracts/session.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

const sites = loadTenants();
const sam: AuthUser = { id: 1, email: 'sam@example.com', phone_number: '0400111222' };

function renderSignIn(path: string, signedIn: AuthUser | null, routes: Record<string, () => Response> = {}) {
  let session = signedIn;
  const config = sites.find((s) => s.slug === 'harbour-auto-group');
  if (!config) throw new Error('no site');
  const posts: { path: string; body: unknown }[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'POST') posts.push({ path: url.pathname, body: await request.json() });
      if (url.pathname === '/api/auth/session') return Response.json({ user: session });
      const route = routes[`${request.method} ${url.pathname}`];
      if (!route)
        return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
      const response = route();
      if (response.ok && url.pathname.startsWith('/api/auth/'))
        session = (await response.clone().json()).user;
      return response;
    },
  });
  window.history.pushState(null, '', path);
  const queries = testQueries();
  render(
    <App
      site={toPublicSite(config, connection)}
      deps={{ http, queries }}
      restored={{ current: null }}
      location={{}}
    />,
  );
  return { posts };
}

afterEach(() => window.history.pushState(null, '', '/'));

describe('sign-in page view (issue 6 item 1)', () => {
  it('says why, checks the fields before sending, and links back without signing in', async () => {
    const { posts } = renderSignIn('/sign-in?type=finance&redirect=%2Ffinance&back=%2Fcars%2Fx', null);
    expect(await screen.findByRole('heading', { name: 'Sign in to apply for finance' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'sam');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(posts).toEqual([]);
    expect(screen.getByRole('link', { name: 'Go back without signing in' }).getAttribute('href')).toBe(
      '/cars/x',
    );
  });

  it('signing up takes the email alone and asks the shopper to open the emailed link, which keeps this page’s reasons', async () => {
    const { posts } = renderSignIn(
      '/sign-in?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx',
      null,
      {
        'POST /api/auth/sign-up': () =>
          Response.json({ status: 'check_email', email: 'sam@example.com' }, { status: 202 }),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByText('We will email you a link to choose your password.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByTestId('check-email').textContent).toContain(
      'We have sent a link to sam@example.com. Open it to choose your password and finish creating your account.',
    );
    expect(posts[0]).toEqual({
      path: '/api/auth/sign-up',
      body: {
        email: 'sam@example.com',
        continue: '/sign-in?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to reserve this car' })).toBeTruthy();
  });

  it('“Forgot password?” keeps the reasons; the reset page answers “check your email” for any address', async () => {
    const { posts } = renderSignIn(
      '/sign-in?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx',
      null,
      {
        'POST /api/auth/password-reset': () =>
          Response.json({ status: 'check_email', email: 'nobody@example.com' }, { status: 202 }),
      },
    );
    const forgot = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(forgot.getAttribute('href')).toBe(
      '/sign-in/forgot-password?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx',
    );
    await userEvent.click(forgot);
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'We have sent an email to nobody@example.com. Open its link to choose a new password.',
    );
    expect(posts).toEqual([
      {
        path: '/api/auth/password-reset',
        body: {
          email: 'nobody@example.com',
          continue: '/sign-in?type=checkout&redirect=%2Fcars%2Fx%2Fcheckout&back=%2Fcars%2Fx',
        },
      },
    ]);
  });

  it('the emailed link’s page sets the password with the link’s token, then goes on where the shopper was going', async () => {
    const { posts } = renderSignIn(
      '/sign-in/set-password?type=checkout&redirect=%2Fwatchlist&back=%2Fcars%2Fx&token=abcdefghijklmnopqrstuvwxyz012345',
      null,
      {
        'POST /api/auth/set-password': () => Response.json({ user: sam }),
        'GET /api/watchlist': () =>
          Response.json({ signed_in: true, phone_number: sam.phone_number, cars: [] }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Your password needs at least 8 characters')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Your watchlist' })).toBeTruthy();
    expect(window.location.pathname).toBe('/watchlist');
    expect(posts[0]).toEqual({
      path: '/api/auth/set-password',
      body: { token: 'abcdefghijklmnopqrstuvwxyz012345', password: 'correct horse battery' },
    });
  });

  it('a used or expired link says so and offers a new one', async () => {
    const refused =
      'This link has expired or was already used. Please ask for a new one: we will email it to you.';
    renderSignIn('/sign-in/set-password?token=abcdefghijklmnopqrstuvwxyz012345&reset=1', null, {
      'POST /api/auth/set-password': () =>
        Response.json({ error: { code: 'invalid_link', message: refused } }, { status: 410 }),
    });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(refused);
    expect(screen.getByRole('link', { name: 'Email me a new link' }).getAttribute('href')).toBe(
      '/sign-in/forgot-password?redirect=%2F&back=%2F',
    );
  });

  it('a refused sign-in shows the message as an alert', async () => {
    renderSignIn('/sign-in', null, {
      'POST /api/auth/sign-in': () =>
        Response.json(
          { error: { code: 'invalid_credentials', message: 'Incorrect email or password' } },
          { status: 401 },
        ),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
  });

  it('a signed-in shopper sees the account, can change the phone and sign out', async () => {
    const { posts } = renderSignIn('/sign-in', sam, {
      'POST /api/auth/phone': () => Response.json({ user: { ...sam, phone_number: '0400999888' } }),
      'POST /api/auth/sign-out': () => Response.json({ user: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    const phone = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    expect(phone.value).toBe('0400111222');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0400 999 888');
    await userEvent.click(screen.getByRole('button', { name: 'Save phone number' }));
    await waitFor(() => expect(posts.map((post) => post.path)).toContain('/api/auth/phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});
