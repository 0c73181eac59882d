import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { AppEnv } from '../app-env.ts';
import { IMMUTABLE } from '../cache-control.ts';
import { DEFAULT_TENANTS_DIR } from '../tenants/load.ts';
import { loadTenantThemes, themeCss } from '../tenants/themes.ts';
import type { PageRenderer } from './renderer.ts';

/** Where a dealer's theme is served, on its own host. */
export const THEME_STYLESHEET_PATH = '/theme.css';

/** The dealers' themes at run time: the renderer whose pages link them when needed, and the route. */
export interface TenantThemeStyles {
  renderer: PageRenderer;
  /** `GET /theme.css`: the resolved dealer's theme variables (empty for a dealer without a theme). */
  routes: Hono<AppEnv>;
  /** The dealers whose theme the build did not compile as their folder has it now. */
  servedAtRunTime: string[];
}

/**
 * A dealer's theme from its folder, whatever the build compiled (issue 33 item 8); a theme file that
 * does not validate stops start-up, naming the file and the field. The build compiles
 * the demo dealers' themes into the stylesheet (`panda.config.ts`) and records them
 * (`server/build/compiled-themes.ts`); a dealer whose theme is not recorded as its folder has it now
 * — added after the build, or changed since — gets the same variable block from its own host's
 * `/theme.css`, which every page links once any dealer needs it. The link names a version of every
 * served block, so browsers keep the file until a theme changes. Served unlayered, the block wins
 * over a compiled one of the same dealer (Panda's are in `@layer tokens`).
 */
export function tenantThemeStyles(options: {
  renderer: PageRenderer;
  sites: readonly SiteConfig[];
  /** The dealers' folders, as `loadTenants` reads them (`TENANTS_DIR`). */
  tenantsDir?: string | undefined;
}): TenantThemeStyles {
  const themes = loadTenantThemes(options.tenantsDir ?? process.env.TENANTS_DIR ?? DEFAULT_TENANTS_DIR);
  const blocks = new Map<string, string>();
  for (const site of options.sites) {
    const theme = themes.get(site.slug);
    if (theme) blocks.set(site.slug, themeCss(site.slug, theme));
  }
  const compiled = options.renderer.compiledThemes ?? {};
  const servedAtRunTime = [...blocks].filter(([slug, css]) => compiled[slug] !== css).map(([slug]) => slug);
  const version = createHash('sha256')
    .update(servedAtRunTime.map((slug) => blocks.get(slug)).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const link = `<link rel="stylesheet" href="${THEME_STYLESHEET_PATH}?v=${version}" />`;
  const renderer: PageRenderer =
    servedAtRunTime.length === 0
      ? options.renderer
      : {
          ...options.renderer,
          template: async (url) =>
            (await options.renderer.template(url)).replace('</head>', () => `  ${link}\n  </head>`),
        };
  const routes = new Hono<AppEnv>().get(THEME_STYLESHEET_PATH, (c) => {
    c.header('content-type', 'text/css; charset=utf-8');
    c.header('cache-control', c.req.query('v') === version ? IMMUTABLE : 'no-cache');
    const css = blocks.get(c.get('site').slug);
    return c.body(css ? `${css}\n` : '');
  });
  return { renderer, routes, servedAtRunTime };
}
