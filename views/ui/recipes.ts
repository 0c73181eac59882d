import {
  accordionAnatomy,
  checkboxAnatomy,
  collapsibleAnatomy,
  comboboxAnatomy,
  dialogAnatomy,
  navigationMenuAnatomy,
  selectAnatomy,
  sliderAnatomy,
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

/** The header's mega-menu: slots from Ark UI's NavigationMenu anatomy. */
export const navigationMenuRecipe = defineSlotRecipe({
  className: 'nav-menu',
  slots: navigationMenuAnatomy.keys(),
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
      _open: { bg: 'brandSubtle', color: 'fg' },
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
      _focusVisible: { outline: '3px solid {colors.focusRing}', outlineOffset: '2px' },
    },
    indicator: { fontSize: 'xs', fontWeight: 'bold' },
    label: { display: 'flex', flex: '1', justifyContent: 'space-between', gap: '2', fontSize: 'sm' },
    group: { display: 'flex', flexDirection: 'column' },
  },
});

/** The floating list a select and the directory search box share: its layer, panel and options. */
const listbox = {
  positioner: { zIndex: 'dropdown', w: 'var(--reference-width)' },
  content: { ...floatingPanel, py: '1', overflowY: 'auto' },
  item: { px: '3', py: '2', cursor: 'pointer', _highlighted: { bg: 'brandSubtle' } },
} as const;

/** A select (dropdown filters, sort): slots from Ark UI's Select anatomy. */
export const selectRecipe = defineSlotRecipe({
  className: 'select',
  slots: selectAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1', position: 'relative' },
    label: { fontSize: 'sm', fontWeight: 'semibold' },
    control: { position: 'relative' },
    trigger: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      w: 'full',
      minH: '10',
      px: '3',
      py: '2',
      bg: 'surface',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'control',
      cursor: 'pointer',
      textAlign: 'left',
      _open: { borderColor: 'brand' },
    },
    indicator: { color: 'fgMuted' },
    positioner: listbox.positioner,
    content: { ...listbox.content, maxH: '72' },
    item: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: '2',
      ...listbox.item,
      _checked: { fontWeight: 'semibold' },
    },
    itemIndicator: { color: 'accent' },
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

/** The range slider (price, km, year; the price-range screen): slots from Ark UI's Slider anatomy. */
export const rangeSliderRecipe = defineSlotRecipe({
  className: 'range-slider',
  slots: sliderAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'semibold' },
    valueText: { fontSize: 'sm', color: 'fgMuted', fontVariantNumeric: 'tabular-nums' },
    control: { position: 'relative', display: 'flex', alignItems: 'center', h: '8' },
    track: { position: 'relative', flex: '1', h: '1.5', bg: 'border', borderRadius: 'full' },
    range: { h: 'full', bg: 'brand', _disabled: { bg: 'fgMuted' } },
    thumb: {
      w: '5',
      h: '5',
      bg: 'surface',
      borderWidth: '2px',
      borderColor: 'brand',
      borderRadius: 'full',
      boxShadow: 'sm',
      cursor: 'grab',
      _focusVisible: { outline: '3px solid {colors.focusRing}', outlineOffset: '2px' },
    },
    markerGroup: {},
    marker: { fontSize: 'xs', color: 'fgMuted' },
    draggingIndicator: { fontSize: 'xs' },
  },
});

/** The directory search box with make and model suggestions: slots from Ark UI's Combobox anatomy. */
export const directorySearchRecipe = defineSlotRecipe({
  className: 'directory-search',
  slots: comboboxAnatomy.keys(),
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
    },
    input: { flex: '1', minW: '0', minH: '10', bg: 'transparent', color: 'fg' },
    clearTrigger: {
      px: '3',
      minH: '10',
      color: 'fgMuted',
      bg: 'transparent',
      cursor: 'pointer',
      _hover: { color: 'fg' },
    },
    trigger: { display: 'none' },
    positioner: listbox.positioner,
    content: { ...listbox.content, maxH: '80' },
    list: {},
    itemGroup: { py: '1' },
    itemGroupLabel: { px: '3', py: '1', fontSize: 'xs', fontWeight: 'bold', color: 'fgMuted' },
    item: listbox.item,
    itemText: {},
    itemIndicator: {},
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
