import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { apiRouter } from '../../../server/api/serve.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { type LimiterFactory, RateLimiter } from '../../../server/auth/rate-limit.ts';
import { staffConsoleEndpoints } from '../../../server/console/staff/staff.routes.ts';
import { staffSession } from '../../../server/console/staff-session.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { Email } from '../../../server/mail/mailer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadTenants } from '../../../server/tenants/load.ts';

/** The dealers the console tests use, by slug and site id. */
export const BAYSIDE = { slug: 'bayside-mazda', id: 101 } as const;
export const HARBOUR = { slug: 'harbour-auto-group', id: 102 } as const;

/** Buckets no test empties: each test that counts attempts builds its own app with the real ones. */
export const roomyLimiters: LimiterFactory = () => new RateLimiter({ capacity: 10_000, perSecond: 10_000 });

/** One answer as a test reads it. */
export interface ConsoleAnswer {
  status: number;
  headers: Headers;
  json<T = Record<string, unknown>>(): Promise<T>;
  /** `name=value` of the staff cookie it set, if any. */
  cookie: string | null;
}

/** The staff routes on the real app (tenant by host, same-origin checks), over `db`. */
export interface StaffTestApp {
  mails: Email[];
  /** A request to `slug`'s site, as its own page sends it (POST: same-origin JSON). */
  call(
    slug: string,
    path: string,
    init?: { cookie?: string; body?: unknown; origin?: string; https?: boolean },
  ): Promise<ConsoleAnswer>;
}

/**
 * Builds the app with the staff endpoints behind the staff session, as `consoleApiRoutes` mounts them,
 * with `now` as the clock and a mailer that keeps what it sends.
 */
export function staffTestApp(
  db: Db,
  options: { now?: () => Date; limiters?: LimiterFactory } = {},
): StaffTestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-staff-'));
  const mails: Email[] = [];
  const deps = {
    db,
    ...(options.now ? { now: options.now } : {}),
    limiters: options.limiters ?? roomyLimiters,
    mail: {
      from: 'console@forecourt.test',
      mailer: { target: 'memory', send: async (email: Email) => void mails.push(email) },
    },
  };
  const api = new Hono<AppEnv>();
  api.use('/dealer/*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  api.use('/dealer/*', staffSession(deps));
  api.route('/', apiRouter(...staffConsoleEndpoints(deps)));
  const app = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites: loadTenants(),
    secrets: loadSecrets(dataDir),
    renderer: {
      template: async () => readFileSync('index.html', 'utf8'),
      render: async () => {
        throw new Error('No pages in the console API tests');
      },
    },
    logger: createLogger({ quiet: true }),
    apiRoutes: [api],
  });
  return {
    mails,
    async call(slug, path, init = {}) {
      const scheme = init.https ? 'https' : 'http';
      const headers: Record<string, string> = { host: `${slug}.localhost` };
      if (init.cookie) headers.cookie = init.cookie;
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers.origin = init.origin ?? `${scheme}://${slug}.localhost`;
        headers['sec-fetch-site'] = init.origin ? 'same-site' : 'same-origin';
      }
      const response = await app.request(`${scheme}://${slug}.localhost${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const setCookie = response.headers.get('set-cookie');
      const pair = setCookie && /^((?:__Host-)?forecourt_staff=[^;]*)/.exec(setCookie);
      return {
        status: response.status,
        headers: response.headers,
        json: <T>() => response.json() as Promise<T>,
        cookie: pair && !pair[1]?.endsWith('=') ? (pair[1] ?? null) : null,
      };
    },
  };
}

/** The invitation link's token in the newest email to `to`. */
export function invitationToken(mails: readonly Email[], to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const token = mail && /\/dealer\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No invitation was emailed to ${to}`);
  return token;
}
