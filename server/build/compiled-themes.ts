import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { loadTenantThemes, themeCss } from '../tenants/themes.ts';

/**
 * What the build compiled of the dealers' themes (issue 33 item 8): Panda compiles the repository's
 * `tenants/<slug>/theme.json` into the stylesheet, and this plugin records each theme's variable
 * block beside the build manifest. At run time the server serves, from its folder, any dealer's
 * theme that is not recorded here as it is now — a dealer added after the build, or a theme changed
 * since — so adding a dealer needs no build (`server/render/tenant-themes.ts`).
 */

/** Where the record is, under `dist/client` (beside Vite's manifest, never served). */
export const COMPILED_THEMES_FILE = '.vite/tenant-themes.json';

/** A theme's variable block by dealer slug, as the build compiled it. */
export type CompiledThemes = Readonly<Record<string, string>>;

/** The Vite plugin that writes the record in the browser build. */
export function compiledThemes(options: { root: string }): Plugin {
  let ssr = false;
  return {
    name: 'forecourt-compiled-themes',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (ssr) return;
      const record: Record<string, string> = {};
      for (const [slug, theme] of loadTenantThemes(join(options.root, 'tenants'))) {
        record[slug] = themeCss(slug, theme);
      }
      this.emitFile({
        type: 'asset',
        fileName: COMPILED_THEMES_FILE,
        source: `${JSON.stringify(record, null, 2)}\n`,
      });
    },
  };
}

/** The record of a build in `dist/client` (none: a build from before the record, so none compiled). */
export function readCompiledThemes(clientDir: string): CompiledThemes {
  const file = join(clientDir, COMPILED_THEMES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CompiledThemes) : {};
}
