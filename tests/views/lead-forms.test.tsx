import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

/** Issue 15: the site-wide form pages as a shopper sees them (§4 Form submission, §5, §8). */
const sites = loadTenants();

type Route = (request: Request) => Response | Promise<Response>;

function renderAt(path: string, slug: string, routes: Record<string, Route> = {}) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(`no site ${slug}`);
  const sent: unknown[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'POST' && url.pathname === '/api/leads') sent.push(await request.clone().json());
      const route = routes[`${request.method} ${url.pathname}`];
      if (!route)
        return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 });
      return route(request);
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
  return { sent };
}

const leadStored = () => Response.json({ lead_id: '00000000-0000-4000-8000-000000000009' }, { status: 201 });

async function fillContact(postcode = '4178') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Sam Shopper');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Postcode'), postcode);
  return user;
}

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

describe('site-wide form pages', () => {
  it('an empty form is not sent: the banner headed "Please fix the following errors:" names each field', async () => {
    const { sent } = renderAt('/contact-us', 'bayside-mazda');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    const banner = await screen.findByTestId('form-errors');
    expect(banner.textContent).toContain('Please fix the following errors:');
    expect(banner.textContent).toContain('Postcode: Invalid postcode. Please enter a 4-digit number.');
    expect(banner.textContent).toContain('Message: * This field is required');
    expect(screen.getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('a second submit checks again: the fields now filled lose their messages, the rest keep theirs (issue 31 item 14)', async () => {
    const { sent } = renderAt('/contact-us', 'bayside-mazda');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Send message' });
    await user.click(submit);
    const banner = await screen.findByTestId('form-errors');
    expect(banner.textContent).toContain('Name: Please enter your name');
    expect(banner.textContent).toContain('Email: Please enter a valid email address');
    await user.type(screen.getByLabelText('Name'), 'Sam Shopper');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('form-errors').textContent).not.toContain('Name:'));
    expect(screen.getByTestId('form-errors').textContent).not.toContain('Email:');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('form-errors').textContent).toContain(
      'Postcode: Invalid postcode. Please enter a 4-digit number.',
    );
    expect(screen.getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('Careers Enquiry chosen on the contact form records event 51 (§9; issue 31 item 21)', async () => {
    const events: unknown[] = [];
    renderAt('/contact-us', 'bayside-mazda', {
      'POST /api/leads': leadStored,
      'POST /api/analytics': async (request) => {
        events.push(await request.json());
        return Response.json({ id: 1 }, { status: 201 });
      },
    });
    const user = await fillContact();
    await user.selectOptions(screen.getByLabelText('Category'), 'Careers Enquiry');
    await user.type(screen.getByLabelText('Message'), 'Any openings for a technician?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you' });
    await waitFor(() => expect(events).toEqual([expect.objectContaining({ event_id: 51 })]));
  });

  it('sending disables the button with a spinner, then /success thanks the shopper for the category', async () => {
    let answer: (response: Response) => void = () => {};
    const { sent } = renderAt('/contact-us', 'bayside-mazda', {
      'POST /api/leads': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await fillContact();
    await user.type(screen.getByLabelText('Message'), 'Do you have a CX-60 coming in?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const busy = await screen.findByRole('button', { name: /Sending/ });
    expect(busy).toHaveProperty('disabled', true);
    expect(sent).toEqual([
      expect.objectContaining({
        form: 'contact',
        userData: expect.objectContaining({ category: 'General Enquiry', postcode: '4178', opt_in: true }),
      }),
    ]);
    answer(leadStored());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeTruthy();
    expect(window.location.pathname).toBe('/success');
    expect(screen.getByTestId('lead-success').textContent).toContain(
      'We have received your general enquiry.',
    );
  });

  it('a refusal alerts "An error occurred when submitting this form" and shows the server’s messages', async () => {
    renderAt('/fleet', 'bayside-mazda', {
      'POST /api/leads': () =>
        Response.json(
          {
            error: {
              code: 'invalid_form',
              message: 'Some fields need your attention',
              fields: { postcode: 'Invalid postcode' },
            },
          },
          { status: 422 },
        ),
    });
    const user = await fillContact('0000');
    await user.type(screen.getByLabelText('What vehicles are you after?'), 'Six utes');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('An error occurred when submitting this form'),
    );
    const banner = await screen.findByTestId('form-errors');
    expect(banner.textContent).toContain('Some fields need your attention');
    expect(banner.textContent).toContain('Postcode: Invalid postcode');
    expect(screen.getByRole('button', { name: 'Send enquiry' })).toHaveProperty('disabled', false);
  });

  it('a dealer that switches the message off does not require it; a multi-dealership site asks which one', async () => {
    renderAt('/contact-us', 'outback-rv');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    const banner = await screen.findByTestId('form-errors');
    expect(banner.textContent).not.toContain('Message:');
    expect(banner.textContent).toContain('Dealership: * This field is required');
  });

  it('careers records event 51 and sends General Enquiry / Career Enquiry', async () => {
    const events: unknown[] = [];
    const { sent } = renderAt('/careers', 'metro-used', {
      'POST /api/leads': leadStored,
      'POST /api/analytics': async (request) => {
        events.push(await request.json());
        return Response.json({ id: 1 }, { status: 201 });
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Sam Shopper');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('About you'), 'Detailer, 5 years');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you' });
    expect(sent[0]).toMatchObject({
      userData: { category: 'General Enquiry', subcategory: 'Career Enquiry' },
    });
    await waitFor(() => expect(events).toEqual([expect.objectContaining({ event_id: 51 })]));
  });

  it('a location’s page shows that location’s form; an unknown location is not found', async () => {
    renderAt('/contact-us/bayside-mazda-service', 'bayside-mazda');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Bayside Mazda Service' }),
    ).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Contact Bayside Mazda Service' });
    expect(within(form).queryByLabelText('Dealership')).toBeNull();
  });
});

describe('the honeypot (issue 31 item 6)', () => {
  it('a bot that fills company_website sends it with the lead, and the server’s refusal is shown; people send none', async () => {
    const refusal = () =>
      Response.json(
        {
          error: {
            code: 'rejected',
            message: 'This form could not be sent',
            fields: { company_website: 'Leave this field empty' },
          },
        },
        { status: 422 },
      );
    const { sent } = renderAt('/contact-us', 'bayside-mazda', {
      'POST /api/leads': async (request) =>
        (await request.clone().json()).company_website ? refusal() : leadStored(),
    });
    const user = await fillContact();
    await user.type(screen.getByLabelText('Message'), 'Cheap watches');
    const trap = document.querySelector<HTMLInputElement>('input[name="company_website"]');
    if (!trap) throw new Error('the form has no honeypot');
    await user.type(trap, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('An error occurred when submitting this form'),
    );
    expect(sent).toEqual([
      expect.objectContaining({ form: 'contact', company_website: 'https://spam.example' }),
    ]);
    expect(window.location.pathname).toBe('/contact-us');
    await user.clear(trap);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeTruthy();
    expect(sent[1]).not.toHaveProperty('company_website');
  });
});

describe('the test-drive booking (issue 15; issue 32 items 2, 4, 5)', () => {
  const SLOTS = {
    location: 'bayside-mazda-sales',
    location_name: 'Bayside Mazda Sales',
    time_zone: 'Australia/Brisbane',
    days: [
      {
        date: '2030-11-26',
        label: 'Tuesday 26 November',
        slots: [{ start: '2030-11-25T23:00:00.000Z', time: '09:00', label: '9:00 am' }],
      },
    ],
    car: { id: 501, title: '2022 Mazda CX-5 Maxx', car_type: 'used' },
    models: [],
  };
  const slots = () => Response.json(SLOTS);

  it('each Next is checked by the machine: no time, then no terms, are held back with the spec’s messages', async () => {
    const { sent } = renderAt('/book-test-drive?car_id=501', 'bayside-mazda', {
      'GET /api/test-drives/slots': slots,
      'POST /api/leads': leadStored,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(
      'Please choose a time for your test drive',
    );
    await user.click(screen.getByLabelText('9:00 am'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Tuesday 26 November, 9:00 am', { exact: false })).toBeTruthy();
    await fillContact();
    await user.click(screen.getByRole('button', { name: 'Book test drive' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(
      'Please accept the terms and conditions',
    );
    expect(sent).toEqual([]);
    await user.click(screen.getByLabelText('I accept the terms and conditions of the test drive'));
    await user.click(screen.getByRole('button', { name: 'Book test drive' }));
    await waitFor(() => expect(window.location.pathname).toBe('/success'));
    expect(sent).toEqual([
      expect.objectContaining({
        form: 'testDrive',
        userData: expect.objectContaining({
          category: 'Test Drive',
          subcategory: 'Test Drive',
          car_id: 501,
          dateTime: '2030-11-25T23:00:00.000Z',
          location: 'bayside-mazda-sales',
          terms_conditions: true,
        }),
      }),
    ]);
    expect((await screen.findByTestId('lead-success')).textContent).toContain(
      'about the 2022 Mazda CX-5 Maxx',
    );
  });

  it('a time taken meanwhile: the notice over fresh times; another refusal shows its message', async () => {
    let refusals = [
      Response.json({ error: { code: 'slot_taken', message: 'Taken' } }, { status: 409 }),
      Response.json(
        { error: { code: 'car_unavailable', message: 'This car has been sold' } },
        { status: 409 },
      ),
    ];
    renderAt('/book-test-drive?car_id=501', 'bayside-mazda', {
      'GET /api/test-drives/slots': slots,
      'POST /api/leads': () => {
        const [next, ...rest] = refusals;
        refusals = rest;
        return next ?? leadStored();
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const book = async () => {
      await user.click(await screen.findByLabelText('9:00 am'));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('button', { name: 'Book test drive' });
      if (!(screen.getByLabelText('Name') as HTMLInputElement).value) await fillContact();
      const terms = screen.getByLabelText(
        'I accept the terms and conditions of the test drive',
      ) as HTMLInputElement;
      if (!terms.checked) await user.click(terms);
      await user.click(screen.getByRole('button', { name: 'Book test drive' }));
    };
    await book();
    expect(
      await screen.findByText('Sorry, that time has just been booked. Please choose another time.'),
    ).toBeTruthy();
    await book();
    expect(within(await screen.findByTestId('form-errors')).getByText('This car has been sold')).toBeTruthy();
  });
});
