import { defineSlotRecipe } from '@pandacss/dev';

/** A select (dropdown filters, sort): a native `<select>` with its own arrow over the field. */
export const selectRecipe = defineSlotRecipe({
  className: 'select',
  slots: ['root', 'label', 'control', 'field', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1' },
    label: { fontSize: 'sm', fontWeight: 'semibold' },
    control: { position: 'relative' },
    field: {
      appearance: 'none',
      w: 'full',
      minH: '10',
      pl: '3',
      pr: '8',
      py: '2',
      bg: 'surface',
      color: 'fg',
      fontSize: 'md',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'control',
      cursor: 'pointer',
    },
    indicator: {
      position: 'absolute',
      right: '3',
      top: '50%',
      transform: 'translateY(-50%)',
      color: 'fgMuted',
      pointerEvents: 'none',
    },
  },
});
