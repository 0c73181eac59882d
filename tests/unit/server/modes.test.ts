import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env.ts';
import { createLogger, type Logger } from '../../../server/logger.ts';
import { ProductionStartRefused } from '../../../server/mode.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { loadMigrations } from '../../../server/store/migrate.ts';
import { openStoreUnmigrated } from '../../../server/store/open-store.ts';
import { DEFAULT_TENANTS_DIR } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { startSmtp } from '../../fixtures/smtp-server.ts';

/**
 * The demo and production (issue 33 items 1 and 6, decision 113), each started as `npm start` starts
 * it (in-process, real HTTP on loopback): production with nothing set refuses and names everything
 * missing at once, refuses pending migrations until `npm run db:migrate` has run, then serves without
 * a single demo car; the demo starts with nothing set and says which stand-ins serve.
 */
const renderer = { template: async () => readFileSync('index.html', 'utf8'), render };
const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `forecourt-${label}-`));
const MIGRATIONS = loadMigrations().map((migration) => migration.name);

/**
 * A data folder whose embedded store exists but has never been migrated, as on a fresh machine: made
 * once (PGlite's initdb is the slow part of a first start) and copied for each test that needs one.
 */
const blankStore = tempDir('blank-store');
const freshDataDir = (label: string) => {
  const dir = tempDir(label);
  cpSync(blankStore, dir, { recursive: true });
  return dir;
};
beforeAll(async () => {
  const store = await openStoreUnmigrated({ dataDir: join(blankStore, 'pglite') });
  await store.db.close();
}, 60_000);

/** What a deployment gives: secrets of its own (each `openssl rand -base64 32`). */
const SECRETS = {
  SEARCH_PARENT_KEY: 'search-parent-key-of-the-modes-test-0001',
  SEARCH_ADMIN_KEY: 'search-admin-key-of-the-modes-test-00001',
  ADMIN_TOKEN: 'admin-token-of-the-modes-test-0000000001',
  LINK_SECRET: 'link-secret-of-the-modes-test-00000000001',
};

/** A logger that keeps what the server says at start (quiet otherwise). */
function listeningLogger(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const quiet = createLogger({ quiet: true });
  const logger = Object.assign(Object.create(quiet) as Logger, {
    info: (message: string) => {
      said.push(message);
    },
  });
  return { logger, said };
}

/** The search hits a site's own browser key finds, by index (the embedded endpoint, as a browser asks). */
async function hitsOnDefaultSite(server: RunningServer): Promise<Record<string, number>> {
  const site = (await (await fetch(`${server.url}/api/site`)).json()) as {
    search_connection: { appId: string; apiKey: string };
  };
  const counts: Record<string, number> = {};
  for (const index of ['cars', 'models', 'items']) {
    const response = await fetch(`${server.url}/search-api/1/indexes/${index}/query`, {
      method: 'POST',
      headers: {
        'x-algolia-application-id': site.search_connection.appId,
        'x-algolia-api-key': site.search_connection.apiKey,
      },
      body: JSON.stringify({ params: 'hitsPerPage=1' }),
    });
    expect(response.status).toBe(200);
    counts[index] = ((await response.json()) as { nbHits: number }).nbHits;
  }
  return counts;
}

/** Runs `npm run db:migrate` as the operator would, with only these settings. */
function dbMigrate(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = fileURLToPath(new URL('../../../server/cli/migrate.ts', import.meta.url));
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, DATA_DIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli],
      { env: { ...inherited, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('production (FORECOURT_ENV=production)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let dataDir = '';
  const production = (settings: Record<string, string> = {}) =>
    readEnv({
      FORECOURT_ENV: 'production',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...settings,
    });
  const everything = () => ({
    SMTP_URL: smtp.url,
    VALUATION_URL: 'http://127.0.0.1:9/valuation',
    VALUATION_API_KEY: 'a-valuation-key',
    ...SECRETS,
  });
  const refusal = async (settings: Record<string, string>): Promise<ProductionStartRefused> => {
    const error = await startServer({
      env: production(settings),
      renderer,
      logger: createLogger({ quiet: true }),
    }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ProductionStartRefused);
    return error as ProductionStartRefused;
  };

  beforeAll(async () => {
    dataDir = freshDataDir('production');
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('with nothing set refuses to start, naming every missing setting in one message', async () => {
    const { message, problems } = await refusal({ WORKERS: '2' });
    for (const setting of [
      'SMTP_URL',
      'VALUATION_URL',
      'VALUATION_API_KEY',
      'SEARCH_PARENT_KEY',
      'SEARCH_ADMIN_KEY',
      'ADMIN_TOKEN',
      'LINK_SECRET',
      'DATABASE_URL',
      'npm run db:migrate',
    ]) {
      expect(message).toContain(setting);
    }
    expect(problems).toHaveLength(5);
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(5);
    expect(message).toContain('openssl rand -base64 32');
    // Nothing was generated, and the data folder is not held by a server that never served.
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'owner.json'))).toBe(false);
  }, 60_000);

  it('with everything else set still refuses while migrations are pending, naming them', async () => {
    const { message, problems } = await refusal(everything());
    expect(problems).toHaveLength(1);
    expect(message).toContain(`${MIGRATIONS.length} pending (${MIGRATIONS.join(', ')})`);
    expect(message).toContain('MIGRATE_ON_START=1');
  }, 60_000);

  it('npm run db:migrate applies the pending migrations and exits; a store it cannot reach exits 1 with the reason', async () => {
    const [applied, unreachable] = await Promise.all([
      dbMigrate({ DATA_DIR: dataDir }),
      dbMigrate({ DATA_DIR: tempDir('unreachable'), DATABASE_URL: 'postgres://127.0.0.1:1/none' }),
    ]);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(new RegExp(`^Applied ${MIGRATIONS.length} migrations \\(`));
    expect(applied.stdout).toContain(MIGRATIONS.at(-1));
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^db:migrate failed: .*ECONNREFUSED/);
  }, 60_000);

  it('with everything set starts on the migrated store and shows no demo stock, offers, models or parts', async () => {
    const { logger, said } = listeningLogger();
    const server = await startServer({ env: production(everything()), renderer, logger });
    try {
      expect(await hitsOnDefaultSite(server)).toEqual({ cars: 0, models: 0, items: 0 });
      for (const [path, list] of [
        ['/reviews', 'reviews'],
        ['/special-offers', 'offers'],
      ] as const) {
        const page = await fetch(`${server.url}/api/pages?path=${path}`);
        expect(page.status).toBe(200);
        expect(((await page.json()) as Record<string, unknown>)[list]).toEqual([]);
      }
      expect(said.some((message) => message.startsWith('Forecourt runs in production'))).toBe(true);
      expect(said.some((message) => /demo/i.test(message))).toBe(false);
      expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('the demo (no settings)', () => {
  let dataDir = '';
  // One dealer keeps the first start's seeding short; it is copied whole, as an operator adds one.
  const tenantsDir = tempDir('demo-tenants');
  cpSync(join(DEFAULT_TENANTS_DIR, 'metro-used'), join(tenantsDir, 'metro-used'), { recursive: true });
  let server: RunningServer;
  const { logger, said } = listeningLogger();

  beforeAll(async () => {
    dataDir = freshDataDir('demo');
    server = await startServer({
      env: readEnv({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TENANTS_DIR: tenantsDir,
        DEFAULT_TENANT: 'metro-used',
      }),
      renderer,
      logger,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('says in one block that it is the demo, each stand-in with the setting that replaces it', () => {
    const blocks = said.filter((message) => message.includes('stand-ins are in use'));
    expect(blocks).toHaveLength(1);
    const lines = (blocks[0] ?? '').split('\n');
    expect(lines[0]).toMatch(/^This is the demo/);
    const standIns = lines.filter((line) => line.startsWith('  - '));
    expect(standIns).toEqual([
      expect.stringMatching(/^ {2}- Email .*\.eml files in .*outbox.*Set SMTP_URL\.$/),
      expect.stringMatching(
        /^ {2}- Trade-in valuation \(Metro Used Cars\): the local valuation table.*Set VALUATION_URL, VALUATION_API_KEY\.$/,
      ),
      expect.stringMatching(
        /^ {2}- Reservation deposits through stripe \(cars of Metro Used Cars\): the local test cards.*Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET\.$/,
      ),
      expect.stringMatching(
        /^ {2}- Secrets .*secrets\.json.*Set SEARCH_PARENT_KEY, SEARCH_ADMIN_KEY, ADMIN_TOKEN, LINK_SECRET \(.*openssl rand -base64 32`\)\.$/,
      ),
    ]);
  });

  it('seeds the demo dealer’s stock and parts, and keeps its generated secrets in the data folder', async () => {
    const hits = await hitsOnDefaultSite(server);
    expect(hits.cars).toBeGreaterThan(10);
    expect(hits.items).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);
  });
});
