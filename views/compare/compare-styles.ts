import { css } from '../../styled-system/css';

/** The comparison table's looks. */
export const compareStyles = {
  cell: css({
    p: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    textAlign: 'left',
    verticalAlign: 'top',
    minW: '44',
  }),
};
