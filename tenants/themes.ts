import { theme as baysideMazda } from './bayside-mazda/theme.ts';
import { theme as harbourAutoGroup } from './harbour-auto-group/theme.ts';
import { theme as metroUsed } from './metro-used/theme.ts';
import { theme as outbackRv } from './outback-rv/theme.ts';
import type { ThemeDefinition } from './theme-definition.ts';

export type { ThemeDefinition };

/** Every demo dealer's theme, keyed by site slug (the theme name is the slug). */
export const tenantThemes: Record<string, ThemeDefinition> = {
  'bayside-mazda': baysideMazda,
  'harbour-auto-group': harbourAutoGroup,
  'outback-rv': outbackRv,
  'metro-used': metroUsed,
};
