import type { ThemeDefinition } from '../theme-definition.ts';

/** Bayside Mazda: deep red on warm light grey, charcoal accents, crisp corners. */
export const theme = {
  tokens: {
    fonts: { heading: { value: '"Avenir Next", "Segoe UI", system-ui, -apple-system, Arial, sans-serif' } },
  },
  semanticTokens: {
    colors: {
      brand: { value: '#8B1A2B' },
      brandFg: { value: '#FFFFFF' },
      brandSubtle: { value: '#F7E8EA' },
      accent: { value: '#3A3D42' },
      canvas: { value: '#F6F5F4' },
      surface: { value: '#FFFFFF' },
      fg: { value: '#1C1D1F' },
      fgMuted: { value: '#55585E' },
      border: { value: '#D9D6D3' },
    },
    radii: { control: { value: '2px' } },
  },
} as const satisfies ThemeDefinition;
