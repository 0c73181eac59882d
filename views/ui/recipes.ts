import { navigationMenuAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** The header's mega-menu: slots from Ark UI's NavigationMenu anatomy. */
export const navigationMenuRecipe = defineSlotRecipe({
  className: 'nav-menu',
  slots: navigationMenuAnatomy.keys(),
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
      _open: { bg: 'brandSubtle', color: 'fg' },
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
      bg: 'surface',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'control',
      boxShadow: 'lg',
      _hidden: { display: 'none' },
    },
  },
});

/** Every slot recipe, registered in panda.config.ts. */
export const slotRecipes = { navigationMenu: navigationMenuRecipe };
