import { css } from '../../styled-system/css';

/** The finance page's looks: its bordered panels, and the calculator's labels and inputs. */
export const financeStyles = {
  panel: css({ p: '4', bg: 'surface', borderRadius: 'control', borderWidth: '1px', borderColor: 'border' }),
  field: css({ display: 'grid', gap: '1', fontWeight: 'semibold' }),
  input: css({
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    px: '3',
    py: '2',
    fontWeight: 'normal',
    bg: 'surface',
  }),
  sectionHeading: css({ fontSize: 'xl', fontWeight: 'bold' }),
};
