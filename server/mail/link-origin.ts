import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { hostName } from '../../tenants/resolve.ts';
import type { AppEnv } from '../app-env.ts';
import { isHttps } from '../auth/request.ts';

/** The Node request under a Hono context, when there is one (none for a render's in-process call). */
type NodeBindings = { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } } | undefined;

/** The port this server accepted the request on (never the `Host` header's), or null. */
function listeningPort(c: Context): number | null {
  const bindings = c.env as NodeBindings;
  const incoming = bindings?.server?.incoming ?? bindings?.incoming;
  return incoming?.socket?.localPort ?? null;
}

/**
 * The origin of every link emailed to a site's shoppers — account links and saved-search alerts
 * (issue 31 item 9, decision 104): the site's configured address, never the `Host` header as a client
 * sent it. A request that reached the site through one of its `domains` (`site.json`) gets
 * `https://<its first domain>`, whatever port or scheme it named; one that reached it by a local name
 * (`<slug>.localhost`, or plain `localhost` for the default site: the demo and the tests) gets
 * `<slug>.localhost` on the port this server listens on, over https only when the connection is — as
 * `X-Forwarded-Proto` says only with `TRUST_PROXY` (`isHttps`).
 */
export function emailLinkOrigin(c: Context<AppEnv>): string {
  const site = c.get('site');
  const [canonical] = site.domains;
  if (canonical && site.domains.includes(hostName(c.req.header('host') ?? ''))) return `https://${canonical}`;
  const port = listeningPort(c);
  return new URL(`${isHttps(c) ? 'https' : 'http'}://${site.slug}.localhost${port ? `:${port}` : ''}`).origin;
}
