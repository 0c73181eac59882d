import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '../../../server/api/auth.routes.ts';
import { reserveRoutes } from '../../../server/api/reserve.routes.ts';
import { createApp } from '../../../server/app.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { localPaymentProvider } from '../../../server/payments/local.ts';
import type { PaymentProvider } from '../../../server/payments/provider.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { sampleCar } from '../store/sample-car.ts';

/**
 * The reserve page's Content-Security-Policy (issue 34 item 1; decision 121): a reserve or checkout
 * document of a car whose deposit goes through Stripe (Stripe configured) allows Stripe.js's script,
 * its frames and its API; the same car in the demo (the local provider stands in for Stripe) and
 * every other page keep the storefront's policy.
 */
const HOST = 'bayside-mazda.localhost';
const CAR_ID = 9701;
const SLUG = `2022-mazda-cx-5-csp-${CAR_ID}`;

/** Stripe as the reserve routes see it: only its name and key matter to a page's render. */
function stripeStandIn(): PaymentProvider {
  const refuse = () => Promise.reject(new Error('not called by a page render'));
  return {
    name: 'stripe',
    publishableKey: 'pk_test_forecourt',
    createIntent: refuse,
    retrieveIntent: refuse,
    capture: refuse,
    cancel: refuse,
    refund: refuse,
  };
}

let db: Db;
const limiter = new RateLimiter({ capacity: 100, perSecond: 100 });
const appWith = (payments: Record<string, PaymentProvider>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-csp-'));
  return createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites: loadTenants(),
    secrets: loadSecrets(dataDir),
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger: createLogger({ quiet: true }),
    apiRoutes: [
      authRoutes(
        { db, mail: { from: 'accounts@forecourt.test', mailer: { target: 'memory', send: async () => {} } } },
        { limiter },
      ),
      reserveRoutes({ db, payments }, { limiter }),
    ],
  });
};
const policyOf = async (app: ReturnType<typeof createApp>, path: string) => {
  const response = await app.request(`http://${HOST}${path}`, { headers: { host: HOST } });
  expect(response.status).toBe(200);
  const policy = response.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
  // The policy's nonce is the one the document's scripts carry.
  expect(await response.text()).toContain(`nonce="${nonce}"`);
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values.filter((value) => !value.startsWith("'nonce-"))];
    }),
  );
};

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await upsertCars(db, [sampleCar(CAR_ID, { slug: SLUG, payment_processors: ['stripe'] })]);
});
afterAll(async () => {
  await db?.close();
});

describe('the reserve page’s Content-Security-Policy (issue 34 item 1)', () => {
  it('a Stripe car’s reserve document allows Stripe’s script, frames and API; its other pages do not', async () => {
    const app = appWith({ stripe: stripeStandIn() });
    const reserve = await policyOf(app, `/cars/${SLUG}/checkout`);
    expect(reserve['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(reserve['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(reserve['connect-src']).toEqual([
      "'self'",
      'https://*.algolia.net',
      'https://*.algolianet.com',
      'https://api.stripe.com',
    ]);
    expect(reserve['frame-ancestors']).toEqual(["'none'"]);
    expect(reserve['default-src']).toEqual(["'self'"]);
    for (const path of ['/finance', `/cars/${SLUG}`, '/cars/no-such-car-anywhere/checkout']) {
      const other = await app.request(`http://${HOST}${path}`, { headers: { host: HOST } });
      expect(other.headers.get('content-security-policy')).not.toContain('stripe.com');
    }
  });

  it('the same car in the demo — the local provider standing in for Stripe — keeps the storefront’s policy', async () => {
    const app = appWith({ stripe: localPaymentProvider(db) });
    const reserve = await policyOf(app, `/cars/${SLUG}/checkout`);
    expect(reserve['script-src']).toEqual(["'self'"]);
    expect(reserve['frame-src']).toBeUndefined();
    expect(reserve['connect-src']).toEqual(["'self'", 'https://*.algolia.net', 'https://*.algolianet.com']);
  });
});
