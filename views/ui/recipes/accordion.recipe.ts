import { accordionAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** Collapsible page sections (car page): Ark UI's Accordion anatomy, opening and closing over 300 ms. */
export const accordionRecipe = defineSlotRecipe({
  className: 'accordion',
  slots: accordionAnatomy.keys(),
  base: {
    root: { display: 'grid', gap: '2' },
    item: { bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'control' },
    itemTrigger: {
      display: 'flex',
      w: 'full',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: '2',
      px: '4',
      py: '3',
      fontSize: 'lg',
      fontWeight: 'semibold',
      textAlign: 'left',
      cursor: 'pointer',
      bg: 'transparent',
    },
    itemIndicator: {
      transition: 'transform 300ms',
      _open: { transform: 'rotate(180deg)' },
      _motionReduce: { transition: 'none' },
    },
    // Spec §4/§9: sections open and close over 300 ms. Height runs from 0 to Ark's measured --height;
    // `display` transitions discretely so the closing section stays visible while it shrinks.
    itemContent: {
      overflow: 'hidden',
      transition: 'height 300ms ease, display 300ms allow-discrete',
      _open: { height: 'var(--height)', _starting: { height: '0' } },
      _closed: { height: '0' },
      _motionReduce: { transition: 'none' },
    },
  },
});
