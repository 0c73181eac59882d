import type { z } from 'zod/mini';

/** A zod schema (classic or mini). */
type Schema = z.core.$ZodType;

/**
 * What the server needs of an endpoint besides how it is called: the schemas of what it takes (route
 * parameters, query, JSON body) and the `error.code`s it may answer besides the server's own (400
 * `invalid_request`, 404 `not_found`, 413, 415, 429, 5xx).
 */
export interface RequestSchemas {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  errors?: readonly string[];
}

/**
 * One `/api` endpoint, declared once (decision 074): its method and path, and the answer it sends with
 * which status; with `withRequest`, the route parameters, query and JSON body it takes and the error
 * codes it may answer (always in the body `{ error: { code, message, fields? } }`, `api-error.ts`). The server route
 * (`server/api/serve.ts`), the browser service (`services/http.ts` `call`) and the machines' types
 * (`AnswerOf`, `BodyOf`) all derive from it.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** Full path with `:name` parameters, e.g. `/api/cars/:slug`. */
  path: `/api/${string}`;
  /** The schemas of what it takes, made when the server first needs them (`withRequest`). */
  request?: () => RequestSchemas;
  /**
   * The answer's schema; `'file'` for a download (a PDF) that is not JSON; `'redirect'` for a link
   * opened from outside the app (an email's), answered with a redirect to a page.
   */
  answer: Schema | 'file' | 'redirect';
  /** The success status (200 by default). */
  status?: 200 | 201 | 202;
  /**
   * The largest body it takes, when over the server's 64 kB for `/api` (an upload); the server's
   * body limit reads it from here.
   */
  maxBody?: number;
  /**
   * A POST sent from outside the site's pages — a mail provider's one-click unsubscribe (RFC 8058) —
   * whose authority is a signed token in its address, never a cookie: the same-origin check every
   * other POST inherits does not apply. Only for an endpoint that reads no session.
   */
  crossOrigin?: true;
  /**
   * The dealer console's guard (issue 36 item 8): the least role that may call it — `sales` any
   * signed-in staff member of this site, `manager` managers only, `public` callable signed out (sign-in,
   * an invitation). Every endpoint under `/api/dealer/` declares it, and `serve()` enforces it from here
   * alone (401 `unauthorized` signed out, 403 `forbidden` for a role below it).
   */
  staff?: 'manager' | 'sales' | 'public';
}

/**
 * The endpoint with the schemas of what it takes and the error codes it answers: what the server
 * serves (`serve(…Request)`). They are made by a function, so that a browser — which types what it sends from this declaration
 * (`call<typeof …Endpoint, typeof …Request>`) but never parses a request — neither runs nor downloads
 * them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withRequest<const TEndpoint extends Endpoint, const TRequest extends RequestSchemas>(
  declared: TEndpoint,
  request: () => TRequest,
): TEndpoint & { request: () => TRequest } {
  return { ...declared, request };
}

type OutputOf<TSchema> = TSchema extends Schema ? z.output<TSchema> : undefined;
type InputOf<TSchema> = TSchema extends Schema ? z.input<TSchema> : undefined;

/** What an endpoint answers on success. */
export type AnswerOf<TEndpoint extends Endpoint> = TEndpoint['answer'] extends Schema
  ? z.output<TEndpoint['answer']>
  : Blob;
type SchemasOf<TEndpoint extends Endpoint> = TEndpoint['request'] extends () => infer R ? R : RequestSchemas;
type Part<
  TEndpoint extends Endpoint,
  TName extends keyof RequestSchemas,
> = TName extends keyof SchemasOf<TEndpoint> ? SchemasOf<TEndpoint>[TName] : undefined;

/** The JSON body a client sends (before the server's parsing). */
export type BodyOf<TEndpoint extends Endpoint> = InputOf<Part<TEndpoint, 'body'>>;
/**
 * The JSON body with every field named — an optional one as `undefined` when it has no value — for a
 * service to build its body against (`const body = {…} satisfies EveryFieldOf<typeof …Request>`): a
 * field the service forgets, optional or not, fails to compile (issue 32 item 1).
 */
export type EveryFieldOf<TEndpoint extends Endpoint> = {
  [K in keyof Required<BodyOf<TEndpoint>>]: BodyOf<TEndpoint>[K];
};
/** The route parameters a client fills in. */
export type ParamsOf<TEndpoint extends Endpoint> = InputOf<Part<TEndpoint, 'params'>>;
/** The query a client sends. */
export type QueryOf<TEndpoint extends Endpoint> = InputOf<Part<TEndpoint, 'query'>>;

/** What the server's handler receives, parsed. */
export interface ParsedRequest<TEndpoint extends Endpoint> {
  params: OutputOf<Part<TEndpoint, 'params'>>;
  query: OutputOf<Part<TEndpoint, 'query'>>;
  body: OutputOf<Part<TEndpoint, 'body'>>;
}

/** The endpoint's path relative to the `/api` mount (`/cars/:slug`), as the Hono router takes it. */
export function routePath(declared: Endpoint): string {
  return declared.path.slice('/api'.length);
}

/** The endpoint's URL for given parameters and query (each value percent-encoded). */
export function urlOf(
  template: Endpoint['path'],
  params: Record<string, string | number> = {},
  query: Record<string, string | number> = {},
): string {
  // The contract types the parameters, so each `:name` has a value.
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  // URLSearchParams writes each value as text, numbers included.
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return search ? `${path}?${search}` : path;
}
