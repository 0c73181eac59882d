import { z } from 'zod';

/**
 * A dealer's look, as data: `tenants/<slug>/theme.json` (issue 33 item 8: a dealer is added without a
 * code change). The build compiles the demo dealers' files into Panda themes (`config.themes[slug]`,
 * applied with `data-panda-theme="<slug>"` on `<html>`); the server serves the same variables for a
 * dealer whose file the build did not see (`server/render/tenant-themes.ts`). A theme overrides the
 * base config's semantic tokens of the same names, and may override the base `fonts` tokens.
 *
 * Values are checked tightly, because they are written into a stylesheet: a hex colour, a length, a
 * list of font names.
 */

const hexColour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour such as #1F3A5F');
const length = z
  .string()
  .regex(/^(0|[0-9]{1,3}(\.[0-9]{1,3})?(px|rem|em))$/, 'must be a length such as 6px or 0.5rem');
const FONT_NAME = `(?:"[A-Za-z0-9 -]+"|'[A-Za-z0-9 -]+'|-?[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z0-9-]+)*)`;
const fontList = z
  .string()
  .max(300)
  .regex(
    new RegExp(`^${FONT_NAME}(?:, ?${FONT_NAME})*$`),
    'must be font names separated by commas, such as "Avenir Next", system-ui, sans-serif',
  );

/** A Panda token leaf: a plain CSS value (no preset palette). */
const token = <T extends z.ZodString>(value: T) => z.strictObject({ value });

/** The semantic colours every dealer theme sets. */
export const THEME_COLOR_NAMES = [
  'brand',
  'brandFg',
  'brandSubtle',
  'accent',
  'canvas',
  'surface',
  'fg',
  'fgMuted',
  'border',
] as const;

/**
 * The semantic colours every dealer theme sets. `brand` is a fill (header bar, primary buttons) and is
 * not promised to be readable as text on `canvas`; coloured text uses `accent`. Text pairs meet WCAG AA
 * (4.5:1): `fg` and `fgMuted` on `canvas`, `surface` and `brandSubtle`; `brandFg` on `brand`; `accent`
 * on `canvas` and `surface` (checked in `tests/unit/tenants/demo-tenants.test.ts`).
 */
export type ThemeColorName = (typeof THEME_COLOR_NAMES)[number];

/** One dealer's theme file: an optional note for people, the fonts it changes, its colours and corners. */
export const themeDefinitionSchema = z.strictObject({
  /** What the look is, for whoever edits the file ("deep red on warm light grey"). */
  description: z.string().max(300).optional(),
  tokens: z
    .strictObject({
      fonts: z
        .strictObject({ body: token(fontList).optional(), heading: token(fontList).optional() })
        .optional(),
    })
    .optional(),
  semanticTokens: z.strictObject({
    colors: z.strictObject(
      Object.fromEntries(THEME_COLOR_NAMES.map((name) => [name, token(hexColour)])) as Record<
        ThemeColorName,
        ReturnType<typeof token<typeof hexColour>>
      >,
    ),
    radii: z.strictObject({ control: token(length) }),
  }),
});

/** One dealer's theme as its file holds it. */
export type ThemeDefinition = z.infer<typeof themeDefinitionSchema>;

/** A Panda theme variant (`config.themes[slug]`): the file without its note. */
export function pandaTheme(theme: ThemeDefinition): Pick<ThemeDefinition, 'tokens' | 'semanticTokens'> {
  return { ...(theme.tokens ? { tokens: theme.tokens } : {}), semanticTokens: theme.semanticTokens };
}
