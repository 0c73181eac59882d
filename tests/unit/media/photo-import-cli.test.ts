import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 35 item 1: `npm run stock:import` reports the photos the import queued and names the cars
 * whose photos could not be fetched (the server's answer, `photos` in the stock-import contract).
 */
const CLI = fileURLToPath(new URL('../../../server/cli/stock-import.ts', import.meta.url));
const FILE = fileURLToPath(new URL('../../fixtures/stock/harbour-valid.json', import.meta.url));

describe('npm run stock:import reports the photos', () => {
  let server: Server;
  let dataDir = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            inserted: 2,
            updated: 3,
            removed: 0,
            photos: { queued: 7, failed_cars: [9000002, 9000004] },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    dataDir = mkdtempSync(join(tmpdir(), 'fc-photo-cli-'));
    writeFileSync(
      join(dataDir, 'owner.json'),
      JSON.stringify({ pid: process.pid, role: 'server', url: `http://127.0.0.1:${port}` }),
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('says how many photos wait and names the cars whose photos failed', async () => {
    const { PORT: _port, DATABASE_URL: _url, ...env } = process.env;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', CLI, '--tenant', 'harbour-auto-group', FILE],
        { env: { ...env, DATA_DIR: dataDir, FORECOURT_ADMIN_TOKEN: 'test-token' } },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
    });
    expect(stdout).toContain('Photos: 7 waiting to be fetched (the server is fetching them).');
    expect(stdout).toContain(
      'Cars with photos that could not be fetched (shown as a placeholder): 9000002, 9000004.',
    );
  });
});
