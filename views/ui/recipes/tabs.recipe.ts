import { tabsAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** A tab set (car page details): slots from Ark UI's Tabs anatomy. */
export const tabsRecipe = defineSlotRecipe({
  className: 'tabs',
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'grid', gap: '4' },
    list: { display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', overflowX: 'auto' },
    trigger: {
      px: '4',
      py: '2',
      fontWeight: 'semibold',
      cursor: 'pointer',
      bg: 'transparent',
      color: 'fgMuted',
      borderBottomWidth: '3px',
      borderColor: 'transparent',
      whiteSpace: 'nowrap',
      _selected: { color: 'fg', borderColor: 'brand' },
    },
    content: { _hidden: { display: 'none' } },
    indicator: { display: 'none' },
  },
});
