import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Logger } from '../logger.ts';

/** What the server knows of one request while answering it (issue 33 item 3). */
export interface RequestScope {
  /** Sent back in `X-Request-Id` and on every line the request logs. */
  id: string;
  /** A label for the route when the pattern alone says little (`page:vehicle` for the page handler). */
  route?: string;
  /** A call a page's render made to its own site. */
  inProcess: boolean;
}

/** Each request's scope, by the request object Hono was handed (the context holds it as `c.req.raw`). */
const scopes = new WeakMap<Request, RequestScope>();
/** The id a render's own call inherits from the page request that made it. */
const parents = new WeakMap<Request, string>();

/** A request id a client may choose (with `TRUST_PROXY`): short, and nothing a log line could trip on. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the one its page request had for a render's own call; else `X-Request-Id` when a
 * trusted proxy sets it (`TRUST_PROXY`) and it is plainly an id; else a new UUID. Without a trusted
 * proxy the header is ignored, since any client can send it.
 */
export function requestIdOf(c: Context, trustProxy: number): { id: string; inProcess: boolean } {
  const parent = parents.get(c.req.raw);
  if (parent) return { id: parent, inProcess: true };
  const sent = trustProxy > 0 ? c.req.header('x-request-id') : undefined;
  return { id: sent && CLIENT_ID.test(sent) ? sent : randomUUID(), inProcess: false };
}

/** Records the request's scope for whatever answers it. */
export function beginRequest(c: Context, scope: RequestScope): void {
  scopes.set(c.req.raw, scope);
}

/** The scope of the request `c` answers, if the app's request middleware saw it. */
export function requestScope(c: Context): RequestScope | undefined {
  return scopes.get(c.req.raw);
}

/**
 * A logger for the request `c` answers: its lines carry the request's id and, once the host named
 * one, the tenant's slug. Without a scope (an app built without the request middleware), `base`.
 */
export function requestLogger(c: Context, base: Logger): Logger {
  const scope = scopes.get(c.req.raw);
  if (!scope) return base;
  const site = c.get('site') as { slug: string } | undefined;
  return base.child({ reqId: scope.id, ...(site ? { tenant: site.slug } : {}) });
}

/** Marks `inner` as a call the page request `c` makes in-process: it keeps the page request's id. */
export function inheritRequest(inner: Request, c: Context): void {
  const scope = scopes.get(c.req.raw);
  if (scope) parents.set(inner, scope.id);
}
