import { resolve } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';
import { createServer as createViteServer } from 'vite';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { devRenderer } from '../render/renderer.ts';
import { exitOnSignals, startServer } from '../server.ts';

const root = resolve(import.meta.dirname, '../..');
const logger = createLogger();

try {
  const env = readEnv({ NODE_ENV: 'development', ...process.env });
  const vite = await createViteServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  const viteFirst: MiddlewareHandler<{ Bindings: HttpBindings }> = async (c, next) => {
    const { incoming, outgoing } = c.env;
    const handled = await new Promise<boolean>((done) => {
      outgoing.once('finish', () => done(true));
      vite.middlewares(incoming, outgoing, () => done(false));
    });
    if (handled) return RESPONSE_ALREADY_SENT;
    await next();
  };
  const server = await startServer({
    env,
    logger,
    renderer: devRenderer(root, vite),
    before: [viteFirst as MiddlewareHandler],
    onClose: () => vite.close(),
  });
  exitOnSignals(server, logger);
} catch (error) {
  logger.error('Forecourt (dev) could not start', error);
  process.exit(1);
}
