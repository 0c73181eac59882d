import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/**
 * Every dialog (`views/ui/dialog-shell.tsx`), with slots from Ark UI's Dialog anatomy: `center`, a
 * centred modal (finance disclaimer, certified benefits) with a × in its corner; `side`, a drawer
 * from the right edge (the mobile filters).
 */
export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'black/50', zIndex: 'overlay' },
    positioner: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex' },
    content: {
      display: 'flex',
      flexDirection: 'column',
      w: 'full',
      overflowY: 'auto',
      bg: 'surface',
      color: 'fg',
      boxShadow: 'lg',
    },
    title: { fontSize: 'xl', fontWeight: 'bold' },
    description: { color: 'fgMuted' },
    closeTrigger: { cursor: 'pointer' },
    trigger: { cursor: 'pointer' },
  },
  variants: {
    placement: {
      center: {
        positioner: { alignItems: 'center', justifyContent: 'center', p: '4' },
        content: {
          position: 'relative',
          gap: '3',
          maxW: 'lg',
          maxH: '[90vh]',
          p: '6',
          borderRadius: 'control',
        },
        title: { pr: '8' },
        closeTrigger: {
          position: 'absolute',
          top: '3',
          right: '3',
          px: '2',
          fontSize: 'xl',
          lineHeight: '1',
          bg: 'transparent',
        },
      },
      side: {
        positioner: { justifyContent: 'flex-end' },
        content: { gap: '4', maxW: 'sm', h: 'full', p: '4' },
      },
    },
  },
  defaultVariants: { placement: 'center' },
});
