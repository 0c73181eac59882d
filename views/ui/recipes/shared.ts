/** A panel floating over the page (menus, listboxes): surface, border, shadow; hidden when closed. */
export const floatingPanel = {
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  boxShadow: 'lg',
  _hidden: { display: 'none' },
} as const;

/** The focus ring of panda.config.ts's global `:focus-visible`, for parts that draw it elsewhere. */
export const focusRing = { outline: '3px solid {colors.focusRing}', outlineOffset: '2px' } as const;
