import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { IMMUTABLE } from '../cache-control.ts';

/**
 * The built browser files under `/assets/` (mounted there by the production start): cached for a
 * year as immutable (each name carries its content's hash), and sent as the build's Brotli or gzip
 * copy (`x.js.br`, `x.js.gz`, decision 135) by the request's `Accept-Encoding`, so a first visit
 * downloads the smallest file and no asset is compressed per request. A client that takes neither
 * gets the file itself.
 *
 * The cache header is set on the static handler's answer: its `onFound` runs after the answer is
 * made, and a header set there never reached the browser.
 */
export function builtAssets(dir: string): Hono {
  return new Hono().use(
    '*',
    async (c, next) => {
      await next();
      if (c.res.status === 200 || c.res.status === 206) c.res.headers.set('cache-control', IMMUTABLE);
    },
    serveStatic({ root: dir, precompressed: true }),
  );
}
