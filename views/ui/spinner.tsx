import { css } from '../../styled-system/css';

/** A spinner with a label for assistive technology (§4: shown until the finance disclaimer has loaded). */
export function Spinner({ label }: { label: string }) {
  return (
    <span
      role="status"
      data-testid="spinner"
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}
    >
      <span
        aria-hidden="true"
        className={css({
          w: '5',
          h: '5',
          borderWidth: '3px',
          borderColor: 'border',
          borderTopColor: 'brand',
          borderRadius: 'full',
          animation: 'spin',
          _motionReduce: { animation: '[none]' },
        })}
      />
      <span className={css({ srOnly: true })}>{label}</span>
    </span>
  );
}
