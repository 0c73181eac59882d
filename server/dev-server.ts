import { resolve } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';
import { createServer as createViteServer } from 'vite';
import type { ServerEnv } from './env.ts';
import type { Logger } from './logger.ts';
import { devRenderer } from './render/renderer.ts';
import { type RunningServer, startServer } from './server.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * The development server: the same Hono app with Vite in middleware mode in front (hot reload for
 * views, machines and styles) and the SSR entry loaded through Vite on every request.
 */
export async function startDevServer(env: ServerEnv, logger: Logger): Promise<RunningServer> {
  const vite = await createViteServer({
    root,
    server: { middlewareMode: true, hmr: env.NODE_ENV === 'test' ? false : undefined },
    appType: 'custom',
    logLevel: env.NODE_ENV === 'test' ? 'silent' : 'info',
  });
  const viteFirst: MiddlewareHandler<{ Bindings: HttpBindings }> = async (c, next) => {
    // In-process requests made while rendering have no Node request: they are for the app alone.
    if (!c.env?.incoming) return next();
    const { incoming, outgoing } = c.env;
    const handled = await new Promise<boolean>((done) => {
      outgoing.once('finish', () => done(true));
      vite.middlewares(incoming, outgoing, () => done(false));
    });
    if (handled) return RESPONSE_ALREADY_SENT;
    await next();
  };
  return startServer({
    env,
    logger,
    renderer: devRenderer(root, vite),
    before: [viteFirst as MiddlewareHandler],
    onClose: () => vite.close(),
  });
}
