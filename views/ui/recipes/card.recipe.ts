import { defineSlotRecipe } from '@pandacss/dev';

/**
 * A bordered panel on the page's surface — a wizard's step and aside, the car page's sidebar boxes,
 * a notice, a listed location (issue 32 item 7: the same css object was written in six flows). `root`
 * is the panel and `title` its heading; the caller adds its own layout (`${card().root} ${css(…)}`: `cx` would keep Panda's runtime).
 * `padding`: `md` (default, 4), `lg` (6) for a notice that stands alone, `fluid` (4, 6 from `md`) for
 * a panel that holds a page's main content.
 */
export const cardRecipe = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'title'],
  base: {
    root: {
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'control',
    },
    title: { fontSize: 'lg', fontWeight: 'bold' },
  },
  variants: {
    padding: {
      md: { root: { p: '4' } },
      lg: { root: { p: '6' } },
      fluid: { root: { p: { base: '4', md: '6' } } },
    },
  },
  defaultVariants: { padding: 'md' },
});
