import { defineSlotRecipe } from '@pandacss/dev';
import { floatingPanel, focusRing } from './shared.ts';

/**
 * The directory search box with make and model suggestions: our own combobox (WAI-ARIA editable
 * combobox with list autocomplete, decision 071), so its slots are its parts; the listbox hangs under
 * the input with plain CSS. The active option is `aria-selected="true"`.
 */
export const directorySearchRecipe = defineSlotRecipe({
  className: 'directory-search',
  slots: ['root', 'label', 'control', 'input', 'clearButton', 'listbox', 'group', 'groupLabel', 'option'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1', position: 'relative', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'semibold' },
    control: {
      display: 'flex',
      alignItems: 'center',
      gap: '1',
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'control',
      pl: '3',
      _focusWithin: { borderColor: 'brand' },
      // The focus ring goes round the whole box (text and Clear), not inside it round the text.
      '&:has(input:focus-visible)': focusRing,
    },
    input: {
      flex: '1',
      minW: '0',
      minH: '10',
      bg: 'transparent',
      color: 'fg',
      _focusVisible: { outline: 'none' },
    },
    clearButton: {
      px: '3',
      minH: '10',
      color: 'fgMuted',
      bg: 'transparent',
      cursor: 'pointer',
      _hover: { color: 'fg' },
    },
    listbox: {
      ...floatingPanel,
      py: '1',
      overflowY: 'auto',
      position: 'absolute',
      top: '100%',
      left: '0',
      right: '0',
      mt: '1',
      zIndex: 'dropdown',
      maxH: '80',
    },
    group: { py: '1' },
    groupLabel: { px: '3', py: '1', fontSize: 'xs', fontWeight: 'bold', color: 'fgMuted' },
    option: {
      px: '3',
      py: '2',
      cursor: 'pointer',
      _hover: { bg: 'canvas' },
      // why: forced-colours mode drops backgrounds; a transparent outline shows there instead.
      _selected: { bg: 'brandSubtle', outline: '2px solid transparent', outlineOffset: '-2px' },
    },
  },
});
