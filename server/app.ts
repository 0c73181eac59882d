import { randomBytes } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CAREERS_LARGE_BODY_ENDPOINTS } from '../domain/contracts/careers.ts';
import { OFFER_LARGE_BODY_ENDPOINTS } from '../domain/contracts/console-offers.ts';
import { STOCK_LARGE_BODY_ENDPOINTS } from '../domain/contracts/console-stock.ts';
import { healthEndpoint, siteEndpoint } from '../domain/contracts/site.ts';
import { LARGE_BODY_ENDPOINTS } from '../domain/contracts/trade-in.ts';
import {
  type MakeLogos,
  type PublicPromotion,
  type RangeGroup,
  toPublicSite,
} from '../tenants/public-site.ts';
import { resolveTenant } from '../tenants/resolve.ts';
import type { SiteConfig } from '../tenants/tenant.schema.ts';
import { apiError } from './api/api-error.ts';
import { declaredBodyLimit } from './api/declared-body-limit.ts';
import { apiRouter, serve } from './api/serve.ts';
import type { AppEnv } from './app-env.ts';
import { adminOnly } from './auth/admin-token.ts';
import { isHttps } from './auth/request.ts';
import { isSignedOutRequest } from './auth/session.ts';
import { gzipJsonAnswers } from './compress-json.ts';
import type { ServerEnv } from './env.ts';
import type { Logger } from './logger.ts';
import type { ServerMetrics } from './ops/metrics.ts';
import { probeRoutes } from './ops/probes.ts';
import { Readiness } from './ops/readiness.ts';
import {
  beginRequest,
  inheritRequest,
  type RequestScope,
  requestIdOf,
  requestLogger,
  requestScope,
} from './ops/request-scope.ts';
import type { AppOps } from './ops/server-ops.ts';
import { brandRoutes } from './render/brand-routes.ts';
import { answerConsolePage } from './render/console-page.ts';
import {
  type PaymentComponent,
  policyFor,
  policyHeader,
  storefrontPolicy,
} from './render/content-security-policy.ts';
import { callKey, type DataCache } from './render/data-cache.ts';
import { renderDocument } from './render/document.ts';
import { acceptsGzip, gzipWithNonce } from './render/gzip-with-nonce.ts';
import { inProcessRequest } from './render/in-process-request.ts';
import type { CachedPage, PageCache, RenderedPage } from './render/page-cache.ts';
import type { RenderQueue } from './render/render-queue.ts';
import type { PageRenderer } from './render/renderer.ts';
import { siteNotFoundPage } from './render/site-not-found.ts';
import { searchConnection } from './search-connection.ts';
import type { Secrets } from './secrets.ts';
import type { TenantBrands } from './tenants/brand.ts';

/** The largest body an `/api` request may send: JSON forms and tracking calls are far smaller. */
export const MAX_API_BODY = 64 * 1024;

/** What the server app is made of. Tests build it with their own parts. */
export interface AppDeps {
  env: ServerEnv;
  sites: SiteConfig[];
  secrets: Secrets;
  renderer: PageRenderer;
  logger: Logger;
  /** Middleware before everything else (Vite's dev middleware). */
  before?: MiddlewareHandler[];
  /** Tenant-agnostic sub-apps mounted before tenant resolution (static assets, search, media). */
  mounts?: { path: string; app: Hono }[];
  /** Routes under `/api` for the resolved tenant (`server/api/routes.ts`). */
  apiRoutes?: Hono<AppEnv>[];
  /** Routes of the resolved tenant outside `/api` (robots.txt, sitemap.xml), before its pages. */
  siteRoutes?: Hono<AppEnv>[];
  /** The make logos the store holds now, by make name (part of every page's public site config). */
  makeLogos?: () => MakeLogos;
  /** A site's promotions running now (part of every page's public site config). */
  promotions?: (siteId: number) => PublicPromotion[];
  /**
   * The site a request gets: its config with its locations' special days from the store laid over
   * (`Backends.siteOf`, decision 128), so every reader of a request's hours reads the merged ones.
   */
  siteOf?: (site: SiteConfig) => SiteConfig;
  /** A site's model range for the Range menu (`Backends.modelRange`); none by default. */
  modelRange?: (site: SiteConfig) => readonly RangeGroup[];
  /**
   * The dealers' logos, icons and share images from their folders (`loadTenantBrands`), served on
   * each dealer's host and linked from its pages; without it every dealer shows its name.
   */
  brands?: TenantBrands;
  /** Rendered pages kept for signed-out shoppers (production; decision 090). Without it every page renders. */
  pageCache?: PageCache;
  /**
   * The answers of renders' own calls, kept apart from pages for signed-out renders (issue 38 item 2);
   * dropped with the pages. Without it every render makes its calls.
   */
  dataCache?: DataCache;
  /**
   * Page renders taking turns, first come first served, with the event loop polled between them
   * (issue 38 item 2). Without it every page renders as its request arrives.
   */
  renderQueue?: RenderQueue;
  /**
   * The probes' readiness and the server's metrics (`ServerOps`). Without it `/readyz` reports ready
   * with no checks (the app alone has nothing to wait for) and there is no `/metrics`.
   */
  ops?: AppOps;
}

/** The embedded search's query routes, as the request log names them: their time is search time. */
const SEARCH_ROUTE = /^\/search-api\/1\/indexes\/:index\/(queries|query|facets\/:facet\/query)$/;

/** An app without a server around it is ready as soon as it exists. */
function readyAlone(): Readiness {
  const readiness = new Readiness();
  readiness.ready([]);
  return readiness;
}

/**
 * Counts one answer: its duration by route pattern, method and status (a render's own calls are part
 * of their page's answer, so only their search time counts), and search time for the search routes.
 */
function observe(
  metrics: ServerMetrics,
  answer: { route: string; method: string; status: number; seconds: number; inProcess: boolean },
): void {
  const { route, method, status, seconds, inProcess } = answer;
  if (!inProcess) metrics.requestDuration.observe({ route, method, status: String(status) }, seconds);
  if (method === 'POST' && SEARCH_ROUTE.test(route)) {
    metrics.searchDuration.observe({ route, caller: inProcess ? 'render' : 'browser' }, seconds);
  }
}

/** A Buffer as the plain bytes a response body takes, without a copy. */
const asBytes = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

/**
 * Whether the request may be answered from the page cache: a GET or HEAD whose `Cookie` header the
 * session's own reader reads cleanly and finds no session cookie in (a signed-in shopper's page —
 * even a stale cookie's — is rendered for them alone; issue 31 item 5).
 */
function sharesPages(c: Context): boolean {
  return isSignedOutRequest(c.req.header('cookie'));
}

/** The request's scheme: `X-Forwarded-Proto` counts only with `TRUST_PROXY` (`isHttps`). */
function requestProtocol(c: Context): 'http' | 'https' {
  return isHttps(c) ? 'https' : 'http';
}

/**
 * The request's origin, its host normalised once as a URL writes it: lower case, the default port
 * dropped (`BAYSIDE-MAZDA.localhost:80` → `http://bayside-mazda.localhost`).
 */
function requestOrigin(c: Context): string {
  const protocol = requestProtocol(c);
  try {
    return new URL(`${protocol}://${c.req.header('host') ?? 'localhost'}`).origin;
  } catch {
    return `${protocol}://localhost`;
  }
}

/** Where a page's render may reach over the network: hosted Algolia, when it is configured. */
function isUpstream(target: URL, env: ServerEnv): boolean {
  return Boolean(env.ALGOLIA_APP_ID) && /(^|\.)(algolia\.net|algolianet\.com)$/.test(target.hostname);
}

/** The path as the client sent it, still percent-encoded (wouter matches the raw path in the browser). */
function rawPathname(requestUrl: string): string {
  const afterScheme = requestUrl.slice(requestUrl.indexOf('//') + 2);
  const slash = afterScheme.indexOf('/');
  if (slash === -1) return '/';
  return afterScheme.slice(slash).split(/[?#]/)[0] || '/';
}

/** The site's canonical origin: its first custom domain over https, else the origin it was asked on. */
export function canonicalOrigin(c: Context, site: SiteConfig): string {
  const domain = site.domains[0];
  return domain ? `https://${domain}` : requestOrigin(c);
}

/**
 * The Forecourt server: tenant-agnostic mounts, security headers, tenant resolution by host, the
 * `/api` routes of the resolved tenant, and server rendering of every other GET.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const dev = deps.env.NODE_ENV === 'development';
  const connectionFor = (c: Context<AppEnv>) =>
    searchConnection(
      c.get('site'),
      { host: c.req.header('host') ?? 'localhost', protocol: requestProtocol(c) },
      deps.env,
      deps.secrets,
    );

  const publicSiteOf = (c: Context<AppEnv>) => {
    const site = c.get('site');
    return toPublicSite(
      site,
      connectionFor(c),
      deps.makeLogos?.(),
      deps.promotions?.(site.id),
      deps.modelRange?.(site),
      deps.brands?.get(site.slug)?.logo ?? null,
    );
  };

  // The operator's endpoints come first: on any Host (a load balancer probes by IP address), before
  // the request log, the tenant lookup and the page cache (issue 33 items 2 and 4).
  app.route('/', probeRoutes(deps.ops?.readiness ?? readyAlone()));
  const metrics = deps.ops?.metrics;
  if (metrics) {
    app.get('/metrics', adminOnly(deps.secrets.adminToken), async (c) => {
      c.header('cache-control', 'no-store');
      c.header('content-type', metrics.contentType);
      return c.body(await metrics.text());
    });
  }

  // Every request gets an id (a trusted proxy's `X-Request-Id`, else a new one), sent back in
  // `X-Request-Id`, and one log line with its tenant, route pattern, status and duration.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const { id, inProcess } = requestIdOf(c, deps.env.TRUST_PROXY);
    const scope: RequestScope = { id, inProcess };
    beginRequest(c, scope);
    c.header('x-request-id', id);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const site = c.get('site') as SiteConfig | undefined;
    const route = scope.route ?? routePath(c);
    const { method } = c.req;
    const { status } = c.res;
    // Set before the handler ran; an answer a handler built itself gets it here, in place (as the
    // security headers are), unless another layer has sent it already (Vite's, in development).
    if (!c.res.headers.has('x-request-id') && !c.res.headers.has('x-hono-already-sent')) {
      try {
        c.res.headers.set('x-request-id', id);
      } catch {
        // A fetched answer's headers are immutable: it goes without the id (the log line has it).
      }
    }
    deps.logger.request({
      reqId: id,
      ...(site ? { tenant: site.slug } : {}),
      method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      ...(inProcess ? { inProcess } : {}),
    });
    if (metrics) observe(metrics, { route, method, status, seconds, inProcess });
  });

  for (const middleware of deps.before ?? []) app.use('*', middleware);
  // Pages, API answers, search results and built assets travel gzipped when the client accepts it
  // (in development Vite answers its own files, and a compressed Vite response cannot be re-wrapped):
  // JSON answers read whole and gzipped on zlib's threads, the rest (pages, files) through Hono's stream.
  if (!dev) {
    app.use('*', compress());
    app.use('*', gzipJsonAnswers());
  }

  const pagePolicy = storefrontPolicy(dev);
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: pagePolicy,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'] },
      // An answer that sets one of these headers itself keeps it (a dealer's SVG has its own CSP).
      overwrite: false,
    }),
  );
  // Mounted after the security headers, so search answers, media and assets carry them as pages do.
  for (const mount of deps.mounts ?? []) app.route(mount.path, mount.app);

  app.use('*', async (c, next) => {
    c.set('trustProxy', deps.env.TRUST_PROXY);
    const resolution = resolveTenant(c.req.header('host'), deps.sites, deps.env.DEFAULT_TENANT);
    if (resolution.kind === 'unknown') {
      if (new URL(c.req.url).pathname.startsWith('/api/')) {
        return apiError(c, 404, 'site_not_found', `No dealer site is served at ${resolution.host}`);
      }
      return c.html(siteNotFoundPage(resolution.host), 404);
    }
    c.set('site', deps.siteOf ? deps.siteOf(resolution.site) : resolution.site);
    await next();
  });

  // Every API body has a ceiling, checked while it is read (a declared length over it is refused
  // before reading): past it, 413 without reading the rest. An upload declares its own ceiling in its
  // contract (`maxBody`) and its length in its request, and is streamed by its route, never read
  // whole here (decision 103); stock files go to `/api/admin`, mounted above with a ceiling of its own.
  const apiBodyLimit = bodyLimit({
    maxSize: MAX_API_BODY,
    onError: (c) =>
      apiError(c, 413, 'payload_too_large', `The request body is over ${MAX_API_BODY / 1024} kB`),
  });
  const largeBodyLimits = new Map(
    [
      ...LARGE_BODY_ENDPOINTS,
      ...STOCK_LARGE_BODY_ENDPOINTS,
      ...OFFER_LARGE_BODY_ENDPOINTS,
      ...CAREERS_LARGE_BODY_ENDPOINTS,
    ].map((endpoint) => [endpoint.path, declaredBodyLimit(endpoint.maxBody, endpoint.tooLarge)]),
  );
  app.use('/api/*', (c, next) => (largeBodyLimits.get(c.req.path) ?? apiBodyLimit)(c, next));
  app.route(
    '/api',
    apiRouter(
      serve(healthEndpoint, () => ({ ok: true as const })),
      serve(siteEndpoint, (c) => {
        c.header('cache-control', 'no-store');
        return publicSiteOf(c);
      }),
    ),
  );
  for (const routes of deps.apiRoutes ?? []) app.route('/api', routes);
  app.all('/api/*', (c) =>
    apiError(c, 404, 'not_found', `No API route ${c.req.method} ${new URL(c.req.url).pathname}`),
  );

  if (deps.brands) app.route('/', brandRoutes(deps.brands));
  for (const routes of deps.siteRoutes ?? []) app.route('/', routes);

  // Where the nonce goes in a document the page cache keeps: random per process, so no dealer text
  // can contain it; each answer puts its own nonce there.
  const nonceSlot = `nonce-slot-${randomBytes(16).toString('hex')}`;
  // Which page each rendered page is (its route id), kept with the page for as long as the cache
  // keeps it: the request log and metrics name a page's route by it, a cache hit included.
  const pageIds = new WeakMap<CachedPage, string>();
  // A page that loads a card processor's component (its head says which), kept with the page too:
  // its document's policy allows that processor's hosts (decision 121).
  const paymentComponents = new WeakMap<CachedPage, PaymentComponent>();
  const renderPage = async (c: Context<AppEnv>, crowded = false): Promise<RenderedPage> => {
    const site = c.get('site');
    const url = new URL(c.req.url);
    const publicSite = publicSiteOf(c);
    // The Host header is data, not a destination (issue 14 item 3): calls to this site (the API, the
    // embedded search) are answered in-process, whatever case or port the header had; only a
    // configured upstream (hosted Algolia) is reached over the network; anything else is refused.
    const origin = requestOrigin(c);
    const self = new URL(origin).host;
    // A page is kept only if every call its render made was answered (a failing search would
    // otherwise be shown to every shopper until the page expires).
    let callsFailed = false;
    // A signed-out render's calls are answered from the data cache, in the page cache's scope.
    const dataCache = deps.dataCache && sharesPages(c) ? deps.dataCache : null;
    const scope = `${site.slug}\n${origin}`;
    const renderStarted = performance.now();
    const result = await deps.renderer.render(
      {
        site: publicSite,
        path: rawPathname(c.req.raw.url),
        search: url.search.slice(1),
        origin,
        fetch: async (request) => {
          const target = new URL(request.url);
          try {
            let response: Response;
            if (target.host === self) {
              const answer = async () => {
                const inner = await inProcessRequest(request, c.req.raw);
                inheritRequest(inner, c);
                return app.fetch(inner);
              };
              response = dataCache
                ? (await dataCache.answer(await callKey(scope, request), answer)).response
                : await answer();
            } else if (isUpstream(target, deps.env)) response = await fetch(request);
            else throw new Error(`A page's render may not fetch ${target.origin}`);
            if (response.status >= 500 || response.status === 429) callsFailed = true;
            return response;
          } catch (error) {
            callsFailed = true;
            throw error;
          }
        },
      },
      { crowded },
    );
    const pageId = result.boot.page.id;
    metrics?.renderDuration.observe({ page: pageId }, (performance.now() - renderStarted) / 1000);
    const cacheable = result.settled && !callsFailed && result.status < 500;
    // A page that settles only to send the browser elsewhere (a gated route) answers with a redirect.
    if (result.head.redirectTo?.startsWith('/') && !result.head.redirectTo.startsWith('//')) {
      const redirect: CachedPage = { status: 302, redirectTo: result.head.redirectTo, segments: [] };
      pageIds.set(redirect, pageId);
      return { page: redirect, cacheable };
    }
    const template = await deps.renderer.template(url.pathname);
    const html = renderDocument(template, {
      nonce: nonceSlot,
      theme: site.slug,
      origin: canonicalOrigin(c, site),
      head: result.head,
      html: result.html,
      boot: result.boot,
      preloads: deps.renderer.preloads?.(result.modules) ?? [],
      brand: deps.brands?.get(site.slug)?.head,
    });
    const page: CachedPage = { status: result.status, segments: html.split(nonceSlot) };
    pageIds.set(page, pageId);
    if (result.head.paymentComponent) paymentComponents.set(page, result.head.paymentComponent);
    return { page, cacheable };
  };

  // The dealer console's pages (issue 36 item 7): its own app and entry, rendered for the member
  // alone — never from the page cache, never indexed (`answerConsolePage`, decision 126).
  const consoleRenderer = deps.renderer.console;
  if (consoleRenderer) {
    app.on(['GET', 'HEAD'], ['/dealer', '/dealer/*'], (c) => {
      const origin = requestOrigin(c);
      const self = new URL(origin).host;
      return answerConsolePage(c, {
        renderer: consoleRenderer,
        site: publicSiteOf(c),
        theme: c.get('site').slug,
        origin,
        path: rawPathname(c.req.raw.url),
        search: new URL(c.req.url).search.slice(1),
        fetch: async (request) => {
          const target = new URL(request.url);
          if (target.host !== self) throw new Error(`A console page's render may not fetch ${target.origin}`);
          const inner = await inProcessRequest(request, c.req.raw);
          inheritRequest(inner, c);
          return app.fetch(inner);
        },
      });
    });
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const cache = deps.pageCache && sharesPages(c) ? deps.pageCache : null;
    // One key per dealer, origin (scheme and host: links and the canonical address carry it), raw
    // path and query, as the render reads them.
    const key = `${c.get('site').slug}\n${requestOrigin(c)}\n${rawPathname(c.req.raw.url)}${new URL(c.req.url).search}`;
    const queue = deps.renderQueue;
    const render = () => {
      if (!queue) return renderPage(c);
      const asked = performance.now();
      return queue.run((crowded) => {
        metrics?.renderQueueWait.observe((performance.now() - asked) / 1000);
        return renderPage(c, crowded);
      });
    };
    const { page, outcome } = cache
      ? await cache.page(key, render)
      : { page: (await render()).page, outcome: 'bypass' };
    metrics?.pageCache.inc({ outcome });
    const scope = requestScope(c);
    if (scope) scope.route = `page:${pageIds.get(page) ?? 'unknown'}`;
    c.header('cache-control', 'no-store');
    c.header('x-page-cache', outcome);
    if (page.redirectTo) return c.redirect(page.redirectTo, 302);
    const nonce = c.get('secureHeadersNonce') ?? '';
    const component = paymentComponents.get(page);
    if (component) c.header('content-security-policy', policyHeader(policyFor(pagePolicy, component), nonce));
    if (!page.encoded) return c.html(page.segments.join(nonce), page.status as ContentfulStatusCode);
    // A kept page is compressed already: only the nonce is added (the compress middleware passes an
    // answer that has its Content-Encoding).
    c.header('content-type', 'text/html; charset=UTF-8');
    c.header('vary', 'Accept-Encoding');
    if (!dev && acceptsGzip(c.req.header('accept-encoding'))) {
      c.header('content-encoding', 'gzip');
      return c.body(asBytes(gzipWithNonce(page.encoded, nonce)), page.status as ContentfulStatusCode);
    }
    const nonceText = Buffer.from(nonce);
    const body = Buffer.concat(
      page.encoded.text.flatMap((text, index) => (index > 0 ? [nonceText, text] : [text])),
    );
    return c.body(asBytes(body), page.status as ContentfulStatusCode);
  });

  app.onError((error, c) => {
    requestLogger(c, deps.logger).error('Unhandled error', error, {
      method: c.req.method,
      route: routePath(c),
    });
    if (new URL(c.req.url).pathname.startsWith('/api/')) {
      return apiError(c, 500, 'internal', 'An unexpected error occured');
    }
    return c.text('An unexpected error occured', 500);
  });

  return app;
}
