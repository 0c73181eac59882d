import type { z } from 'zod/mini';

/** A zod schema (classic or mini). */
type Schema = z.core.$ZodType;

/**
 * One `/api` endpoint, declared once (decision 074): its method and path, the route parameters, query
 * and JSON body it takes, the answer it sends with which status, and the error codes it may answer
 * (always in the body `{ error: { code, message, fields? } }`, {@link apiErrorBodySchema}). The server
 * route (`server/api/serve.ts`), the browser service (`services/http.ts` `call`) and the machines'
 * types (`AnswerOf`, `BodyOf`) all derive from it.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** Full path with `:name` parameters, e.g. `/api/cars/:slug`. */
  path: `/api/${string}`;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The answer's schema, or `'file'` for a download (a PDF) that is not JSON. */
  answer: Schema | 'file';
  /** The success status (200 by default). */
  status?: 200 | 201 | 202;
  /** The `error.code`s this endpoint may answer besides the server's own (404 `not_found`, 413, 429, 5xx). */
  errors: readonly string[];
}

/**
 * Declares an endpoint, keeping its literal types. Marked free of side effects, so a bundle keeps
 * only the endpoints (and their schemas) that a page calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const TEndpoint extends Endpoint>(declared: TEndpoint): TEndpoint {
  return declared;
}

type OutputOf<TSchema> = TSchema extends Schema ? z.output<TSchema> : undefined;
type InputOf<TSchema> = TSchema extends Schema ? z.input<TSchema> : undefined;

/** What an endpoint answers on success. */
export type AnswerOf<TEndpoint extends Endpoint> = TEndpoint['answer'] extends Schema
  ? z.output<TEndpoint['answer']>
  : Blob;
/** The JSON body a client sends (before the server's parsing). */
export type BodyOf<TEndpoint extends Endpoint> = InputOf<TEndpoint['body']>;
/** The route parameters a client fills in. */
export type ParamsOf<TEndpoint extends Endpoint> = InputOf<TEndpoint['params']>;
/** The query a client sends. */
export type QueryOf<TEndpoint extends Endpoint> = InputOf<TEndpoint['query']>;

/** What the server's handler receives, parsed. */
export interface ParsedRequest<TEndpoint extends Endpoint> {
  params: OutputOf<TEndpoint['params']>;
  query: OutputOf<TEndpoint['query']>;
  body: OutputOf<TEndpoint['body']>;
}

/** The endpoint's path relative to the `/api` mount (`/cars/:slug`), as the Hono router takes it. */
export function routePath(declared: Endpoint): string {
  return declared.path.slice('/api'.length);
}

/** The endpoint's URL for given parameters and query (each value percent-encoded). */
export function urlOf(
  declared: Endpoint,
  params: Record<string, string | number> = {},
  query: Record<string, string | number> = {},
): string {
  const path = declared.path.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${declared.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)] as [string, string]),
  ).toString();
  return search ? `${path}?${search}` : path;
}
