import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantThemeStyles } from '../../../server/render/tenant-themes.ts';
import type { RunningServer } from '../../../server/server.ts';
import { DEFAULT_TENANTS_DIR, loadTenants } from '../../../server/tenants/load.ts';
import { loadTenantThemes, themeCss } from '../../../server/tenants/themes.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { serveAddedDealer } from './added-dealer.ts';

/**
 * A dealer's theme comes from its folder (issue 33 item 8): `tenants/<slug>/theme.json`, compiled by
 * the build for the demo dealers, and served by the server for a dealer added later — no code, no
 * build. What the server serves is what Panda compiles, byte for byte.
 */
const template = readFileSync('index.html', 'utf8');
const renderer = { template: async () => template, render };
const demoThemes = loadTenantThemes(DEFAULT_TENANTS_DIR);

/** The variable block Panda generated for a demo dealer (`panda codegen`, run by `prepare`). */
const pandaBlock = (slug: string) =>
  (JSON.parse(readFileSync(`styled-system/themes/theme-${slug}.json`, 'utf8')) as { css: string }).css;

describe('the theme variables the server writes are Panda’s', () => {
  it.each([...demoThemes.keys()])('%s: the same block as Panda compiles from its theme.json', (slug) => {
    const theme = demoThemes.get(slug);
    if (!theme) throw new Error(`no theme for ${slug}`);
    expect(themeCss(slug, theme)).toBe(pandaBlock(slug));
  });

  it('the demo as built serves nothing at run time: its pages are unchanged', async () => {
    const compiledThemes = Object.fromEntries(
      [...demoThemes].map(([slug, theme]) => [slug, themeCss(slug, theme)]),
    );
    const styles = tenantThemeStyles({ renderer: { ...renderer, compiledThemes }, sites: loadTenants() });
    expect(styles.servedAtRunTime).toEqual([]);
    expect(await styles.renderer.template('/')).toBe(template);
  });
});

describe('a theme file that is not a theme stops start-up, naming the file and the field', () => {
  const folder = (theme: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-bad-theme-'));
    const source = demoThemes.get('metro-used');
    mkdirSync(join(dir, 'metro-used'));
    writeFileSync(join(dir, 'metro-used', 'theme.json'), JSON.stringify({ ...source, ...(theme as object) }));
    return dir;
  };
  const colours = demoThemes.get('metro-used')?.semanticTokens.colors;

  it('a colour that is not a hex colour', () => {
    const dir = folder({
      semanticTokens: {
        colors: { ...colours, brand: { value: 'red' } },
        radii: { control: { value: '0px' } },
      },
    });
    expect(() => loadTenantThemes(dir)).toThrow(
      /theme\.json:\n {2}- semanticTokens\.colors\.brand\.value: must be a hex colour/,
    );
  });

  it('a font list that would write more CSS than a font list', () => {
    const dir = folder({ tokens: { fonts: { heading: { value: 'Arial; } body { display: none' } } } });
    expect(() => loadTenantThemes(dir)).toThrow(
      /tokens\.fonts\.heading\.value: must be font names separated by commas/,
    );
  });

  it('a misspelt colour name', () => {
    const dir = folder({
      semanticTokens: {
        colors: { ...colours, brnad: { value: '#000000' } },
        radii: { control: { value: '0px' } },
      },
    });
    expect(() => loadTenantThemes(dir)).toThrow(/semanticTokens\.colors: Unrecognized key: "brnad"/);
  });
});

describe('a dealer folder added with a theme.json and no code gets its colours on its pages', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // As an operator adds one, with its own colours.
    server = await serveAddedDealer(renderer, (dealer) => {
      const theme = JSON.parse(readFileSync(join(dealer, 'theme.json'), 'utf8')) as {
        semanticTokens: { colors: Record<string, { value: string }> };
      };
      theme.semanticTokens.colors.brand = { value: '#0E5A8A' };
      writeFileSync(join(dealer, 'theme.json'), JSON.stringify(theme));
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('its page names its theme and links the theme stylesheet, which holds its colours', async () => {
    const page = await (await fetch(`http://127.0.0.1:${server.port}/`)).text();
    expect(page).toContain('data-panda-theme="coastal-cars"');
    const href = /<link rel="stylesheet" href="(\/theme\.css\?v=[0-9a-f]{12})" \/>/.exec(page)?.[1];
    expect(href).toBeDefined();
    const stylesheet = await fetch(`http://127.0.0.1:${server.port}${href}`);
    expect(stylesheet.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(stylesheet.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await stylesheet.text();
    expect(css).toContain('[data-panda-theme=coastal-cars] {');
    expect(css).toContain('--colors-brand: #0E5A8A;');
    expect(css).toContain('--radii-control: 0px');
  });
});
