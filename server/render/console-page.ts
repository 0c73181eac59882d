import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CONSOLE_PUBLIC_PATHS, consoleSignInPath } from '../../domain/console-paths.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import { BOOT_ELEMENT_ID, serialiseBoot } from '../../views/app/boot.ts';
import type { ConsoleRenderResult } from '../../views/console/app/entry-server.tsx';
import type { AppEnv } from '../app-env.ts';
import { escapeHtml } from '../html.ts';
import { CSP_NONCE_PLACEHOLDER } from './csp-nonce.ts';
import type { ConsoleRenderer } from './renderer.ts';

/** What rendering one console page needs from the app around it. */
export interface ConsolePageRequest {
  renderer: ConsoleRenderer;
  site: PublicSite;
  /** The site's theme (its slug). */
  theme: string;
  origin: string;
  /** The raw path and the search (without `?`). */
  path: string;
  search: string;
  /** The app's own routes, in-process, with the request's cookies (its staff cookie). */
  fetch: (request: Request) => Promise<Response>;
}

/**
 * Fills the console's template: its head (title, `noindex`, no share tags, no structured data — a
 * console page is nobody's search result), its markup and boot block. The CSP nonce goes in where the
 * template carries the placeholder; function replacers only (server-rendering guide).
 */
export function renderConsoleDocument(
  template: string,
  parts: { nonce: string; theme: string; result: ConsoleRenderResult; preloads: readonly string[] },
): string {
  const head = [
    `<title>${escapeHtml(parts.result.head.title)}</title>`,
    '<meta name="robots" content="noindex, nofollow" />',
    '<meta name="theme-color" content="#ffffff" />',
    '<link rel="icon" href="data:," />',
    ...parts.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
  ].join('\n    ');
  return template
    .replaceAll(CSP_NONCE_PLACEHOLDER, () => parts.nonce)
    .replace('__FORECOURT_THEME__', () => escapeHtml(parts.theme))
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => parts.result.html)
    .replace(
      '<!--app-boot-->',
      () =>
        `<script type="application/json" id="${BOOT_ELEMENT_ID}">${serialiseBoot(parts.result.boot)}</script>`,
    );
}

/** A same-site path (never `//host`): what a console page may send the browser to. */
function isSameSitePath(path: string | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/**
 * Answers a console page (`/dealer`, `/dealer/…`; issue 36 item 7): never from the page cache, always
 * `Cache-Control: no-store` and `X-Robots-Tag: noindex`. Signed out (no `c.var.staff`, which the
 * staff session sets for this site's members only) on any page but sign-in and invitation: 302 to
 * `/dealer/sign-in?return=<path>`. Otherwise the console's own entry renders it with the member's
 * cookie forwarded to its in-process API calls.
 */
export async function answerConsolePage(c: Context<AppEnv>, request: ConsolePageRequest): Promise<Response> {
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  const url = request.search ? `${request.path}?${request.search}` : request.path;
  if (!c.get('staff') && !CONSOLE_PUBLIC_PATHS.includes(request.path)) {
    return c.redirect(consoleSignInPath(url), 302);
  }
  const result = await request.renderer.render({
    site: request.site,
    path: request.path,
    search: request.search,
    origin: request.origin,
    fetch: request.fetch,
  });
  if (result.head.redirectTo !== undefined) {
    return c.redirect(isSameSitePath(result.head.redirectTo) ? result.head.redirectTo : '/dealer', 302);
  }
  const template = await request.renderer.template(request.path);
  const html = renderConsoleDocument(template, {
    nonce: c.get('secureHeadersNonce') ?? '',
    theme: request.theme,
    result,
    preloads: request.renderer.preloads?.(result.modules) ?? [],
  });
  return c.html(html, result.status as ContentfulStatusCode);
}
