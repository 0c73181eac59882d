import { css } from '../../styled-system/css';

/** The filter drawer's buttons: the one that opens it and the one that closes it. */
export const drawerButton = css({
  px: '4',
  py: '2',
  borderRadius: 'control',
  fontWeight: 'semibold',
  cursor: 'pointer',
});
