import { collapsibleAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** A show-more list or text (key information, features, dealer comments): Ark UI's Collapsible. */
export const collapsibleRecipe = defineSlotRecipe({
  className: 'collapsible',
  slots: collapsibleAnatomy.keys(),
  base: {
    trigger: {
      mt: '2',
      fontWeight: 'semibold',
      color: 'accent',
      textDecoration: 'underline',
      cursor: 'pointer',
      bg: 'transparent',
    },
    content: { _closed: { display: 'none' } },
  },
});
