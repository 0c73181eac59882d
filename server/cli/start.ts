import { resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { ensureBuild } from '../build/ensure-build.ts';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { productionRenderer } from '../render/renderer.ts';
import { exitOnSignals, startServer } from '../server.ts';

const root = resolve(import.meta.dirname, '../..');
const logger = createLogger();

try {
  const env = readEnv();
  // --no-build: serve dist/ as it is (deployments that ship only the build; tests beside a live build).
  if (!process.argv.includes('--no-build')) ensureBuild(root, logger);
  const assets = new Hono().use(
    '*',
    serveStatic({
      root: 'dist/client',
      onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
    }),
  );
  const server = await startServer({
    env,
    logger,
    renderer: await productionRenderer(root),
    mounts: [{ path: '/assets', app: new Hono().route('/', assets) }],
  });
  exitOnSignals(server, logger);
} catch (error) {
  logger.error('Forecourt could not start', error);
  process.exit(1);
}
