import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../domain/staff.ts';
import { apiRouter } from '../../../server/api/serve.ts';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { consolePageSession } from '../../../server/console/console-routes.ts';
import { staffConsoleEndpoints } from '../../../server/console/staff/staff.routes.ts';
import { staffSession } from '../../../server/console/staff-session.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { renderConsole } from '../../../views/console/app/entry-server.tsx';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { BAYSIDE, HARBOUR, roomyLimiters } from './staff-test-app.ts';

/** The app with the staff API and the console's pages rendered by its own entry (decision 126). */
function consoleApp(db: Db) {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-console-pages-'));
  const deps = { db, limiters: roomyLimiters };
  const api = new Hono<AppEnv>();
  api.use('/dealer/*', staffSession(deps));
  api.route('/', apiRouter(...staffConsoleEndpoints(deps)));
  const template = readFileSync('console.html', 'utf8');
  const app = createApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    sites: loadTenants(),
    secrets: loadSecrets(dataDir),
    renderer: {
      template: async () => readFileSync('index.html', 'utf8'),
      render: async () => {
        throw new Error('No storefront pages here');
      },
      console: { template: async () => template, render: renderConsole },
    },
    logger: createLogger({ quiet: true }),
    apiRoutes: [api],
    siteRoutes: [consolePageSession(deps)],
  });
  return (slug: string, path: string, cookie?: string) =>
    app.request(`http://${slug}.localhost${path}`, {
      headers: { host: `${slug}.localhost`, ...(cookie ? { cookie } : {}) },
    });
}

/** The boot block a console page embeds. */
function bootOf(html: string): {
  page: { id: string; snapshot: { value?: unknown } | null };
  member: StaffMember | null;
} {
  const match = /<script type="application\/json" id="forecourt-boot">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('No boot block');
  return JSON.parse(match[1]);
}

/**
 * Issue 36 item 7: the console's pages are server-rendered by its own entry, for the member alone —
 * never cached, never indexed; signed out, every page but sign-in and invitation sends to sign-in and
 * back; a member of another dealer is a stranger.
 */
describe.each(testDrivers('console-pages'))('console pages on $name', (driver) => {
  let store: TestStore;
  let request: ReturnType<typeof consoleApp>;
  let manager: StaffMember;
  let sales: StaffMember;
  let harbourManager: StaffMember;

  beforeAll(async () => {
    store = await driver.open();
    request = consoleApp(store.db);
    manager = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'manager', name: 'Mia Manager' });
    sales = await createStaffMember(store.db, { siteId: BAYSIDE.id, role: 'sales', name: 'Sol Sales' });
    harbourManager = await createStaffMember(store.db, { siteId: HARBOUR.id, role: 'manager' });
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  it('signed out, a console page redirects to sign-in with the way back, never cached nor indexed', async () => {
    const expected = {
      '/dealer': '/dealer/sign-in',
      '/dealer/leads?status=new': '/dealer/sign-in?return=%2Fdealer%2Fleads%3Fstatus%3Dnew',
      '/dealer/no-such-page': '/dealer/sign-in?return=%2Fdealer%2Fno-such-page',
    };
    for (const [path, location] of Object.entries(expected)) {
      const answer = await request(BAYSIDE.slug, path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(location);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-robots-tag')).toContain('noindex');
    }
  });

  it('renders the sign-in page signed out with the console’s own entry: the form, noindex, no-store', async () => {
    const answer = await request(BAYSIDE.slug, '/dealer/sign-in?return=%2Fdealer%2Fleads');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-robots-tag')).toContain('noindex');
    const html = await answer.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('Sign in to the console');
    expect(html).toContain('/views/console/app/entry-client.tsx');
    expect(html).not.toContain('/views/app/entry-client.tsx');
    const boot = bootOf(html);
    expect(boot.member).toBeNull();
    expect(boot.page.id).toBe('consoleSignIn');
    // The storefront's policy: scripts by nonce (Vite writes the nonce slot into the built template).
    expect(answer.headers.get('content-security-policy')).toMatch(/script-src[^;]*'nonce-/);
  });

  it('signed in, the overview is rendered with the member from the server and settled', async () => {
    const answer = await request(BAYSIDE.slug, '/dealer', await staffCookie(store.db, manager));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const html = await answer.text();
    expect(html).toContain('Welcome, Mia Manager');
    expect(html).toContain('Sign out');
    const boot = bootOf(html);
    expect(boot.member).toEqual(manager);
    expect(boot.page.id).toBe('consoleOverview');
    expect(boot.page.snapshot?.value).toBe('ready');
  });

  it('signed in, the sign-in page sends the member on to where they were going', async () => {
    const answer = await request(
      BAYSIDE.slug,
      '/dealer/sign-in?return=%2Fdealer',
      await staffCookie(store.db, sales),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/dealer');
  });

  it('a return path off the console or off the site lands on the overview', async () => {
    const cookie = await staffCookie(store.db, sales);
    for (const target of ['https://evil.example/', '//evil.example', '/search']) {
      const answer = await request(
        BAYSIDE.slug,
        `/dealer/sign-in?return=${encodeURIComponent(target)}`,
        cookie,
      );
      expect(answer.headers.get('location')).toBe('/dealer');
    }
  });

  it('a manager of another dealer is a stranger here: sent to sign in', async () => {
    const answer = await request(BAYSIDE.slug, '/dealer', await staffCookie(store.db, harbourManager));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/dealer/sign-in');
  });

  it('an unknown console page is the console’s 404, in its layout', async () => {
    const answer = await request(BAYSIDE.slug, '/dealer/no-such-page', await staffCookie(store.db, manager));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('No such page in the console');
  });

  it('an invitation link without a token says it cannot be used', async () => {
    const answer = await request(BAYSIDE.slug, '/dealer/invitation');
    expect(answer.status).toBe(410);
    expect(await answer.text()).toContain('This invitation cannot be used');
  });
});
