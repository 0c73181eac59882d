import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type ThemeDefinition, themeDefinitionSchema } from '../../tenants/theme-definition.ts';

/**
 * Dealers' themes from their folders (issue 33 item 8): `<TENANTS_DIR>/<slug>/theme.json`, checked
 * against `tenants/theme-definition.ts`. The build reads the repository's folders into Panda's themes
 * (`panda.config.ts`); the server reads `TENANTS_DIR` at start and serves the variables of any
 * dealer the build did not compile (`server/render/tenant-themes.ts`). A dealer without the file has
 * the base look.
 */

/**
 * A theme file that is not JSON or not a theme, naming the file and the field (like
 * `TenantConfigError` for `site.json`). This module stays free of `import.meta`: Panda loads it into
 * its configuration as CommonJS.
 */
export class TenantThemeError extends Error {
  override readonly name = 'TenantThemeError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid tenant theme ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Every `<slug>/theme.json` under `dir` (the tenants folder), by slug, in slug order. A file that is
 * not JSON or not a theme throws a {@link TenantThemeError}: start-up (or the build) stops there.
 */
export function loadTenantThemes(dir: string): Map<string, ThemeDefinition> {
  const themes = new Map<string, ThemeDefinition>();
  // A dealer's folder is named by its slug (`loadTenants` checks it); any other folder is not a dealer.
  const slugs = readdirSync(dir)
    .filter((entry) => SLUG.test(entry) && statSync(join(dir, entry)).isDirectory())
    .sort();
  for (const slug of slugs) {
    const file = join(dir, slug, 'theme.json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      // No theme file: the dealer has the base look.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const shown = relative(process.cwd(), file) || file;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new TenantThemeError(shown, [`not valid JSON: ${(error as Error).message}`]);
    }
    const parsed = themeDefinitionSchema.safeParse(raw);
    if (!parsed.success) {
      throw new TenantThemeError(
        shown,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
      );
    }
    themes.set(slug, parsed.data);
  }
  return themes;
}

/** A dealer's slug, as `tenants/tenant.schema.ts` allows it. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A token's CSS variable name as Panda writes it: `colors.brandFg` → `--colors-brand-fg`. */
const variable = (group: string, name: string) =>
  `--${group}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * A theme's CSS variables for `<html data-panda-theme="<slug>">`, written as Panda writes a theme
 * (`styled-system/themes/theme-<slug>.json`): the same block, byte for byte, so a dealer's look is
 * the same whether the build compiled it or the server serves it.
 */
export function themeCss(slug: string, theme: ThemeDefinition): string {
  const declarations = [
    ...Object.entries(theme.tokens?.fonts ?? {}).map(([name, token]) => [
      variable('fonts', name),
      token.value,
    ]),
    ...Object.entries(theme.semanticTokens.colors).map(([name, token]) => [
      variable('colors', name),
      token.value,
    ]),
    ...Object.entries(theme.semanticTokens.radii).map(([name, token]) => [
      variable('radii', name),
      token.value,
    ]),
  ];
  // Unquoted as Panda writes it, but a slug starting with a digit is no CSS identifier: quoted.
  const selector = `[data-panda-theme=${/^[a-z]/.test(slug) ? slug : `"${slug}"`}]`;
  return `${selector} {\n${declarations.map(([name, value]) => `    ${name}: ${value}`).join(';\n')}\n}`;
}
