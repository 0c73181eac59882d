import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared.ts';

/** A range input's thumb, drawn on its pseudo-element (`::-webkit-slider-thumb`, `::-moz-range-thumb`). */
const rangeThumb = {
  appearance: 'none',
  boxSizing: 'border-box',
  w: '5',
  h: '5',
  bg: 'surface',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'brand',
  borderRadius: 'full',
  boxShadow: 'sm',
  cursor: 'grab',
  pointerEvents: 'auto',
} as const;

const disabledThumb = { borderColor: 'fgMuted', cursor: 'not-allowed', boxShadow: 'none' } as const;

/**
 * The range slider (price, km, year; the price-range screen): two native range inputs laid over one
 * track. The inputs span the control and let the pointer through (`pointer-events: none`) except on
 * their thumbs; the track is inset by half a thumb on each side so the filled range (`left`/`right`
 * set inline from the thumbs' positions) meets the thumbs' centres. The minimum input is raised
 * (`data-raised`) while it sits in the upper half, so when the thumbs meet at the top end the one
 * that can still move is the one on top.
 */
export const rangeSliderRecipe = defineSlotRecipe({
  className: 'range-slider',
  slots: ['root', 'header', 'label', 'clearTrigger', 'valueText', 'control', 'track', 'range', 'input'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full', minW: '0', m: '0', p: '0' },
    header: { display: 'flex', justifyContent: 'space-between', gap: '2' },
    label: { fontSize: 'sm', fontWeight: 'semibold' },
    clearTrigger: {
      fontSize: 'sm',
      color: 'accent',
      textDecoration: 'underline',
      bg: 'transparent',
      cursor: 'pointer',
    },
    valueText: { fontSize: 'sm', color: 'fgMuted', fontVariantNumeric: 'tabular-nums' },
    control: { position: 'relative', display: 'flex', alignItems: 'center', h: '8' },
    track: { position: 'relative', flex: '1', mx: '2.5', h: '1.5', bg: 'border', borderRadius: 'full' },
    range: { position: 'absolute', top: '0', bottom: '0', bg: 'brand', _disabled: { bg: 'fgMuted' } },
    input: {
      appearance: 'none',
      position: 'absolute',
      insetInline: '0',
      top: '0',
      bottom: '0',
      w: 'full',
      h: '5',
      m: 'auto',
      p: '0',
      bg: 'transparent',
      pointerEvents: 'none',
      _focusVisible: { outline: 'none' },
      '&[data-raised]': { zIndex: '[1]' },
      '&::-webkit-slider-runnable-track': { appearance: 'none', h: 'full', bg: 'transparent' },
      '&::-moz-range-track': { h: 'full', bg: 'transparent' },
      '&::-webkit-slider-thumb': rangeThumb,
      '&::-moz-range-thumb': rangeThumb,
      '&:active::-webkit-slider-thumb': { cursor: 'grabbing' },
      '&:active::-moz-range-thumb': { cursor: 'grabbing' },
      // A focused range input shows the ring on its thumb, not around the whole input.
      '&:focus-visible::-webkit-slider-thumb': focusRing,
      '&:focus-visible::-moz-range-thumb': focusRing,
      '&:disabled::-webkit-slider-thumb': disabledThumb,
      '&:disabled::-moz-range-thumb': disabledThumb,
    },
  },
});
