import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, MAX_API_BODY } from '../../../server/app.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../../server/render/csp-nonce.ts';
import { renderDocument } from '../../../server/render/document.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { listPhoneReveals } from '../../../server/vehicle/phone-reveals.repo.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { type AccountServer, CARS, seedAccountCars, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 14's first findings, each reproduced from outside as an attacker would: the write endpoints
 * inherit the server's limits (body size, same-origin with the scheme, a rate per address), and the
 * CSP nonce goes only where the document template puts it.
 */
let db: Db;
let server: AccountServer;
const BAYSIDE = 'bayside-mazda';

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await seedAccountCars(db);
  server = await startAccountServer(db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

/** A POST whose body arrives in chunks, with no Content-Length: the limit must hold while reading. */
function chunkedPost(path: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        // why: the server closes this socket once it refuses the body; it must not go back to the pool.
        agent: false,
        headers: {
          host: server.host(BAYSIDE),
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
      },
      (incoming) => {
        incoming.resume();
        resolve(incoming.statusCode ?? 0);
      },
    );
    outgoing.on('error', (error) =>
      (error as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(error),
    );
    const chunk = 'x'.repeat(16 * 1024);
    outgoing.write('{"path":"');
    for (let sent = 0; sent < bytes; sent += chunk.length) outgoing.write(chunk);
    outgoing.end('"}');
  });
}

describe('every API body has a limit (issue 14 item 4)', () => {
  it(`a JSON body over ${MAX_API_BODY / 1024} kB answers 413 with the house error`, async () => {
    const response = await server.request(BAYSIDE, '/api/analytics', {
      body: { event_id: 39, car_id: null, path: `/${'x'.repeat(MAX_API_BODY)}` },
    });
    expect(response.status).toBe(413);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('payload_too_large');
  });

  it('a chunked body without a length is cut off once it passes the limit', async () => {
    expect(await chunkedPost('/api/cars/phone-reveals', 2 * 1024 * 1024)).toBe(413);
  });
});

describe('write endpoints are checked like the watchlist’s (issue 14 item 5)', () => {
  const reveal = { car_id: CARS.baysideInStock, dealership_id: 1011, website_id: 101 };

  it('the same-origin check compares the scheme: an https page cannot post to the http site', async () => {
    const response = await server.request(BAYSIDE, '/api/cars/phone-reveals', {
      body: reveal,
      headers: { origin: `https://${server.host(BAYSIDE)}` },
    });
    expect(response.status).toBe(403);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('cross_site_request');
  });

  it('phone reveals are rate-limited per address: a flood stores 20, then answers 429', async () => {
    const before = (await listPhoneReveals(db, CARS.baysideInStock)).length;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      statuses.push((await server.request(BAYSIDE, '/api/cars/phone-reveals', { body: reveal })).status);
    }
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    expect((await listPhoneReveals(db, CARS.baysideInStock)).length - before).toBeLessThanOrEqual(20);
  });
});

describe('the CSP nonce goes only where the template puts it (issue 14 item 8)', () => {
  it('a dealer comment that contains the placeholder keeps it as text', () => {
    const template = `<html><head><!--app-head--><script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/a.js"></script></head><body data-theme="__FORECOURT_THEME__"><div id="root"><!--app-html--></div><!--app-boot--></body></html>`;
    const html = renderDocument(template, {
      nonce: 'n0nce',
      theme: 'bayside-mazda',
      origin: 'http://bayside-mazda.localhost',
      head: { title: 'Car', description: 'A car', status: 200, canonicalPath: '/' },
      html: `<p>Dealer comment: ${CSP_NONCE_PLACEHOLDER}</p>`,
      boot: { site: { name: 'Bayside' } as never, page: { id: 'home', url: '/', snapshot: null } },
    });
    expect(html).toContain('<script type="module" nonce="n0nce" src="/a.js">');
    expect(html).toContain(`<p>Dealer comment: ${CSP_NONCE_PLACEHOLDER}</p>`);
  });
});

describe('answers outside the pages carry the security headers (issue 14 item 8)', () => {
  it('a mounted sub-app (search, media, assets) answers with them, as pages do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-headers-'));
    const app = createApp({
      env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      sites: loadTenants(),
      secrets: loadSecrets(dataDir),
      renderer: { template: async () => '', render },
      logger: createLogger({ quiet: true }),
      mounts: [
        {
          path: '/media',
          app: new Hono().get('*', (c) => c.body('<svg/>', 200, { 'content-type': 'image/svg+xml' })),
        },
      ],
    });
    const response = await app.request('http://bayside-mazda.localhost/media/logo.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the Host header is data, not a destination (issue 14 item 3)', () => {
  it.each([
    ['upper case', (port: number) => `BAYSIDE-MAZDA.LOCALHOST:${port}`],
    ['a port nothing listens on', () => 'bayside-mazda.localhost:1'],
    ['the default port', () => 'bayside-mazda.localhost:80'],
  ])('a page asked with %s renders in-process', async (_case, hostOf) => {
    const response = await server.request(BAYSIDE, '/', {
      headers: { host: hostOf(server.port) },
      bare: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('forecourt-boot');
  });
});
