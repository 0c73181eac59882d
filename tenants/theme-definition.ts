/** A Panda token leaf: a plain CSS value (hex colours, lengths, font stacks — no preset palette). */
export interface ThemeTokenValue {
  readonly value: string;
}

/**
 * The semantic colours every dealer theme sets. `brand` is a fill (header bar, primary buttons) and is
 * not promised to be readable as text on `canvas`; coloured text uses `accent`. Text pairs meet WCAG AA
 * (4.5:1): `fg` and `fgMuted` on `canvas`, `surface` and `brandSubtle`; `brandFg` on `brand`; `accent`
 * on `canvas` and `surface` (checked in `tests/unit/tenants/demo-tenants.test.ts`).
 */
export type ThemeColorName =
  | 'brand'
  | 'brandFg'
  | 'brandSubtle'
  | 'accent'
  | 'canvas'
  | 'surface'
  | 'fg'
  | 'fgMuted'
  | 'border';

/**
 * One dealer's Panda theme variant (`config.themes[slug]`, applied with `data-panda-theme="<slug>"` on
 * `<html>`). It overrides the base config's semantic tokens of the same names, and may override the
 * base `fonts` tokens.
 */
export interface ThemeDefinition {
  readonly tokens?: {
    readonly fonts?: { readonly body?: ThemeTokenValue; readonly heading?: ThemeTokenValue };
  };
  readonly semanticTokens: {
    readonly colors: Readonly<Record<ThemeColorName, ThemeTokenValue>>;
    readonly radii: { readonly control: ThemeTokenValue };
  };
}
