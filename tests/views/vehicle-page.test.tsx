import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarInput } from '../../domain/car.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { createHttp } from '../../services/http.ts';
import { OPEN_SECTIONS_STORAGE_KEY } from '../../services/vehicle/open-sections.storage.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { App } from '../../views/app/app.tsx';
import { loadIntentParts } from '../../views/ui/intent-part.tsx';
import { GALLERY_MAIN_SIZES } from '../../views/vehicle/vehicle-gallery.tsx';
import { buildCar } from '../fixtures/cars.ts';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

const sites = loadTenants();
const SLUG = '2021-mazda-cx-5-maxx-sport-10001';
const LONG_COMMENTS = `${'A well kept family SUV with full service history. '.repeat(10)}|Finance available.`;

function answerFor(overrides: Partial<CarInput> = {}) {
  return {
    car: buildCar({
      dealership_id: 1011,
      dealership_slug: 'bayside-mazda',
      before_price: 32_990,
      images: ['/media/vehicles/suv-white.svg'],
      dealercomments: LONG_COMMENTS,
      standardEquipment: Array.from({ length: 10 }, (_, index) => `Feature ${index + 1}`),
      colour: 'Soul Red',
      simple_body: 'SUV',
      simple_transmission: 'Automatic',
      simple_fuel: 'Petrol',
      engine_size: '2.5L',
      drive: 'AWD',
      finance_lenders: { oem: { interestRate: 6.99, comparisonRate: 7.49, paymentMonth: 612.4 } },
      ...overrides,
    }),
    dealer: { id: 1011, slug: 'bayside-mazda', name: 'Bayside Mazda', phone: '07 5550 1100' },
    as_of: '2026-03-01T00:00:00.000Z',
    origin: 'https://www.baysidemazda.com.au',
  };
}

type Route = (request: Request) => Response | Promise<Response>;

function renderCar(routes: Record<string, Route>, path = `/cars/${SLUG}`) {
  const config = sites.find((s) => s.slug === 'bayside-mazda');
  if (!config) throw new Error('no site');
  const requests: { method: string; path: string; body: string | null }[] = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.text() : null;
      requests.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
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
  return { requests };
}

const carRoute = (overrides: Partial<CarInput> = {}) => ({
  [`GET /api/cars/${SLUG}`]: () => Response.json(answerFor(overrides)),
});

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  localStorage.clear();
  window.history.pushState(null, '', '/');
});

// A car page's first render (its machines, the gallery's placeholders) takes longer than vitest's 5 s on a busy CI machine.
describe('vehicle page view (issue 5)', { timeout: 20_000 }, () => {
  // The tabs' and sections' code, which the browser loads on intent (`views/ui/intent-part.tsx`).
  beforeAll(async () => {
    await import('../../views/vehicle/vehicle-page.tsx');
    await loadIntentParts();
  });
  it('§6 the sidebar offers a visitor a local favourite, and a signed-in shopper the watchlist', async () => {
    renderCar(carRoute());
    const visitor = within(await screen.findByTestId('vehicle-save'));
    expect(
      visitor.getByRole('button', { name: 'Add 2021 Mazda CX-5 Maxx Sport to favourites' }),
    ).toBeTruthy();
    cleanup();
    const signedIn = { signed_in: true, phone_number: '0400111222', cars: [] };
    renderCar({ ...carRoute(), 'GET /api/watchlist': () => Response.json(signedIn) });
    const shopper = within(await screen.findByTestId('vehicle-save'));
    expect(
      await shopper.findByRole('button', { name: 'Save 2021 Mazda CX-5 Maxx Sport to watchlist' }),
    ).toBeTruthy();
  });

  it('the enquiry (loaded on intent, decision 134): Request Photos goes to its details step; Back, then Next with a message', async () => {
    const user = userEvent.setup();
    // jsdom does not scroll: the sidebar's button scrolls to the form.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderCar(carRoute());
    const form = await screen.findByTestId('enquiry-form');
    expect(form.textContent).toContain('Step 1 of 2');
    await user.click(
      within(screen.getByTestId('sidebar-actions')).getByRole('button', { name: 'Request Photos' }),
    );
    await waitFor(() => expect(screen.getByTestId('enquiry-form').textContent).toContain('Step 2 of 2'));
    expect(screen.getByRole('heading', { name: 'Request photos' })).toBeTruthy();
    expect(scrolled).toHaveBeenCalledOnce();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    await user.click(within(screen.getByTestId('enquiry-form')).getByRole('button', { name: 'Back' }));
    await user.type(
      within(screen.getByTestId('enquiry-form')).getByLabelText('Message'),
      'Is it still available?',
    );
    await user.click(within(screen.getByTestId('enquiry-form')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('enquiry-form').textContent).toContain('Step 2 of 2'));
  });

  it('shows a placeholder, then the car: name, price with was-price, details and sections', async () => {
    renderCar(carRoute());
    expect(screen.getByRole('status')).toHaveProperty('ariaBusy', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: '2021 Mazda CX-5 Maxx Sport' })).toBeTruthy();
    expect(screen.getByTestId('vehicle-price').textContent).toContain('$30,000');
    expect(screen.getByTestId('vehicle-was-price').textContent).toBe('$32,990');
    for (const name of ['Why Buy From Us', 'Protect Your Car', 'Car Summary', 'All Specifications']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Reserve Online' })).toBeNull();
    const img = screen.getByRole('img', { name: '2021 Mazda CX-5 Maxx Sport' });
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // A generated drawing is one address, sharp at every width.
    expect(img.getAttribute('src')).toBe('/media/vehicles/suv-white.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('issue 35: the main photo is the LCP (every width, loaded first); the others lazily, each with its box', async () => {
    const hash = '0123456789abcdef0123456789abcdef';
    const srcset = (h: string) =>
      [320, 640, 800, 960, 1280, 1920].map((w) => `/media/photos/${h}/${w} ${w}w`).join(', ');
    const other = 'fedcba9876543210fedcba9876543210';
    renderCar(
      carRoute({
        images: [`/media/photos/${hash}/960`, `/media/photos/${other}/960`, '/media/photos/placeholder.svg'],
      }),
    );
    const main = await screen.findByRole('img', { name: '2021 Mazda CX-5 Maxx Sport' });
    expect(main.getAttribute('srcset')).toBe(srcset(hash));
    expect(main.getAttribute('sizes')).toBe(GALLERY_MAIN_SIZES);
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['800', '500']);
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    const second = screen.getByRole('img', { name: '2021 Mazda CX-5 Maxx Sport (2 of 3)' });
    expect(second.getAttribute('srcset')).toBe(srcset(other));
    expect(second.getAttribute('sizes')).toMatch(/^\(min-width: 1200px\) \d+px, /);
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('decoding')).toBe('async');
    expect(second.hasAttribute('fetchpriority')).toBe(false);
    const waiting = screen.getByRole('img', { name: '2021 Mazda CX-5 Maxx Sport (3 of 3)' });
    expect(waiting.getAttribute('src')).toBe('/media/photos/placeholder.svg');
    expect(waiting.hasAttribute('srcset')).toBe(false);
    expect([waiting.getAttribute('width'), waiting.getAttribute('height')]).toEqual(['800', '500']);
  });

  it('§4 phone reveal: masked, then a tel: link, and the tracking call carries car, dealership and site', async () => {
    const { requests } = renderCar({
      ...carRoute(),
      'POST /api/cars/phone-reveals': () => Response.json({ id: 7 }, { status: 201 }),
    });
    const box = await screen.findByTestId('contact-phone-box');
    expect(within(box).getByRole('button').textContent).toContain('07 5550 ••••');
    await userEvent.click(within(box).getByRole('button'));
    expect(within(box).getByRole('link').getAttribute('href')).toBe('tel:0755501102');
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')?.body ?? '{}')).toEqual({
      car_id: 10001,
      dealership_id: 1011,
      website_id: 101,
    });
  });

  it('§2/§4 the finance estimate, the Car Finance card, and the disclaimer loading lazily with a spinner', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderCar({
      ...carRoute(),
      'GET /api/car-finance': async () => {
        await gate;
        return Response.json({
          car_id: 10001,
          finance_lenders: { oem: { interestRate: 6.99, disclaimer: 'OEM offer only.' } },
        });
      },
    });
    const summary = await screen.findByTestId('finance-summary');
    expect(summary.textContent).toContain('$612');
    expect(screen.getByRole('link', { name: 'Get Pre-Approved' }).getAttribute('href')).toBe(
      '/finance?preferredDealership=bayside-mazda&vehiclePriceBudget=30000&car_id=10001&car_type=used#finance-form',
    );
    await userEvent.click(within(summary).getByRole('button', { name: 'Finance disclaimer' }));
    expect(await screen.findByText('Loading the finance disclaimer')).toBeTruthy();
    release();
    expect(await screen.findByText('OEM offer only.')).toBeTruthy();
    expect(screen.queryByTestId('spinner')).toBeNull();
  });

  it('§9 Key information shows 4 then Show More / Show Less; features 8 then Show All / Hide', async () => {
    renderCar(carRoute());
    const keyInfo = await screen.findByTestId('key-information');
    expect(
      within(keyInfo)
        .getAllByRole('term')
        .filter((term) => term.checkVisibility?.() ?? true).length,
    ).toBeGreaterThan(0);
    await userEvent.click(within(keyInfo).getByRole('button', { name: 'Show More' }));
    expect(within(keyInfo).getByRole('button', { name: 'Show Less' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Features' }));
    const features = screen.getByTestId('features');
    expect(within(features).getByRole('button', { name: 'Show All' })).toBeTruthy();
    await userEvent.click(within(features).getByRole('button', { name: 'Show All' }));
    expect(within(features).getByRole('button', { name: 'Hide' })).toBeTruthy();
  });

  it('§5 dealer comments: split on pipes, truncated past 400 characters with more/less', async () => {
    renderCar(carRoute());
    await userEvent.click(await screen.findByRole('tab', { name: 'Dealer Comments' }));
    const comments = screen.getByTestId('dealer-comments');
    expect(within(comments).getByText(/…$/)).toBeTruthy();
    await userEvent.click(within(comments).getByRole('button', { name: 'more' }));
    expect(within(comments).getByText('Finance available.')).toBeTruthy();
    expect(within(comments).getByRole('button', { name: 'less' })).toBeTruthy();
  });

  it('§2 collapsible sections restore their persisted open state by header name', async () => {
    localStorage.setItem(
      OPEN_SECTIONS_STORAGE_KEY,
      JSON.stringify({ 'All Specifications': true, 'Car Summary': false }),
    );
    renderCar(carRoute());
    const specs = await screen.findByRole('button', { name: 'All Specifications' });
    await waitFor(() => expect(specs.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Car Summary' }).getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Car Summary' }));
    expect(JSON.parse(localStorage.getItem(OPEN_SECTIONS_STORAGE_KEY) ?? '{}')).toEqual({
      'All Specifications': true,
      'Car Summary': true,
    });
  });

  it('§8 a failed PDF download alerts the error message', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderCar({
      ...carRoute(),
      [`GET /api/cars/${SLUG}/pdf`]: () =>
        Response.json(
          { error: { code: 'internal', message: 'An unexpected error occured' } },
          { status: 500 },
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An unexpected error occured'));
  });

  it('a sold car shows the SOLD notice with a similar-vehicles search', async () => {
    renderCar(carRoute({ status: 'sold', sold: true }));
    const notice = await screen.findByTestId('sold-notice');
    expect(within(notice).getByRole('link', { name: 'Search for similar vehicles' })).toBeTruthy();
  });

  it('§5 below-market badge, history report only with a file, certified benefits modal, sidebar routes', async () => {
    renderCar(
      carRoute({
        certified: true,
        file: 'https://history.example.com/reports/10001.pdf',
        autograb_data: { state_average_market_price: 33_000, average_market_price: 32_500 },
        payment_processors: ['stripe'],
      }),
    );
    expect(await screen.findByTestId('below-market-badge')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'View the vehicle history report', hidden: true })
        .getAttribute('href'),
    ).toBe('https://history.example.com/reports/10001.pdf');
    const actions = within(screen.getByTestId('sidebar-actions')).getAllByRole('link');
    expect(actions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enquire Now', `/cars/${SLUG}#enquiry-form`],
      [
        'Apply for Finance',
        '/finance?preferredDealership=bayside-mazda&vehiclePriceBudget=30000&car_id=10001&car_type=used#finance-form',
      ],
      ['Trade In', '/cars/trade-in?car_id=10001'],
      ['Book a Test Drive', '/book-test-drive?car_id=10001'],
      ['Reserve Online', `/cars/${SLUG}/checkout`],
    ]);
    expect(screen.getByRole('button', { name: 'Reserve Online' }).getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByTestId('certified-badge'));
    const dialog = await screen.findByRole('dialog', { name: 'Certified Pre-Owned Benefits' });
    expect(within(dialog).getByText('48-hour money-back guarantee')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('certified-badge')));
  });

  it('without a file, market advantage or certification there is no report link, badge or modal', async () => {
    renderCar(
      carRoute({ autograb_data: { state_average_market_price: 30_200, average_market_price: 30_000 } }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('below-market-badge')).toBeNull();
    expect(screen.queryByTestId('certified-badge')).toBeNull();
    expect(screen.queryByRole('link', { name: 'View the vehicle history report', hidden: true })).toBeNull();
  });

  it('an unknown car shows the not-found page', async () => {
    renderCar({}, '/cars/no-such-car');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('a caravan is called a caravan, with no odometer; a used car is not "your new car" (issue 31 item 21)', async () => {
    renderCar(
      carRoute({
        name: '2026 Jayco Journey Outback',
        make: 'Jayco',
        model: 'Journey',
        badge: 'Outback',
        year: 2026,
        car_type: 'new',
        vehicle_kind: 'caravans',
        km: 0,
        payment_processors: ['stripe'],
        before_price: null,
        finance_lenders: {},
      }),
    );
    await screen.findByRole('heading', { level: 1, name: '2026 Jayco Journey Outback' });
    expect(screen.getByRole('link', { name: 'Reserve this caravan for $200' })).toBeTruthy();
    expect(document.body.textContent).toContain('Reserve this caravan with a fully refundable $200 deposit');
    expect(document.body.textContent).not.toMatch(/\bthis car\b|\b0 km\b|Odometer/);
    await userEvent.click(screen.getByRole('button', { name: 'Protect Your Car' }));
    expect(await screen.findByText(/^Protect your new caravan with an extended warranty/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Car Summary' }));
    expect(
      await screen.findByText(/^This 2026 Jayco Journey Outback is offered by Bayside Mazda/),
    ).toBeTruthy();
    cleanup();
    renderCar(carRoute());
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Protect Your Car' }));
    expect(await screen.findByText(/^Protect your car with an extended warranty/)).toBeTruthy();
  });
});
