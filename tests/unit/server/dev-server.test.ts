import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../../server/dev-server.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { RunningServer } from '../../../server/server.ts';

/** `npm run dev`: the same storefront through Vite's middleware, rendered on the server. */
let server: RunningServer;

beforeAll(async () => {
  server = await startDevServer(
    readEnv({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fc-dev-')),
    }),
    createLogger({ quiet: true }),
  );
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('development server (issue 2 §4: npm run dev serves the same with hot reload)', () => {
  it('renders the default dealer’s home page with Vite’s client and a nonce on every script', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1');
    expect(html).toContain('Bayside Mazda');
    expect(html).toContain('/@vite/client');
    const scripts = html.match(/<script type="module"[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/nonce="[^"_]+"/);
  });

  it('serves the browser entry transformed by Vite', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/views/app/entry-client.tsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
  });
});
