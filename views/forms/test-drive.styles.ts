import { css } from '../../styled-system/css';

/** The booking page's own looks: a day of times, its time buttons, the taken-time notice. */
export const testDriveStyles = {
  day: css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'control', p: '3' }),
  times: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' }),
  time: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '3',
    py: '1.5',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    cursor: 'pointer',
    fontWeight: 'normal',
    '&:has(input:checked)': { bg: 'brandSubtle', borderColor: 'brand' },
  }),
  notice: css({
    p: '3',
    borderRadius: 'control',
    borderWidth: '1px',
    borderColor: 'brand',
    bg: 'brandSubtle',
  }),
  fieldset: css({ display: 'grid', gap: '3' }),
  legend: css({ fontWeight: 'semibold' }),
  zone: css({ color: 'fgMuted', fontSize: 'sm' }),
  summary: css({ cursor: 'pointer', fontWeight: 'semibold' }),
  count: css({ color: 'fgMuted', fontWeight: 'normal' }),
  terms: css({ fontSize: 'sm' }),
};
