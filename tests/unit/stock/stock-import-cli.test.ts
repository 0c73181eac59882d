import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../../server/cli/stock-import.ts', import.meta.url));
const FILE = fileURLToPath(new URL('../../fixtures/stock/harbour-valid.json', import.meta.url));

interface Seen {
  url: string | undefined;
  authorization: string | undefined;
  body: { tenant: string; replace: boolean; records: unknown[] };
}

/** A data folder whose store `owner` holds (this test process stands in for the server's pid). */
function dataDirHeldBy(owner: { role: string; url: string | null }): string {
  const dir = mkdtempSync(join(tmpdir(), 'fc-owner-'));
  writeFileSync(join(dir, 'owner.json'), JSON.stringify({ pid: process.pid, ...owner }));
  return dir;
}

/** Runs the CLI with no `PORT` at all: it must find the server by the data folder alone. */
function run(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { PORT: _port, DATABASE_URL: _url, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...env, DATA_DIR: dataDir, FORECOURT_ADMIN_TOKEN: 'test-token' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run stock:import with a server running', () => {
  let server: Server;
  let port = 0;
  const seen: Seen[] = [];
  let answer: { status: number; body: unknown } = {
    status: 200,
    body: { inserted: 5, updated: 0, removed: 2 },
  };

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      request.on('end', () => {
        seen.push({
          url: request.url,
          authorization: request.headers.authorization,
          body: JSON.parse(raw) as Seen['body'],
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands the file to the server that holds the data folder, on whatever port, with the bearer token', async () => {
    const dataDir = dataDirHeldBy({ role: 'server', url: `http://127.0.0.1:${port}` });
    const result = await run(dataDir, ['--tenant', 'harbour-auto-group', '--replace', FILE]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('through the running server: 5 inserted, 0 updated, 2 removed');
    expect(seen[0]?.url).toBe('/api/admin/stock-import');
    expect(seen[0]?.authorization).toBe('Bearer test-token');
    expect(seen[0]?.body.tenant).toBe('harbour-auto-group');
    expect(seen[0]?.body.replace).toBe(true);
    expect(seen[0]?.body.records).toHaveLength(5);
  });

  it('prints the server’s error and exits non-zero', async () => {
    answer = {
      status: 422,
      body: { error: { code: 'invalid_stock', message: 'record 3: price: expected number' } },
    };
    const dataDir = dataDirHeldBy({ role: 'server', url: `http://127.0.0.1:${port}` });
    const result = await run(dataDir, ['--tenant', 'harbour-auto-group', FILE]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('record 3: price: expected number');
  });

  it('refuses, naming the holder, when the server holding the store does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const dataDir = dataDirHeldBy({ role: 'server', url: `http://127.0.0.1:${deadPort}` });
    const result = await run(dataDir, ['--tenant', 'harbour-auto-group', FILE]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The server (pid ${process.pid}) holds the store in ${dataDir}`);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  it('refuses, naming the holder, when another command holds the store', async () => {
    const dataDir = dataDirHeldBy({ role: 'seed', url: null });
    const result = await run(dataDir, ['--tenant', 'harbour-auto-group', FILE]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`held by another process (seed, pid ${process.pid})`);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });
});
