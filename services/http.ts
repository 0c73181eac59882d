import { z } from 'zod/mini';
import type { ApiErrorBody } from '../domain/contracts/api-error.ts';
import {
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  urlOf,
} from '../domain/contracts/endpoint.ts';
import { ServiceError } from './errors.ts';

/** A `fetch`-compatible function: the browser's, or the server's in-process app for rendering. */
export type FetchLike = (input: Request) => Promise<Response>;

/** The one HTTP client every service uses. */
export interface Http {
  get<T>(path: string, schema: z.core.$ZodType<T>): Promise<T>;
  /** POSTs JSON; `headers` adds request headers (an `Idempotency-Key`). */
  post<T>(
    path: string,
    body: unknown,
    schema: z.core.$ZodType<T>,
    headers?: Record<string, string>,
  ): Promise<T>;
  /** POSTs a multipart form (an upload); answers and errors as for JSON calls. */
  postForm<T>(path: string, form: FormData, schema: z.core.$ZodType<T>): Promise<T>;
  /** GETs a file (a PDF, an image) as a Blob; errors as for JSON calls. */
  getBlob(path: string): Promise<Blob>;
}

/**
 * Creates the HTTP client for one origin. On the server, `fetch` is the Hono app's own `request`,
 * so rendering calls the same routes the browser calls, without a network hop.
 */
export function createHttp(options: {
  baseUrl: string;
  fetch: FetchLike;
  headers?: Record<string, string>;
}): Http {
  async function exchange(
    method: string,
    path: string,
    body: unknown,
    accept: string,
    extra?: Record<string, string>,
  ): Promise<Response> {
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    headers.set('accept', accept);
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    // A form sets its own multipart content type (with its boundary).
    if (body !== undefined && !isForm) headers.set('content-type', 'application/json');
    const request = new Request(new URL(path, options.baseUrl), {
      method,
      headers,
      body: body === undefined ? null : isForm ? (body as FormData) : JSON.stringify(body),
      credentials: 'same-origin',
    });
    let response: Response;
    try {
      response = await options.fetch(request);
    } catch (error) {
      throw new ServiceError(
        'network',
        `Network error: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => undefined);
      const info = (payload as Partial<ApiErrorBody> | undefined)?.error;
      throw new ServiceError(
        response.status === 404 ? 'notFound' : 'http',
        info?.message ?? `Request failed with status ${response.status}`,
        {
          status: response.status,
          ...(info?.code ? { code: info.code } : {}),
          ...(info?.fields ? { fields: info.fields } : {}),
        },
      );
    }
    return response;
  }

  async function send<T>(
    method: string,
    path: string,
    body: unknown,
    schema: z.core.$ZodType<T>,
    headers?: Record<string, string>,
  ): Promise<T> {
    const response = await exchange(method, path, body, 'application/json', headers);
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = z.safeParse(schema, payload);
    if (!parsed.success) {
      throw new ServiceError(
        'validation',
        `Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    }
    return parsed.data;
  }

  return {
    get: (path, schema) => send('GET', path, undefined, schema),
    post: (path, body, schema, headers) => send('POST', path, body, schema, headers),
    postForm: (path, form, schema) => send('POST', path, form, schema),
    getBlob: async (path) => {
      const response = await exchange('GET', path, undefined, '*/*');
      try {
        return await response.blob();
      } catch (error) {
        throw new ServiceError(
          'network',
          `Network error: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

type Values<T> = T extends Record<string, string | number> ? T : Record<string, string | number>;

/** What a call to an endpoint sends: its route parameters, query and body, as its contract types them. */
export interface CallInput<TEndpoint extends Endpoint> {
  params?: Values<ParamsOf<TEndpoint>>;
  query?: Values<QueryOf<TEndpoint>>;
  body?: BodyOf<TEndpoint>;
  /** Request headers the call adds (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/**
 * Calls one `/api` endpoint as its contract declares it (`domain/contracts/`): the URL from its path
 * and parameters, the answer checked with its schema (a download comes back as a Blob). An endpoint
 * that takes a body is typed by its request: `call<typeof saveCarEndpoint, typeof saveCarRequest>(http, saveCarEndpoint, …)`.
 */
export function call<TEndpoint extends Endpoint, TRequest extends Endpoint = TEndpoint>(
  http: Http,
  endpoint: TEndpoint,
  input: CallInput<TRequest> = {},
): Promise<AnswerOf<TEndpoint>> {
  const url = urlOf(endpoint.path, input.params, input.query);
  const answer = endpoint.answer;
  if (answer === 'file') return http.getBlob(url) as Promise<AnswerOf<TEndpoint>>;
  const schema = answer as z.core.$ZodType<AnswerOf<TEndpoint>>;
  return endpoint.method === 'GET'
    ? http.get(url, schema)
    : http.post(url, input.body ?? {}, schema, input.headers);
}
