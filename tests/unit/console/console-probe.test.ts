import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { CONSOLE_ENDPOINTS } from '../../../domain/contracts/console-endpoints.ts';
import { type Endpoint, routePath } from '../../../domain/contracts/endpoint.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { serve } from '../../../server/api/serve.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { type ConsoleDeps, consoleApiRoutes } from '../../../server/console/console-routes.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { Email } from '../../../server/mail/mailer.ts';
import { localMediaStore } from '../../../server/media/media-store.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { createStaffMember, STAFF_PASSWORD, staffCookie } from '../../fixtures/staff.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';

/**
 * The console's security probe (issue 36 item 8). Every endpoint under `/api/dealer/` — read from
 * `domain/contracts/console-endpoints.ts`, the list each area adds its contracts to — is tried signed
 * out, as another dealer's manager, as a removed member, as a sales member where it needs a manager,
 * and cross-site (a page of another dealer's site posting with this site's manager's cookie); each
 * gets 401 or 403 and nothing else in its body, while this site's manager gets past the guard. The
 * public ones (sign-in, invitations) refuse another dealer's staff and a replayed invitation. And
 * the list is whole: every console contract module's endpoints are in it, every route the console
 * serves is one of them, and `serve()` refuses a console endpoint without its `staff` declaration.
 */
const sites = loadTenants();
const BAYSIDE = { slug: 'bayside-mazda', id: 101 };
const HARBOUR = { slug: 'harbour-auto-group', id: 102 };
const key = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;
const guarded = CONSOLE_ENDPOINTS.filter((endpoint) => endpoint.staff !== 'public');

describe.each(testDrivers('console-probe'))('the console probe on $name', (driver) => {
  let store: TestStore;
  let routes: Hono<AppEnv>;
  let app: ReturnType<typeof createApp>;
  const mails: Email[] = [];
  let manager: StaffMember;
  let sales: StaffMember;
  let removed: StaffMember;
  let harbourManager: StaffMember;

  beforeAll(async () => {
    store = await driver.open();
    const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-probe-'));
    const deps: ConsoleDeps = {
      db: store.db,
      sites,
      limiters: () => new RateLimiter({ capacity: 10_000, perSecond: 10_000 }),
      mail: {
        from: 'console@forecourt.test',
        mailer: { target: 'memory', send: async (email) => void mails.push(email) },
      },
      media: localMediaStore(join(dataDir, 'media')),
      carsChanged: async () => {},
      contentChanged: async () => {},
    };
    routes = consoleApiRoutes(deps);
    app = createApp({
      env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      sites,
      secrets: loadSecrets(dataDir),
      renderer: {
        template: async () => readFileSync('index.html', 'utf8'),
        render: async () => {
          throw new Error('No pages in the probe');
        },
      },
      logger: createLogger({ quiet: true }),
      apiRoutes: [routes],
    });
    manager = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'manager' });
    sales = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales' });
    removed = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'manager' });
    harbourManager = await createStaffMember(store.db, { siteId: HARBOUR.id, role: 'manager' });
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  /** One request to Bayside's console: a POST sends `{}` as JSON from `origin` (Bayside's own by default). */
  const probe = async (endpoint: Endpoint, init: { cookie?: string; origin?: string } = {}) => {
    // No such thing on any site: a handler the guard lets through changes nothing.
    const path = endpoint.path.replace(/:(\w+)/g, '999999');
    const headers: Record<string, string> = { host: `${BAYSIDE.slug}.localhost` };
    if (init.cookie) headers.cookie = init.cookie;
    if (endpoint.method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['content-length'] = '2';
      headers.origin = init.origin ?? `http://${BAYSIDE.slug}.localhost`;
      headers['sec-fetch-site'] = init.origin ? 'same-site' : 'same-origin';
    }
    const response = await app.request(`http://${BAYSIDE.slug}.localhost${path}`, {
      method: endpoint.method,
      headers,
      ...(endpoint.method === 'POST' ? { body: '{}' } : {}),
    });
    const text = await response.text();
    return { status: response.status, text, setCookie: response.headers.get('set-cookie') };
  };
  /** The answer is the refusal and nothing more. */
  const refused = (answer: { status: number; text: string }, status: number, code: string) => {
    expect(answer.status).toBe(status);
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    expect((body.error as { code: string }).code).toBe(code);
  };

  it('knows every console endpoint: each declares who may call it', () => {
    expect(CONSOLE_ENDPOINTS.length).toBeGreaterThan(10);
    for (const endpoint of CONSOLE_ENDPOINTS) {
      expect(endpoint.path, key(endpoint)).toMatch(/^\/api\/dealer\//);
      expect(['manager', 'sales', 'public'], key(endpoint)).toContain(endpoint.staff);
    }
  });

  it('every endpoint of every console contract module is in the probed list', async () => {
    const listed = new Set(CONSOLE_ENDPOINTS.map(key));
    const folder = join(import.meta.dirname, '../../../domain/contracts');
    const modules = readdirSync(folder).filter(
      (file) => /^console-.+\.ts$/.test(file) && file !== 'console-endpoints.ts',
    );
    expect(modules).toContain('console-staff.ts');
    const missing: string[] = [];
    for (const file of modules) {
      const exported = (await import(join(folder, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        const endpoint = value as Partial<Endpoint> | null;
        if (
          typeof endpoint?.path === 'string' &&
          endpoint.path.startsWith('/api/dealer/') &&
          endpoint.method
        ) {
          const named = key(endpoint as Endpoint);
          if (!listed.has(named)) missing.push(`${file} ${name} (${named})`);
        }
      }
    }
    expect(missing, 'add these to domain/contracts/console-endpoints.ts').toEqual([]);
  });

  it('every route the console serves is a probed endpoint (none is served around serve())', () => {
    const listed = new Set(CONSOLE_ENDPOINTS.map((endpoint) => `${endpoint.method} ${routePath(endpoint)}`));
    const served = routes.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/dealer'))
      .map((route) => `${route.method} ${route.path}`);
    expect(served.length).toBeGreaterThan(0);
    expect(
      served.filter((route) => !listed.has(route)),
      'served without a contract in domain/contracts/console-endpoints.ts',
    ).toEqual([]);
  });

  it('serve() refuses a console endpoint without a staff declaration', () => {
    const undeclared = { method: 'GET', path: '/api/dealer/undeclared', answer: z.object({}) } as const;
    expect(() => serve(undeclared, () => ({}))).toThrow(/without a staff declaration/);
  });

  it.each(guarded.map((endpoint) => [key(endpoint), endpoint] as const))(
    '%s: refused signed out, to another dealer’s manager and to a removed member',
    async (_name, endpoint) => {
      refused(await probe(endpoint), 401, 'unauthorized');
      refused(
        await probe(endpoint, { cookie: await staffCookie(store.db, harbourManager) }),
        401,
        'unauthorized',
      );
      const removedCookie = await staffCookie(store.db, removed);
      await store.db.query('UPDATE staff_members SET disabled_at = now() WHERE id = $1', [removed.id]);
      try {
        refused(await probe(endpoint, { cookie: removedCookie }), 401, 'unauthorized');
      } finally {
        await store.db.query('UPDATE staff_members SET disabled_at = NULL WHERE id = $1', [removed.id]);
      }
      // This site's manager gets past the guard (whatever the handler then makes of an empty request).
      const own = await probe(endpoint, { cookie: await staffCookie(store.db, manager) });
      expect([401, 403], `${key(endpoint)} answered ${own.status} ${own.text}`).not.toContain(own.status);
    },
  );

  it.each(
    guarded
      .filter((endpoint) => endpoint.staff === 'manager')
      .map((endpoint) => [key(endpoint), endpoint] as const),
  )('%s: refused to a sales member', async (_name, endpoint) => {
    refused(await probe(endpoint, { cookie: await staffCookie(store.db, sales) }), 403, 'forbidden');
  });

  it.each(
    CONSOLE_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST').map(
      (endpoint) => [key(endpoint), endpoint] as const,
    ),
  )('%s: refused cross-site, even with this site’s manager’s cookie', async (_name, endpoint) => {
    const answer = await probe(endpoint, {
      cookie: await staffCookie(store.db, manager),
      origin: `http://${HARBOUR.slug}.localhost`,
    });
    refused(answer, 403, 'cross_site_request');
    expect(answer.setCookie).toBeNull();
  });

  it('another dealer’s manager cannot sign in here with their own password', async () => {
    const answer = await app.request(`http://${BAYSIDE.slug}.localhost/api/dealer/session/sign-in`, {
      method: 'POST',
      headers: {
        host: `${BAYSIDE.slug}.localhost`,
        'content-type': 'application/json',
        origin: `http://${BAYSIDE.slug}.localhost`,
      },
      body: JSON.stringify({ email: harbourManager.email, password: STAFF_PASSWORD }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('set-cookie')).toBeNull();
  }, 60_000);

  it('a replayed invitation gets nothing: no member, no session', async () => {
    const post = (slug: string, path: string, body: unknown, cookie?: string) =>
      app.request(`http://${slug}.localhost${path}`, {
        method: 'POST',
        headers: {
          host: `${slug}.localhost`,
          'content-type': 'application/json',
          origin: `http://${slug}.localhost`,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    await post(
      BAYSIDE.slug,
      '/api/dealer/staff/invitations',
      { email: 'probe@example.com', role: 'manager' },
      await staffCookie(store.db, manager),
    );
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
    const form = { token, name: 'First', password: 'first person password' };
    // Another dealer's site does not know it.
    expect((await post(HARBOUR.slug, '/api/dealer/invitation/accept', form)).status).toBe(410);
    const first = await post(BAYSIDE.slug, '/api/dealer/invitation/accept', form);
    expect(first.status).toBe(201);
    const replay = await post(BAYSIDE.slug, '/api/dealer/invitation/accept', {
      ...form,
      name: 'Second',
      password: 'second person password',
    });
    expect(replay.status).toBe(410);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect(Object.keys((await replay.json()) as object)).toEqual(['error']);
    const lookup = await app.request(
      `http://${BAYSIDE.slug}.localhost/api/dealer/invitation?token=${token}`,
      {
        headers: { host: `${BAYSIDE.slug}.localhost` },
      },
    );
    expect(lookup.status).toBe(410);
    const { rows } = await store.db.query<{ name: string }>(
      'SELECT name FROM staff_members WHERE email = $1',
      ['probe@example.com'],
    );
    expect(rows).toEqual([{ name: 'First' }]);
  }, 60_000);
});
