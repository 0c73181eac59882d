import { resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { readEnv } from '../../server/env.ts';
import { createLogger } from '../../server/logger.ts';
import { productionRenderer } from '../../server/render/renderer.ts';
import { exitOnSignals, startServer } from '../../server/server.ts';

/**
 * Benchmark diagnostic only: the production server as `server/cli/start.ts` runs it, plus hono's
 * `compress()` in front of everything, to measure what HTTP compression would change for the car page.
 */
const root = resolve(import.meta.dirname, '../..');
const logger = createLogger({ quiet: true });
const assets = new Hono().use('*', serveStatic({ root: 'dist/client' }));
const server = await startServer({
  env: readEnv(),
  logger,
  renderer: await productionRenderer(root),
  before: [compress()],
  mounts: [{ path: '/assets', app: new Hono().route('/', assets) }],
});
exitOnSignals(server, logger);
