import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { compressedCopies } from '../../../server/build/precompress.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { builtAssets } from '../../../server/render/built-assets.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';

// A built script as the build leaves it: the file, and its Brotli and gzip copies beside it.
const dir = mkdtempSync(join(tmpdir(), 'forecourt-assets-'));
mkdirSync(join(dir, 'assets'));
const script = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2; // a chunk's line\n`).join(''),
);
writeFileSync(join(dir, 'assets/page-abc123.js'), script);
const copies = compressedCopies(script);
if (!copies.br || !copies.gz) throw new Error('the script did not compress');
writeFileSync(join(dir, 'assets/page-abc123.js.br'), copies.br);
writeFileSync(join(dir, 'assets/page-abc123.js.gz'), copies.gz);

const template = readFileSync('index.html', 'utf8');
const renderer: PageRenderer = { template: async () => template, render };
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-assets-data-'));
// The production mount, behind the server's own middleware (compression, security headers).
const app = createApp({
  env: readEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, DEFAULT_TENANT: 'bayside-mazda' }),
  sites: loadTenants(),
  secrets: loadSecrets(dataDir),
  renderer,
  logger: createLogger({ quiet: true }),
  mounts: [{ path: '/assets', app: new Hono().route('/', builtAssets(dir)) }],
});

const fetchAsset = (acceptEncoding?: string) =>
  app.request('/assets/page-abc123.js', {
    headers: {
      host: 'bayside-mazda.localhost',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('built assets travel as the build compressed them (decision 135)', () => {
  it('a browser that takes Brotli gets the .br copy, which is the script', async () => {
    const response = await fetchAsset('gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBe(copies.br?.byteLength);
    expect(brotliDecompressSync(body).equals(script)).toBe(true);
  });

  it('one that takes gzip only gets the .gz copy, not one compressed again per request', async () => {
    const response = await fetchAsset('gzip, deflate');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBe(copies.gz?.byteLength);
    expect(gunzipSync(body).equals(script)).toBe(true);
  });

  it('one that takes neither gets the script itself', async () => {
    const response = await fetchAsset();
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(script)).toBe(true);
  });

  it('Brotli refused by q=0 is not sent', async () => {
    const response = await fetchAsset('br;q=0, gzip');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).equals(script)).toBe(true);
  });

  it('an address the build did not make is not found, and not kept a year', async () => {
    const response = await app.request('/assets/page-000000.js', {
      headers: { host: 'bayside-mazda.localhost', 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).not.toContain('immutable');
  });

  it('the build makes no copy of a file too small to gain from one', () => {
    expect(compressedCopies(Buffer.from('x'))).toEqual({});
  });
});
