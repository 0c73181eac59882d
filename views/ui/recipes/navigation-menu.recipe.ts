import { defineSlotRecipe } from '@pandacss/dev';
import { floatingPanel } from './shared.ts';

/** The header's menus: a list of links and disclosure buttons over dropdown lists. */
export const navigationMenuRecipe = defineSlotRecipe({
  className: 'nav-menu',
  slots: ['root', 'list', 'item', 'trigger', 'link', 'content'],
  base: {
    root: { position: 'relative' },
    list: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '1',
      listStyle: 'none',
      alignItems: 'center',
    },
    item: { position: 'relative' },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      px: '3',
      py: '2',
      borderRadius: 'control',
      fontWeight: 'semibold',
      cursor: 'pointer',
      color: 'brandFg',
      bg: 'transparent',
      _hover: { bg: 'brandSubtle', color: 'fg' },
      _expanded: { bg: 'brandSubtle', color: 'fg' },
    },
    link: {
      display: 'block',
      px: '3',
      py: '2',
      borderRadius: 'control',
      textDecoration: 'none',
      fontWeight: 'semibold',
      color: 'inherit',
      _hover: { bg: 'brandSubtle', color: 'fg' },
      _currentPage: { textDecoration: 'underline' },
    },
    content: {
      position: 'absolute',
      top: '100%',
      left: '0',
      zIndex: 'dropdown',
      minW: '56',
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      p: '2',
      listStyle: 'none',
      ...floatingPanel,
    },
  },
});
