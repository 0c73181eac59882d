import { checkboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared.ts';

/** A checkbox (facet lists): slots from Ark UI's Checkbox anatomy; state from `data-state`. */
export const checkboxRecipe = defineSlotRecipe({
  className: 'checkbox',
  slots: checkboxAnatomy.keys(),
  base: {
    root: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      py: '1',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    },
    control: {
      flexShrink: '0',
      w: '5',
      h: '5',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderWidth: '2px',
      borderColor: 'fgMuted',
      borderRadius: 'control',
      bg: 'surface',
      color: 'brandFg',
      _checked: { bg: 'brand', borderColor: 'brand' },
      _focusVisible: focusRing,
    },
    indicator: { fontSize: 'xs', fontWeight: 'bold' },
    label: { display: 'flex', flex: '1', justifyContent: 'space-between', gap: '2', fontSize: 'sm' },
    group: { display: 'flex', flexDirection: 'column' },
  },
});
