import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { IMMUTABLE } from '../cache-control.ts';
import type { BrandFile, TenantBrands } from '../tenants/brand.ts';

/**
 * Where an SVG opened on its own may do nothing but draw: no script, no fetch, no frame; inline
 * styles only. The page CSP would allow the site's own scripts, so an SVG answer carries this one
 * (the app's security headers keep a header an answer set itself).
 */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

function send(c: Context<AppEnv>, file: BrandFile): Response {
  const etag = `"${file.version}"`;
  c.header('cache-control', c.req.query('v') === file.version ? IMMUTABLE : 'no-cache');
  c.header('etag', etag);
  c.header('x-content-type-options', 'nosniff');
  if (file.contentType === 'image/svg+xml') c.header('content-security-policy', SVG_CSP);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  c.header('content-type', file.contentType);
  return c.body(new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.length));
}

/** A missing brand file: a short 404, not a rendered page (browsers ask for `/favicon.ico` unbidden). */
function missing(c: Context<AppEnv>): Response {
  c.header('cache-control', 'no-cache');
  return c.text('Not found', 404);
}

/**
 * The resolved dealer's brand files on its own host (issue 35 item 5): `/brand/<file>` (pages link
 * `?v=<content hash>`, kept a year), and the addresses browsers and apps ask for by convention —
 * `/favicon.ico` (the dealer's `favicon.ico`, else a redirect to its other favicon) and
 * `/apple-touch-icon.png`. A dealer without the file gets a plain 404.
 */
export function brandRoutes(brands: TenantBrands): Hono<AppEnv> {
  const fileOf = (c: Context<AppEnv>, name: string) => brands.get(c.get('site').slug)?.files.get(name);
  return new Hono<AppEnv>()
    .get('/brand/:file', (c) => {
      const file = fileOf(c, c.req.param('file'));
      return file ? send(c, file) : missing(c);
    })
    .get('/favicon.ico', (c) => {
      const ico = fileOf(c, 'favicon.ico');
      if (ico) return send(c, ico);
      const icon = brands.get(c.get('site').slug)?.head.icon;
      return icon ? c.redirect(icon.href, 302) : missing(c);
    })
    .get('/apple-touch-icon.png', (c) => {
      const icon = fileOf(c, 'apple-touch-icon.png');
      return icon ? send(c, icon) : missing(c);
    });
}
