import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../../server/cli/stock-import.ts', import.meta.url));
const FILE = fileURLToPath(new URL('../../fixtures/stock/harbour-valid.json', import.meta.url));

interface Seen {
  url: string | undefined;
  authorization: string | undefined;
  body: { tenant: string; replace: boolean; records: unknown[] };
}

function run(port: number, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, PORT: String(port), FORECOURT_ADMIN_TOKEN: 'test-token' } },
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

  it('hands the file to the admin route with the bearer token', async () => {
    const result = await run(port, ['--tenant', 'harbour-auto-group', '--replace', FILE]);
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
    const result = await run(port, ['--tenant', 'harbour-auto-group', FILE]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('record 3: price: expected number');
  });
});
