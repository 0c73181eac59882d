import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { CarInput } from '../../../domain/car.ts';
import { analyticsRoutes } from '../../../server/api/analytics.routes.ts';
import type { ApiDeps } from '../../../server/api/api-deps.ts';
import { type AuthRouteOptions, authRoutes } from '../../../server/api/auth.routes.ts';
import { careersRoutes } from '../../../server/api/careers.routes.ts';
import { carsRoutes } from '../../../server/api/cars.routes.ts';
import { leadsRoutes } from '../../../server/api/leads.routes.ts';
import { localPaymentsRoutes } from '../../../server/api/local-payments.routes.ts';
import { reserveDepsOf, reserveRoutes } from '../../../server/api/reserve.routes.ts';
import { apiRoutes } from '../../../server/api/routes.ts';
import { savedSearchesRoutes } from '../../../server/api/saved-searches.routes.ts';
import { stripeWebhookRoutes } from '../../../server/api/stripe-webhook.routes.ts';
import { testDrivesRoutes } from '../../../server/api/test-drives.routes.ts';
import { tradeInRoutes } from '../../../server/api/trade-in.routes.ts';
import { watchlistRoutes } from '../../../server/api/watchlist.routes.ts';
import { canonicalOrigin, createApp } from '../../../server/app.ts';
import { HeldRefusals } from '../../../server/auth/in-flight.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { loadSitePages } from '../../../server/content/site-pages.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { Email } from '../../../server/mail/mailer.ts';
import { localMediaStore, type MediaStore } from '../../../server/media/media-store.ts';
import type { PageCache } from '../../../server/render/page-cache.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { seoRoutes } from '../../../server/seo/seo.routes.ts';
import { upsertCars } from '../../../server/store/cars.repo.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { sampleCar } from '../store/sample-car.ts';

/** The cars the account tests use: three of Bayside Mazda's (one sold, one hidden) and one of Harbour's. */
export const CARS = {
  baysideInStock: 9001,
  baysideSold: 9002,
  baysideHidden: 9003,
  harbour: 9101,
} as const;

/** Stores the test cars. */
export async function seedAccountCars(db: Db): Promise<void> {
  const bayside = (id: number, overrides: Partial<CarInput> = {}) =>
    sampleCar(id, {
      name: `2022 Mazda CX-5 Maxx ${id}`,
      primary_image_url: '/media/vehicles/suv-white.svg',
      ...overrides,
    });
  await upsertCars(db, [
    bayside(CARS.baysideInStock, { created_at: '2025-05-02T00:00:00.000Z' }),
    bayside(CARS.baysideSold, { status: 'sold', sold: true, sold_at: '2025-05-03T00:00:00.000Z' }),
    bayside(CARS.baysideHidden, { show_on_dealer_website: false }),
    sampleCar(CARS.harbour, {
      dealership_id: 1021,
      dealership_slug: 'harbour-toyota',
      name: '2023 Toyota RAV4 GX',
    }),
  ]);
}

/** One answer, as a test reads it. */
export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = Record<string, unknown>>(): T;
  /** `name=value` of each Set-Cookie, for the next request's Cookie header. */
  cookies: string[];
}

/** What a request sends: by default a same-origin browser request (Origin = the host, Sec-Fetch-Site same-origin). */
export interface TestRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** A body sent as it is, not as JSON (a form a mail provider posts); name its type in `headers`. */
  raw?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Leave out the Origin and Sec-Fetch-Site headers a browser sends. */
  bare?: boolean;
}

/** The Forecourt app over real HTTP on loopback (port 0), with the account routes over a real store. */
export interface AccountServer {
  port: number;
  /** Every email the server sent (account links), newest last. */
  mails: Email[];
  /** Signs the unsubscribe links (the server's `linkSecret`). */
  linkSecret: string;
  /** Where the trade-in routes keep photos (a folder in the test's data folder). */
  media: MediaStore;
  /** `<slug>.localhost:<port>`. */
  host(slug: string): string;
  request(slug: string, path: string, init?: TestRequest): Promise<TestResponse>;
  close(): Promise<void>;
}

/**
 * Starts the app (server rendering, and the `/api` routes) on `db`, listening on 127.0.0.1:0. With
 * `limiter`, the account routes share that limiter (a roomy one lets a test sign up many shoppers);
 * without it, every route module is mounted as `server/api/routes.ts` lists them, with its own limits.
 * `env` adds settings to the test environment (`TRUST_PROXY`); `auth` sets the account routes' own
 * limiters and hasher.
 */
export async function startAccountServer(
  db: Db,
  options: {
    limiter?: RateLimiter;
    env?: Record<string, string>;
    auth?: AuthRouteOptions;
    /**
     * The reservation routes' payment providers, search refresh and clock (with the local provider's
     * confirmation, and Stripe's webhook when its secret is given).
     */
    reserve?: Pick<ApiDeps, 'payments' | 'carsChanged' | 'now' | 'stripeWebhookSecret' | 'logger'>;
    /** Keep signed-out pages, as the production server does (decision 090). */
    pageCache?: PageCache;
  } = {},
): Promise<AccountServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-accounts-'));
  const mails: Email[] = [];
  const mail = {
    from: 'accounts@forecourt.test',
    mailer: {
      target: 'memory',
      send: async (email: Email) => {
        mails.push(email);
      },
    },
  };
  const template = readFileSync('index.html', 'utf8');
  const secrets = loadSecrets(dataDir);
  const media = localMediaStore(join(dataDir, 'media'));
  const app = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env }),
    sites: loadTenants(),
    secrets,
    renderer: { template: async () => template, render },
    logger: createLogger({ quiet: true }),
    apiRoutes:
      options.limiter || options.auth
        ? [
            authRoutes({ db, mail }, { limiter: options.limiter, ...options.auth }),
            watchlistRoutes({ db }, { limiter: options.limiter }),
            analyticsRoutes({ db }, { limiter: options.limiter }),
            leadsRoutes({ db }, { limiter: options.limiter }),
            testDrivesRoutes({ db }),
            // The test's own limits: refused uploads are not held back either.
            tradeInRoutes(
              { db, media, linkSecret: secrets.linkSecret },
              { limiter: options.limiter, heldRefusals: new HeldRefusals({ ms: 0, max: 0 }) },
            ),
            careersRoutes(
              { db, media, linkSecret: secrets.linkSecret },
              { limiter: options.limiter, heldRefusals: new HeldRefusals({ ms: 0, max: 0 }) },
            ),
            reserveRoutes({ db, ...options.reserve }, { limiter: options.limiter }),
            localPaymentsRoutes({ db }, { limiter: options.limiter }),
            ...(options.reserve?.stripeWebhookSecret
              ? [
                  stripeWebhookRoutes({
                    reserve: reserveDepsOf({ db, ...options.reserve }),
                    secret: options.reserve.stripeWebhookSecret,
                    logger: options.reserve.logger ?? createLogger({ quiet: true }),
                    limiter: options.limiter,
                  }),
                ]
              : []),
            carsRoutes({ db }, { limiter: options.limiter }),
            savedSearchesRoutes(
              { db, mail, linkSecret: secrets.linkSecret },
              {
                limiter: options.limiter,
                unsubscribeLimiter: options.limiter,
                recipientLimiter: options.limiter,
              },
            ),
          ]
        : apiRoutes({ db, mail, media, linkSecret: secrets.linkSecret, ...options.reserve }),
    siteRoutes: [
      seoRoutes({ db, pages: loadSitePages(), originOf: (c) => canonicalOrigin(c, c.get('site')) }),
    ],
    ...(options.pageCache ? { pageCache: options.pageCache } : {}),
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const host = (slug: string) => `${slug}.localhost:${port}`;

  const request = (slug: string, path: string, init: TestRequest = {}) =>
    new Promise<TestResponse>((resolve, reject) => {
      const payload = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
      const headers: Record<string, string> = {
        host: host(slug),
        ...(init.bare ? {} : { origin: `http://${host(slug)}`, 'sec-fetch-site': 'same-origin' }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...init.headers,
      };
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
          headers,
        },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            body += chunk;
          });
          incoming.on('end', () => {
            const setCookie = incoming.headers['set-cookie'] ?? [];
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body,
              json: <T>() => JSON.parse(body) as T,
              cookies: setCookie.map((cookie) => cookie.split(';')[0] ?? ''),
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });

  return {
    port,
    mails,
    media,
    linkSecret: secrets.linkSecret,
    host,
    request,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A limiter no test run reaches (for tests that sign up many shoppers from one address). */
export const roomyLimiter = () => new RateLimiter({ capacity: 10_000, perSecond: 100 });

let counter = 0;

/** A fresh email address for this test run. */
export function freshEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}@example.com`;
}

/** The path and query of the newest link emailed to an address (a sign-up's or a reset's first link). */
export function emailedLink(server: AccountServer, email: string): string {
  const mail = server.mails.findLast((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link was emailed to ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The token of the newest account link emailed to an address (the set-password page's `token`). */
export function emailedToken(server: AccountServer, email: string): string {
  const token = new URL(emailedLink(server, email), 'http://x').searchParams.get('token');
  if (!token) throw new Error(`no account link was emailed to ${email}`);
  return token;
}

/** The password `signUp` chooses from the link. */
export const TEST_PASSWORD = 'correct horse battery';

/**
 * Signs up on a site, chooses the password on the page the emailed link opens (decision 104) as the
 * shopper would, keeps a phone on record unless `null`, and returns the session cookie.
 */
export async function signUp(
  server: AccountServer,
  slug: string,
  email: string,
  phone: string | null = '0400 111 222',
): Promise<string> {
  const response = await server.request(slug, '/api/auth/sign-up', { body: { email } });
  if (response.status !== 202) throw new Error(`sign-up answered ${response.status}: ${response.body}`);
  const set = await server.request(slug, '/api/auth/set-password', {
    body: { token: emailedToken(server, email), password: TEST_PASSWORD },
  });
  const cookie = set.cookies[0];
  if (set.status !== 200 || !cookie) throw new Error(`set-password answered ${set.status}: ${set.body}`);
  if (phone) {
    const saved = await server.request(slug, '/api/auth/phone', { cookie, body: { phone_number: phone } });
    if (saved.status !== 200) throw new Error(`the phone answered ${saved.status}: ${saved.body}`);
  }
  return cookie;
}
