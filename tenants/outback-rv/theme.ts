import type { ThemeDefinition } from '../theme-definition.ts';

/** Outback RV & Motorcycles: ochre and olive on a sand canvas, round controls, slab headings. */
export const theme = {
  tokens: {
    fonts: { heading: { value: 'Rockwell, "Roboto Slab", "Courier New", Georgia, serif' } },
  },
  semanticTokens: {
    colors: {
      brand: { value: '#A8551B' },
      brandFg: { value: '#FFFFFF' },
      brandSubtle: { value: '#F6EBDD' },
      accent: { value: '#55652A' },
      canvas: { value: '#FAF6EE' },
      surface: { value: '#FFFFFF' },
      fg: { value: '#2A2417' },
      fgMuted: { value: '#5E5646' },
      border: { value: '#E2D6BF' },
    },
    radii: { control: { value: '14px' } },
  },
} as const satisfies ThemeDefinition;
