import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

/**
 * Issue 37 item 8 as a shopper sees it: `/service` asks a preferred time from the service centre's
 * times, then the odometer and the details, and offers the dealer's own online booking where its
 * settings name one; a general test drive offers the models in stock.
 */
const sites = loadTenants();

function renderAt(path: string, slug: string, slots: unknown) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(`no site ${slug}`);
  const sent: { form: string; userData: Record<string, unknown> }[] = [];
  const asked: string[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/test-drives/slots') {
        asked.push(url.search);
        return Response.json(slots);
      }
      if (request.method === 'POST' && url.pathname === '/api/leads') {
        sent.push(await request.clone().json());
        return Response.json({ lead_id: '00000000-0000-4000-8000-000000000009' }, { status: 201 });
      }
      return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
    },
  });
  const queries = testQueries();
  window.history.pushState(null, '', path);
  render(
    <App
      site={toPublicSite(config, connection)}
      deps={{ http, queries }}
      restored={{ current: null }}
      location={{}}
    />,
  );
  return { sent, asked, config };
}

const day = {
  date: '2030-11-26',
  label: 'Tuesday 26 November',
  slots: [{ start: '2030-11-25T23:00:00.000Z', time: '09:00', label: '9:00 am' }],
};

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  window.history.pushState(null, '', '/');
});

describe('/service', () => {
  const serviceSlots = {
    location: 'bayside-mazda-service',
    location_name: 'Bayside Mazda Service',
    time_zone: 'Australia/Brisbane',
    days: [day],
    car: null,
    models: [],
  };

  it('a preferred time, then the odometer: sent as a Service Booking with both', async () => {
    const { sent, asked, config } = renderAt('/service', 'bayside-mazda', serviceSlots);
    const user = userEvent.setup();
    const online = await screen.findByRole('link', { name: 'Book online with Bayside Mazda' });
    expect(online.getAttribute('href')).toBe(config.xtime_url);
    expect(online.getAttribute('target')).toBe('_blank');
    expect(online.getAttribute('rel')).toContain('noopener');
    expect(asked[0]).toContain('form=service');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(
      'Please choose a preferred time for your service',
    );
    await user.click(screen.getByLabelText('9:00 am'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Preferred date and time:')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Sam Shopper');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Postcode'), '4178');
    await user.type(screen.getByLabelText('Odometer (km)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(
      'Please enter the odometer reading in km',
    );
    expect(screen.queryByText('Read the terms and conditions')).toBeNull();
    await user.clear(screen.getByLabelText('Odometer (km)'));
    await user.type(screen.getByLabelText('Odometer (km)'), '45,000');
    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    await waitFor(() => expect(window.location.pathname).toBe('/success'));
    expect(sent[0]?.form).toBe('service');
    expect(sent[0]?.userData).toMatchObject({
      category: 'Service Booking',
      location: 'bayside-mazda-service',
      dateTime: '2030-11-25T23:00:00.000Z',
      odometer: 45000,
    });
    // Typing field by field in jsdom is slow on a busy machine; nothing here waits on a clock.
  }, 30_000);

  it('a dealer whose settings name no online booking shows none', async () => {
    renderAt('/service', 'metro-used', { ...serviceSlots, location: 'metro-used-cars-service' });
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('link', { name: /Book online/ })).toBeNull();
  });
});

describe('a general test drive', () => {
  it('offers the models in stock and sends the one picked', async () => {
    const { sent } = renderAt('/book-test-drive', 'bayside-mazda', {
      location: 'bayside-mazda-sales',
      location_name: 'Bayside Mazda Sales',
      time_zone: 'Australia/Brisbane',
      days: [day],
      car: null,
      models: [
        { make: 'Mazda', model: 'CX-5' },
        { make: 'Mazda', model: 'CX-60' },
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('9:00 am'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(await screen.findByLabelText('Model to drive (optional)'), 'Mazda CX-60');
    await user.type(screen.getByLabelText('Name'), 'Sam Shopper');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Postcode'), '4178');
    await user.click(screen.getByLabelText('I accept the terms and conditions of the test drive'));
    await user.click(screen.getByRole('button', { name: 'Book test drive' }));
    await waitFor(() => expect(window.location.pathname).toBe('/success'));
    expect(sent[0]?.userData).toMatchObject({ category: 'Test Drive', model_to_drive: 'Mazda CX-60' });
  }, 30_000);
});
