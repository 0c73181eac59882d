import { resolve } from 'node:path';
import { defineConfig } from '@pandacss/dev';
import { loadTenantThemes } from './server/tenants/themes.ts';
import { pandaTheme } from './tenants/theme-definition.ts';
import { recipes, slotRecipes } from './views/ui/recipes/index.ts';

/**
 * The demo dealers' themes, from their folders' `theme.json` (issue 33 item 8). A dealer added later
 * needs no build: the server serves its theme's variables (`server/render/tenant-themes.ts`).
 */
const tenantThemes = Object.fromEntries(
  // Panda runs from the project's folder (and loads this file as CommonJS, without import.meta).
  [...loadTenantThemes(resolve('tenants'))].map(([slug, theme]) => [slug, pandaTheme(theme)]),
);

/**
 * Panda stays static (ARCHITECTURE §4): tokens, semantic tokens and slot recipes, `strictTokens`,
 * the spec's breakpoints, and one theme per dealer applied with `data-panda-theme` on `<html>`.
 */
export default defineConfig({
  preflight: true,
  strictTokens: true,
  jsxFramework: 'react',
  include: ['./views/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  theme: {
    // Spec (locations-forms-tradein-site.md §9 Layout): xs 400, sm 576, md 768, lg 992, xl 1200, xxl 1400.
    breakpoints: { xs: '400px', sm: '576px', md: '768px', lg: '992px', xl: '1200px', xxl: '1400px' },
    extend: {
      tokens: {
        fonts: {
          body: {
            value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          },
          heading: {
            value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          },
        },
        sizes: { page: { value: '1200px' } },
        /** Layers: menus and listboxes over the page, dialogs (backdrop, then content) over those. */
        zIndex: {
          docked: { value: 900 },
          dropdown: { value: 1000 },
          overlay: { value: 1300 },
          modal: { value: 1400 },
        },
      },
      semanticTokens: {
        colors: {
          brand: { value: '#1f3a5f' },
          brandFg: { value: '#ffffff' },
          brandSubtle: { value: '#e8eef6' },
          accent: { value: '#0f766e' },
          canvas: { value: '#f7f7f8' },
          surface: { value: '#ffffff' },
          fg: { value: '#1a1a1a' },
          fgMuted: { value: '#4a4a4a' },
          border: { value: '#d4d4d8' },
          danger: { value: '#b42318' },
          focusRing: { value: '#2563eb' },
        },
        radii: { control: { value: '6px' } },
      },
      recipes,
      slotRecipes,
    },
  },
  themes: tenantThemes,
  staticCss: { themes: Object.keys(tenantThemes) },
  globalCss: {
    'html, body': { bg: 'canvas', color: 'fg', fontFamily: 'body' },
    a: { color: 'inherit' },
    ':focus-visible': { outline: '3px solid {colors.focusRing}', outlineOffset: '2px' },
  },
});
