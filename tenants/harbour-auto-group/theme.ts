import type { ThemeDefinition } from '../theme-definition.ts';

/** Harbour Auto Group: navy with a teal accent on a cool light canvas, softly rounded controls. */
export const theme = {
  tokens: {
    fonts: { heading: { value: '"Trebuchet MS", "Segoe UI", system-ui, -apple-system, Arial, sans-serif' } },
  },
  semanticTokens: {
    colors: {
      brand: { value: '#12305B' },
      brandFg: { value: '#FFFFFF' },
      brandSubtle: { value: '#E6EEF8' },
      accent: { value: '#0B6E6D' },
      canvas: { value: '#F4F7FA' },
      surface: { value: '#FFFFFF' },
      fg: { value: '#0F1B2D' },
      fgMuted: { value: '#4A5A6E' },
      border: { value: '#CBD5E1' },
    },
    radii: { control: { value: '8px' } },
  },
} as const satisfies ThemeDefinition;
