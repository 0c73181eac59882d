import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../../../server/build/ensure-build.ts';
import { copyRelease } from '../../../server/build/release.ts';
import { createLogger } from '../../../server/logger.ts';
import { startSmtp } from '../../fixtures/smtp-server.ts';
import { freePort } from './free-port.ts';

/**
 * A production install, as the Dockerfile makes it (issue 33 item 7), in a clean temporary folder:
 * the release (`npm run release`: the built tree and the server's sources), `npm ci --omit=dev` (no
 * Vite, no Panda, no tsc), the release step `db:migrate`, the dealer's stock imported, then the
 * production start against the local PostgreSQL with the environment a real deployment sets. An
 * operator's probe finds it ready, a car page answers, and a shopper's enquiry reaches the dealer's
 * SMTP server. PostgreSQL is what production runs on, so without `DATABASE_URL` this reports skipped.
 */
const root = resolve(import.meta.dirname, '../../..');
const DATABASE_URL = process.env.DATABASE_URL;
const HARBOUR = 'harbour-auto-group';
/** The imported used car of tests/fixtures/stock/harbour-valid.json. */
const CAR = { id: 9_000_003, slug: '2019-volkswagen-golf-gti-9000003' };

const secret = () => randomBytes(32).toString('base64url');

/** Runs a command in the release folder to its end; throws with its output when it fails. */
function inRelease(folder: string, env: NodeJS.ProcessEnv, command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: folder, env, encoding: 'utf8', timeout: 240_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${output}`);
  return output;
}

/** A production server process started from the release folder. */
interface Instance {
  child: ChildProcess;
  base: string;
  output(): string;
}

describe.skipIf(!DATABASE_URL)('a production install in a clean folder (PostgreSQL)', () => {
  let folder: string;
  let instances: Instance[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let env: NodeJS.ProcessEnv;
  const schema = `install_${process.pid}_${Date.now() % 1_000_000}`;

  /** Starts `node --import tsx server/cli/start.ts --no-build` in the release with this environment. */
  const start = (instanceEnv: NodeJS.ProcessEnv): Instance => {
    const child = spawn('node', ['--import', 'tsx', 'server/cli/start.ts', '--no-build'], {
      cwd: folder,
      env: instanceEnv,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { child, base: `http://127.0.0.1:${instanceEnv.PORT}`, output: () => output };
  };

  beforeAll(async () => {
    ensureBuild(root, createLogger({ quiet: true }));
    folder = mkdtempSync(join(tmpdir(), 'forecourt-release-'));
    copyRelease(root, folder);
    smtp = await startSmtp();
    const port = await freePort();
    // What a deployment sets (docs/deploy.md): nothing of the developer's environment leaks in.
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      npm_config_cache: process.env.npm_config_cache,
      FORECOURT_ENV: 'production',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEFAULT_TENANT: HARBOUR,
      DATA_DIR: join(folder, 'data'),
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      SMTP_URL: smtp.url,
      LEADS_FROM: 'leads@forecourt.example',
      // The valuation provider is never called here; production only needs it configured.
      VALUATION_URL: 'http://127.0.0.1:9/valuation',
      VALUATION_API_KEY: secret(),
      SEARCH_PARENT_KEY: secret(),
      SEARCH_ADMIN_KEY: secret(),
      ADMIN_TOKEN: secret(),
      LINK_SECRET: secret(),
    };
    // `--prefer-offline`: the packages come from npm's cache when it has them, as a CI image's would.
    inRelease(folder, env, 'npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline']);
  }, 300_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    if (DATABASE_URL) {
      const { Client } = await import('pg');
      const client = new Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('installs without a build tool, migrates as a release step; two instances agree on keys, serve a car page and send a lead by SMTP', async () => {
    // No development tool came with the install.
    for (const tool of ['vite', '@pandacss/dev', 'typescript', 'vitest', '@playwright/test']) {
      expect(existsSync(join(folder, 'node_modules', tool)), tool).toBe(false);
    }
    expect(inRelease(folder, env, 'node', ['--import', 'tsx', 'server/cli/migrate.ts'])).toMatch(
      /Applied \d+ migrations/,
    );
    inRelease(folder, env, 'node', [
      '--import',
      'tsx',
      'server/cli/stock-import.ts',
      '--tenant',
      HARBOUR,
      join(root, 'tests/fixtures/stock/harbour-valid.json'),
    ]);

    // Two instances from the one release, each with a data folder of its own, started as a deployment
    // starts them: the same environment but the port (issue 33 item 5: they agree on what either
    // signs or hands out; two processes, so no module's state is shared between them).
    const second = { ...env, PORT: String(await freePort()), DATA_DIR: join(folder, 'data-b') };
    instances = [start(env), start(second)];
    for (const instance of instances) {
      await expect
        .poll(
          async () => {
            if (instance.child.exitCode !== null) throw new Error(`the server ended:\n${instance.output()}`);
            return fetch(`${instance.base}/readyz`).then(
              (answer) => answer.status,
              () => 0,
            );
          },
          { timeout: 90_000, interval: 250 },
        )
        .toBe(200);
    }
    const [a, b] = instances as [Instance, Instance];
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const site = (await (await fetch(`${from.base}/api/site`)).json()) as {
        search_connection: { appId: string; apiKey: string };
      };
      const search = await fetch(`${to.base}/search-api/1/indexes/cars/query`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-algolia-application-id': site.search_connection.appId,
          'x-algolia-api-key': site.search_connection.apiKey,
        },
        body: JSON.stringify({ params: 'hitsPerPage=1' }),
      });
      expect(search.status, 'a browser key one instance hands out searches the other').toBe(200);
    }

    const page = await fetch(`${a.base}/cars/${CAR.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Volkswagen Golf');

    const lead = await fetch(`${a.base}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.base },
      body: JSON.stringify({
        form: 'enquiry',
        userData: {
          category: 'Vehicle Enquiry',
          subcategory: 'Used Car Enquiry',
          car_id: CAR.id,
          name: 'Sam Shopper',
          email: 'sam@example.com',
          phone: '0400 111 222',
          message: 'Is the Golf still available?',
          opt_in: true,
          url: `${a.base}/cars/${CAR.slug}`,
        },
      }),
    });
    expect(lead.status, await lead.clone().text()).toBe(201);
    await expect
      .poll(() => smtp.received.find((message) => message.includes('Is the Golf still available?')), {
        timeout: 60_000,
      })
      .toBeDefined();

    // SIGTERM drains and exits cleanly, as a container's stop does.
    for (const instance of instances) {
      const ended = new Promise<number | null>((done) => instance.child.once('exit', (code) => done(code)));
      instance.child.kill('SIGTERM');
      expect(await ended).toBe(0);
    }
    // Nothing of the demo came with them: no generated secrets, no seeded stock.
    for (const data of ['data', 'data-b']) expect(existsSync(join(folder, data, 'secrets.json'))).toBe(false);
    expect(a.output()).not.toMatch(/stand-ins in use|Seeded demo stock/);
  }, 240_000);
});
