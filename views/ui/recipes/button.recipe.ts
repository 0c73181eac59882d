import { defineRecipe } from '@pandacss/dev';

/**
 * Buttons, and links that look like one: `solid` in the dealer's brand colour (the main action),
 * `outline` on the page's surface (pressed, `aria-pressed`, in the brand's tint), `ghost` without a
 * background; `sm` for a row of secondary actions, `lg` for a sidebar's big actions; `block` to fill
 * the width.
 */
export const buttonRecipe = defineRecipe({
  className: 'button',
  base: {
    px: '4',
    py: '2',
    borderRadius: 'control',
    fontWeight: 'semibold',
    textDecoration: 'none',
    cursor: 'pointer',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'brand', color: 'brandFg' },
      outline: {
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'surface',
        color: 'fg',
        '&[aria-pressed=true]': { bg: 'brandSubtle', borderColor: 'brand' },
      },
      ghost: { bg: 'transparent', color: 'inherit' },
    },
    size: {
      sm: { px: '3', py: '1.5' },
      md: {},
      lg: { py: '3', fontWeight: 'bold' },
    },
    block: {
      true: { display: 'block', w: 'full', textAlign: 'center' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

/** A small label in the brand colour (a car's tag on its card and page). */
export const badgeRecipe = defineRecipe({
  className: 'badge',
  base: {
    display: 'inline-block',
    px: '2',
    py: '1',
    borderRadius: 'control',
    fontWeight: 'bold',
    bg: 'brand',
    color: 'brandFg',
  },
  variants: {
    size: { sm: { fontSize: 'xs', textTransform: 'uppercase' }, md: { fontSize: 'sm' } },
  },
  defaultVariants: { size: 'md' },
});

/** A make's initial in a brand-coloured circle, where it has no logo (make tiles and the make picker). */
export const letterMarkRecipe = defineRecipe({
  className: 'letterMark',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    borderRadius: 'full',
    bg: 'brand',
    color: 'brandFg',
    fontWeight: 'bold',
  },
  variants: {
    size: { sm: { w: '8', h: '8', fontSize: 'xs' }, md: { w: '9', h: '9' } },
  },
  defaultVariants: { size: 'md' },
});
