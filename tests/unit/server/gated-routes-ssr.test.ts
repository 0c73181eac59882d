import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInPath } from '../../../domain/return-path.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import {
  type AccountServer,
  CARS,
  freshEmail,
  roomyLimiter,
  seedAccountCars,
  signUp,
  startAccountServer,
} from './watchlist-test-server.ts';

/**
 * Server-rendered first loads of the gated routes, the sign-in page and the watchlist page
 * (`locations-forms-tradein-site.md` §4 Gated routes): the page machines run on the server with the
 * shopper's cookie, so the first HTML is already decided.
 */
let db: Db;
let server: AccountServer;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await seedAccountCars(db);
  server = await startAccountServer(db, { limiter: roomyLimiter() });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

function bootOf(html: string) {
  const json = /<script type="application\/json" id="forecourt-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no boot block');
  return JSON.parse(json) as {
    page: { id: string; snapshot: { value: unknown; context: Record<string, unknown> } };
  };
}

const page = (slug: string, path: string, cookie?: string) =>
  server.request(slug, path, { bare: true, ...(cookie ? { cookie } : {}) });

describe('gated routes on a first load (§4 Gated routes)', () => {
  it('an anonymous visitor to a personalised-flow dealer’s finance route is answered 302 to sign-in', async () => {
    const response = await page('harbour-auto-group', '/apply-for-finance?car_id=9101');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(
      '/sign-in?type=finance&redirect=%2Fapply-for-finance%3Fcar_id%3D9101&back=%2F',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('forecourt-boot');
  });

  it('checkout routes send anonymous visitors to sign-in with type checkout and back to the car', async () => {
    for (const path of ['/cars/2023-toyota-rav4/checkout', '/cars/2023-toyota-rav4/buy-online']) {
      const response = await page('harbour-auto-group', path);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(
        signInPath({ type: 'checkout', redirect: path, back: '/cars/2023-toyota-rav4' }),
      );
    }
    const journey = await page('harbour-auto-group', '/checkout-journey?car_id=2023-toyota-rav4');
    expect(journey.headers.location).toMatch(/^\/sign-in\?type=checkout&.*&back=%2Fcars%2F2023-toyota-rav4$/);
  });

  it('a signed-in visitor passes, and a dealer without the personalised flow gates nobody', async () => {
    const cookie = await signUp(server, 'harbour-auto-group', freshEmail('gate'), null);
    const signedIn = await page('harbour-auto-group', '/apply-for-finance', cookie);
    expect(signedIn.status).toBe(200);
    expect(bootOf(signedIn.body).page.snapshot.value).toBe('ready');
    expect(signedIn.body).toContain('Apply for finance');
    const otherDealer = await page('bayside-mazda', '/finance');
    expect(otherDealer.status).toBe(200);
    expect(bootOf(otherDealer.body).page.snapshot.value).toBe('ready');
    expect(otherDealer.body).not.toContain('Please sign in');
  });

  it('a reserve page for a car that is not for sale here is a 404, a malformed one too, never a 5xx', async () => {
    for (const path of [
      '/cars/no-such-car/checkout',
      '/cars/%E0%A4%A/buy-online',
      '/cars/UPPER_case/checkout',
    ]) {
      const response = await page('bayside-mazda', path);
      expect(response.status).toBe(404);
      expect(response.body).toContain('Car not found');
    }
  });

  it('a reserve page of a car that takes no deposit online says so on the first load', async () => {
    const response = await page(
      'bayside-mazda',
      `/cars/2022-mazda-cx-5-maxx-${CARS.baysideInStock}/checkout`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain(`<title>Reserve the 2022 Mazda CX-5 Maxx ${CARS.baysideInStock}`);
    expect(response.body).toContain(
      'This car cannot be reserved online. Please call us and our team will help.',
    );
  });

  it('a finance route that is not the dealer’s own moves there with its query; the form is prefilled from it', async () => {
    const moved = await page('bayside-mazda', '/apply-for-finance?car_id=9001&car_type=used');
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe('/finance?car_id=9001&car_type=used');
    const personal = await page('bayside-mazda', '/personalised/finance?car_id=9001');
    expect(personal.headers.location).toBe('/finance?car_id=9001');
    const prefilled = await page(
      'bayside-mazda',
      `/finance?preferredDealership=bayside-mazda&vehiclePriceBudget=25000&car_id=${CARS.baysideInStock}&car_type=used`,
    );
    expect(prefilled.status).toBe(200);
    expect(prefilled.body).toContain(`<title>Finance the 2022 Mazda CX-5 Maxx ${CARS.baysideInStock}`);
    expect(prefilled.body).toContain('id="finance-form"');
    expect(prefilled.body).toContain('The figure is indicative only and not a quote.');
    const hostile = await page(
      'bayside-mazda',
      '/finance?car_id=abc&vehiclePriceBudget=%3Cscript%3E&car_type=x',
    );
    expect(hostile.status).toBe(200);
    expect(hostile.body).not.toContain('<script>alert');
  });

  it('trade-in and sell-my-car are never gated', async () => {
    for (const path of ['/trade-in', '/sell-my-car', '/cars/trade-in?car_id=9101']) {
      const response = await page('harbour-auto-group', path);
      expect(response.body).not.toContain('/sign-in?type=');
      expect(bootOf(response.body).page.id).not.toMatch(/^gated:/);
    }
  });
});

describe('the trade-in terms on a first load', () => {
  it('answers 200 on both paths for every kind of dealer, with its own age limit', async () => {
    for (const [slug, years] of [
      ['bayside-mazda', 7],
      ['metro-used', 10],
    ] as const) {
      for (const path of ['/pages/value-my-car-terms-and-conditions', '/value-my-car-terms-and-conditions']) {
        const response = await page(slug, path);
        expect(response.status).toBe(200);
        expect(response.body).toContain('<title>Trade-in terms and conditions |');
        expect(response.body).toContain(`cars over ${years} years old`);
      }
    }
  });
});

describe('the sign-in and watchlist pages on a first load', () => {
  it('the sign-in page keeps same-site return paths only (no open redirect)', async () => {
    const hostile = [
      '//evil.com',
      'https://evil.com/x',
      '/\\evil.com',
      '/\t/evil.com',
      'javascript:alert(1)',
      'evil.com',
    ];
    for (const target of hostile) {
      const query = `type=watchlist&redirect=${encodeURIComponent(target)}&back=${encodeURIComponent(target)}`;
      const boot = bootOf((await page('bayside-mazda', `/sign-in?${query}`)).body);
      expect(boot.page.snapshot.context, target).toMatchObject({ redirect: '/', back: '/' });
    }
    const fine = bootOf(
      (await page('bayside-mazda', '/sign-in?redirect=%2Fcars%2Fx%3Fa%3D1&back=%2Fsearch')).body,
    );
    expect(fine.page.snapshot.context).toMatchObject({ redirect: '/cars/x?a=1', back: '/search' });
    expect(fine.page.snapshot.value).toBe('signedOut');
  });

  it('the watchlist page arrives with the shopper’s saved cars, sold ones marked', async () => {
    const cookie = await signUp(server, 'bayside-mazda', freshEmail('ssr'));
    for (const carId of [CARS.baysideInStock, CARS.baysideSold]) {
      await server.request('bayside-mazda', '/api/watchlist/save-car', {
        cookie,
        body: { phone_number: '0400111222', car_id: carId },
      });
    }
    const response = await page('bayside-mazda', '/watchlist', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toContain('<title>Your watchlist | Bayside Mazda</title>');
    expect(response.body).toContain(`2022 Mazda CX-5 Maxx ${CARS.baysideInStock}`);
    expect(response.body).toMatch(/data-sold="true"[\s\S]*?SOLD/);
    const anonymous = await page('bayside-mazda', '/watchlist');
    expect(anonymous.body).toContain('to keep a watchlist of cars');
    expect(anonymous.body).not.toContain('2022 Mazda CX-5 Maxx');
  });
});
