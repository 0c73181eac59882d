import type { ThemeDefinition } from '../theme-definition.ts';

/** Metro Used Cars: signal yellow with black text, square controls, heavy headings. */
export const theme = {
  tokens: {
    fonts: { heading: { value: '"Arial Black", "Helvetica Neue", Arial, system-ui, sans-serif' } },
  },
  semanticTokens: {
    colors: {
      brand: { value: '#FFD100' },
      brandFg: { value: '#111111' },
      brandSubtle: { value: '#FFF6CC' },
      accent: { value: '#6B5100' },
      canvas: { value: '#F3F3F1' },
      surface: { value: '#FFFFFF' },
      fg: { value: '#111111' },
      fgMuted: { value: '#4D4D4D' },
      border: { value: '#D0D0CC' },
    },
    radii: { control: { value: '0px' } },
  },
} as const satisfies ThemeDefinition;
