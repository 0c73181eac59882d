import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod/mini';
import { fieldErrors } from '../../domain/auth.ts';
import {
  type AnswerOf,
  type Endpoint,
  type ParsedRequest,
  type RequestSchemas,
  routePath,
} from '../../domain/contracts/endpoint.ts';
import { roleAllows, type StaffRole } from '../../domain/staff.ts';
import type { AppEnv } from '../app-env.ts';
import { readJsonBody, refuseUnstorableText } from '../auth/request.ts';
import { sameOriginOnly } from '../auth/same-origin.ts';
import { apiError } from './api-error.ts';

/** A request context of a resolved dealer site. */
export type ApiContext = Context<AppEnv>;

/** What a handler returns: the contract's answer (sent as JSON with its status), or a Response of its own. */
type Reply<TEndpoint extends Endpoint> = AnswerOf<TEndpoint> | Response;

/** One endpoint with its handler, ready to mount. */
export interface ServedEndpoint {
  register(app: Hono<AppEnv>): void;
}

function parsePart(c: ApiContext, schema: z.core.$ZodType | undefined, value: unknown) {
  if (!schema) return { ok: true as const, data: undefined };
  const unstorable = refuseUnstorableText(c, value, 400);
  if (unstorable) return { ok: false as const, response: unstorable };
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const fields = fieldErrors(parsed.error);
  return {
    ok: false as const,
    response: apiError(c, 400, 'invalid_request', 'The request is not valid', fields),
  };
}

/**
 * The console's guard, from the contract's `staff` (issue 36 item 8): no staff session of this site
 * (`staffSession` sets `c.var.staff` only for this site's members) answers 401, a role below the
 * endpoint's 403 — before the body is read.
 */
function staffOnly(needed: StaffRole): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const member = c.get('staff');
    if (!member || member.site_id !== c.get('site').id) {
      return apiError(c, 401, 'unauthorized', 'Sign in to the dealer console');
    }
    if (!roleAllows(member.role, needed)) {
      return apiError(c, 403, 'forbidden', 'Only a manager may do this');
    }
    await next();
  };
}

/**
 * Serves one endpoint as its contract declares it (decision 074): route parameters and query are
 * parsed (400 `invalid_request` naming the fields), a JSON body is read and parsed (415 without a JSON
 * content type, 400 unreadable, 422 invalid); a text anywhere in them holding a NUL or a lone
 * surrogate is refused first, naming its field (issue 31 item 8); and the handler's answer is sent with the contract's
 * status, so a route cannot answer a shape its contract does not declare. Every POST inherits the
 * same-origin check, unless its contract says it comes from outside the site (`crossOrigin`);
 * `guards` (rate limits) run before the body is read. A console endpoint (`/api/dealer/…`) must declare
 * `staff`, which is enforced here before anything else of the request is read (`staffOnly`).
 */
export function serve<TEndpoint extends Endpoint>(
  endpoint: TEndpoint,
  handler: (c: ApiContext, request: ParsedRequest<TEndpoint>) => Promise<Reply<TEndpoint>> | Reply<TEndpoint>,
  guards: MiddlewareHandler<AppEnv>[] = [],
): ServedEndpoint {
  if (endpoint.path.startsWith('/api/dealer/') && endpoint.staff === undefined) {
    throw new Error(`${endpoint.method} ${endpoint.path} is a console endpoint without a staff declaration`);
  }
  const inherited: MiddlewareHandler<AppEnv>[] = [
    ...(endpoint.method === 'POST' && !endpoint.crossOrigin ? [sameOriginOnly()] : []),
    ...(endpoint.staff && endpoint.staff !== 'public' ? [staffOnly(endpoint.staff)] : []),
  ];
  const schemas: RequestSchemas = endpoint.request?.() ?? {};
  const run = async (c: ApiContext) => {
    const params = parsePart(c, schemas.params, c.req.param());
    if (!params.ok) return params.response;
    const query = parsePart(c, schemas.query, c.req.query());
    if (!query.ok) return query.response;
    let body: unknown;
    if (schemas.body) {
      const read = await readJsonBody(c, schemas.body);
      if (!read.ok) return read.response;
      body = read.data;
    }
    const reply = await handler(c, {
      params: params.data,
      query: query.data,
      body,
    } as ParsedRequest<TEndpoint>);
    if (reply instanceof Response) return reply;
    return c.json(reply as object, endpoint.status ?? 200);
  };
  return {
    register(app) {
      app.on([endpoint.method], [routePath(endpoint)], ...inherited, ...guards, run);
    },
  };
}

/** A router of served endpoints, mounted at `/api` after tenant resolution. */
export function apiRouter(...endpoints: ServedEndpoint[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const served of endpoints) served.register(app);
  return app;
}
