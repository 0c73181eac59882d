import {
  accordionAnatomy,
  checkboxAnatomy,
  collapsibleAnatomy,
  dialogAnatomy,
  tabsAnatomy,
} from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** A panel floating over the page (menus, listboxes): surface, border, shadow; hidden when closed. */
const floatingPanel = {
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  boxShadow: 'lg',
  _hidden: { display: 'none' },
} as const;

/** The focus ring of panda.config.ts's global `:focus-visible`, for parts that draw it elsewhere. */
const focusRing = { outline: '3px solid {colors.focusRing}', outlineOffset: '2px' } as const;

/** The header's menus: a list of links and disclosure buttons over dropdown lists. */
export const navigationMenuRecipe = defineSlotRecipe({
  className: 'nav-menu',
  slots: ['root', 'list', 'item', 'trigger', 'link', 'content'],
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
      _expanded: { bg: 'brandSubtle', color: 'fg' },
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
      listStyle: 'none',
      ...floatingPanel,
    },
  },
});

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

/** A dialog (the mobile filter drawer): slots from Ark UI's Dialog anatomy. */
export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'black/50', zIndex: 'overlay' },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      justifyContent: 'flex-end',
    },
    content: {
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      w: 'full',
      maxW: 'sm',
      h: 'full',
      overflowY: 'auto',
      p: '4',
      bg: 'surface',
      color: 'fg',
      boxShadow: 'lg',
    },
    title: { fontSize: 'xl', fontWeight: 'bold' },
    description: { color: 'fgMuted' },
    closeTrigger: { cursor: 'pointer' },
    trigger: { cursor: 'pointer' },
  },
});

/** A centred modal (finance disclaimer, certified benefits): slots from Ark UI's Dialog anatomy. */
export const modalRecipe = defineSlotRecipe({
  className: 'modal',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'black/50', zIndex: 'overlay' },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      p: '4',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      w: 'full',
      maxW: 'lg',
      maxH: '[90vh]',
      overflowY: 'auto',
      p: '6',
      bg: 'surface',
      color: 'fg',
      borderRadius: 'control',
      boxShadow: 'lg',
    },
    title: { fontSize: 'xl', fontWeight: 'bold', pr: '8' },
    description: { color: 'fgMuted' },
    closeTrigger: {
      position: 'absolute',
      top: '3',
      right: '3',
      px: '2',
      cursor: 'pointer',
      fontSize: 'xl',
      lineHeight: '1',
      bg: 'transparent',
    },
    trigger: { cursor: 'pointer' },
  },
});

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

/** A tab set (car page details): slots from Ark UI's Tabs anatomy. */
export const tabsRecipe = defineSlotRecipe({
  className: 'tabs',
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'grid', gap: '4' },
    list: { display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', overflowX: 'auto' },
    trigger: {
      px: '4',
      py: '2',
      fontWeight: 'semibold',
      cursor: 'pointer',
      bg: 'transparent',
      color: 'fgMuted',
      borderBottomWidth: '3px',
      borderColor: 'transparent',
      whiteSpace: 'nowrap',
      _selected: { color: 'fg', borderColor: 'brand' },
    },
    content: { _hidden: { display: 'none' } },
    indicator: { display: 'none' },
  },
});

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

/** Every slot recipe, registered in panda.config.ts. */
export const slotRecipes = {
  navigationMenu: navigationMenuRecipe,
  checkbox: checkboxRecipe,
  select: selectRecipe,
  dialog: dialogRecipe,
  modal: modalRecipe,
  accordion: accordionRecipe,
  tabs: tabsRecipe,
  collapsible: collapsibleRecipe,
  rangeSlider: rangeSliderRecipe,
  directorySearch: directorySearchRecipe,
};
