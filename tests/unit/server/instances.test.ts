import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { startSmtp, textOf } from '../../fixtures/smtp-server.ts';
import { uniqueSchema } from '../store/test-stores.ts';

/**
 * Secrets from the environment (issue 33 item 5, decision 113): two production instances started
 * with the same environment — each with a data folder of its own, over one PostgreSQL — agree on
 * what the other signed or handed out: a site's browser search key, a session cookie, the admin
 * token and an alert email's unsubscribe link. Nothing is generated into either data folder. Runs
 * where PostgreSQL is (`DATABASE_URL`, as `npm test` sets it): PGlite admits one process.
 */
const url = process.env.DATABASE_URL ?? '';
const SITE = 'harbour-auto-group';

/** The one environment both instances get, as a deployment would give it. */
const SECRETS = {
  SEARCH_PARENT_KEY: 'search-parent-key-shared-by-both-instances',
  SEARCH_ADMIN_KEY: 'search-admin-key-shared-by-both-instances',
  ADMIN_TOKEN: 'admin-token-shared-by-both-instances-00000',
  LINK_SECRET: 'link-secret-shared-by-both-instances-00000',
};

interface Answer {
  status: number;
  body: string;
  cookies: string[];
  json<T = Record<string, unknown>>(): T;
}

/** A same-origin request to a dealer site on one instance, as a browser on that site sends it. */
function call(
  server: RunningServer,
  path: string,
  init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const host = `${SITE}.localhost:${server.port}`;
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...init.headers,
        },
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          body += chunk;
        });
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body,
            cookies: (incoming.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0] ?? ''),
            json: <T>() => JSON.parse(body) as T,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Waits for a message the SMTP server received that passes `test` (fails the test after a while). */
async function received(messages: string[], test: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = messages.map(textOf).find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the expected email never arrived');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(Boolean(url))('two production instances with the same environment', () => {
  const schema = uniqueSchema('instances');
  const dataDirs = ['a', 'b'].map((label) => mkdtempSync(join(tmpdir(), `forecourt-instance-${label}-`)));
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: RunningServer;
  let b: RunningServer;
  let cookie = '';
  const email = `instances-${process.pid}@example.com`;

  beforeAll(async () => {
    smtp = await startSmtp();
    const start = (dataDir: string) =>
      startServer({
        env: readEnv({
          FORECOURT_ENV: 'production',
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          DATABASE_SCHEMA: schema,
          // Both start at once on an empty schema: one applies the migrations, the other waits for it.
          MIGRATE_ON_START: '1',
          SMTP_URL: smtp.url,
          VALUATION_URL: 'http://127.0.0.1:9/valuation',
          VALUATION_API_KEY: 'a-valuation-key',
          ...SECRETS,
        }),
        renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
        logger: createLogger({ quiet: true }),
      });
    [a, b] = (await Promise.all(dataDirs.map(start))) as [RunningServer, RunningServer];
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('a browser key one instance hands out searches the other’s endpoint, and neither generated secrets', async () => {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const site = (await call(from, '/api/site')).json<{
        search_connection: { appId: string; apiKey: string };
      }>();
      const search = await call(to, '/search-api/1/indexes/cars/query', {
        body: { params: 'hitsPerPage=1' },
        headers: {
          'x-algolia-application-id': site.search_connection.appId,
          'x-algolia-api-key': site.search_connection.apiKey,
        },
      });
      expect(search.status).toBe(200);
    }
    for (const dataDir of dataDirs) expect(readdirSync(dataDir)).not.toContain('secrets.json');
  });

  it('a session cookie set by one instance is signed in on the other', async () => {
    expect((await call(a, '/api/auth/sign-up', { body: { email } })).status).toBe(202);
    const link = (await received(smtp.received, (text) => text.includes(`To: ${email}`))).match(
      /https?:\/\/\S+token=([\w-]+)/,
    );
    const set = await call(a, '/api/auth/set-password', {
      body: { token: link?.[1], password: 'correct horse battery' },
    });
    expect(set.status).toBe(200);
    cookie = set.cookies[0] ?? '';
    const session = await call(b, '/api/auth/session', { cookie });
    expect(session.json()).toMatchObject({ user: { email } });
  });

  it('the admin token works on either, and an alert’s unsubscribe link works on both', async () => {
    const saved = await call(b, '/api/saved-searches', {
      cookie,
      body: {
        name: 'Toyotas',
        href: '/search?refinementList[make][0]=Toyota',
        search: { make: ['Toyota'] },
        car_types: null,
        frequency: 'instant',
      },
    });
    expect(saved.status).toBe(201);
    const records = JSON.parse(readFileSync('tests/fixtures/stock/harbour-valid.json', 'utf8'));
    const imported = await call(a, '/api/admin/stock-import', {
      body: { tenant: SITE, records },
      headers: { authorization: `Bearer ${SECRETS.ADMIN_TOKEN}` },
    });
    expect(imported.status).toBe(200);
    const alert = await received(smtp.received, (text) => text.includes('Stop emails for this search:'));
    const token = alert.match(/Stop emails for this search: \S+token=([\w.-]+)/)?.[1];
    for (const server of [a, b]) {
      const stopped = await call(server, '/api/saved-searches/unsubscribe', { body: { token } });
      expect(stopped.status).toBe(200);
      expect(stopped.json()).toEqual({ names: ['Toyotas'] });
    }
  });
});
