import type { MiddlewareHandler } from 'hono';

const ALLOWED_HEADERS = [
  'content-type',
  'content-encoding',
  'x-algolia-application-id',
  'x-algolia-api-key',
  'x-algolia-agent',
  'x-algolia-usertoken',
  'x-algolia-user-id',
  'x-algolia-tagfilters',
  'x-forwarded-for',
];

/**
 * CORS on every answer (`Access-Control-Allow-Origin: *`, no credentials: the key travels in a
 * header or the query string), and preflight `OPTIONS` answered at once with the requested headers
 * allowed (any `x-algolia-*` header included).
 */
export const cors: MiddlewareHandler = async (c, next) => {
  const requested = (c.req.header('access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^[a-z0-9-]+$/.test(h));
  const allowHeaders = [...new Set([...ALLOWED_HEADERS, ...requested])].join(', ');
  const set = (headers: Headers) => {
    headers.set('access-control-allow-origin', '*');
    headers.set('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
    headers.set('access-control-allow-headers', allowHeaders);
    headers.set('access-control-max-age', '86400');
  };
  if (c.req.method === 'OPTIONS') {
    const headers = new Headers();
    set(headers);
    return new Response(null, { status: 204, headers });
  }
  await next();
  set(c.res.headers);
};
