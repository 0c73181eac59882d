import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createApp } from '../../../server/app.ts';
import type { AppEnv } from '../../../server/app-env.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger, type Logger } from '../../../server/logger.ts';
import type { AppOps } from '../../../server/ops/server-ops.ts';
import type { PageCache } from '../../../server/render/page-cache.ts';
import type { RenderQueue } from '../../../server/render/render-queue.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { loadSecrets, type Secrets } from '../../../server/secrets.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import type { RenderRequest, RenderResult } from '../../../views/app/entry-server.tsx';

/**
 * The app as the operator's tests meet it (issue 33 items 2–4): the real middleware, tenants and page
 * cache around a renderer that makes one in-process call (as a page's search does) and answers a
 * fixed page, so a test reads the log and metrics of a page request without a full render.
 */
const template = readFileSync('index.html', 'utf8');
const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-ops-'));

/** The data folder's secrets: `adminToken` opens `/metrics`. */
export const opsSecrets: Secrets = loadSecrets(dataDir);

const renderer: PageRenderer = {
  template: async () => template,
  render: async (request: RenderRequest): Promise<RenderResult> => {
    await request.fetch(new Request(`${request.origin}/api/ops-test/stock`));
    return {
      status: 200,
      head: { title: 'Home', description: 'A page', status: 200, canonicalPath: '/' },
      html: '<main>Home</main>',
      boot: { site: request.site, page: { id: 'home', url: request.path, snapshot: null } },
      modules: [],
      settled: true,
    };
  },
};

/** Lines a logger wrote, parsed: what an operator's log collector receives. */
export interface CapturedLog {
  logger: Logger;
  lines: Record<string, unknown>[];
}

/** A logger at `level` whose JSON lines are kept for the test to read. */
export function capturedLogger(level: 'info' | 'debug' = 'info'): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

/** A `/api` route of the resolved tenant that throws, and one that answers (the render's call). */
function testRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/ops-test/stock', (c) => c.json({ cars: 3 }))
    .get('/ops-test/cars/:id/fail', () => {
      throw new Error('The store refused a write for ann@example.com');
    });
}

/** The app with the given parts; `TRUST_PROXY` as given (default off). */
export function opsApp(
  options: {
    logger?: Logger;
    ops?: AppOps;
    pageCache?: PageCache;
    renderQueue?: RenderQueue;
    trustProxy?: number;
  } = {},
) {
  return createApp({
    env: readEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DEFAULT_TENANT: 'bayside-mazda',
      TRUST_PROXY: String(options.trustProxy ?? 0),
    }),
    sites: loadTenants(),
    secrets: opsSecrets,
    renderer,
    logger: options.logger ?? createLogger({ quiet: true }),
    apiRoutes: [testRoutes()],
    ...(options.ops ? { ops: options.ops } : {}),
    ...(options.pageCache ? { pageCache: options.pageCache } : {}),
    ...(options.renderQueue ? { renderQueue: options.renderQueue } : {}),
  });
}
