import { css } from '../../styled-system/css';

const block = css({ bg: 'border', borderRadius: 'control', opacity: 0.5 });

/** A loading placeholder that keeps the page's shape so nothing shifts when content arrives. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className={css({ maxW: 'page', mx: 'auto', px: '4', py: '10' })}
    >
      <span className={css({ srOnly: true })}>{label}</span>
      <div className={css({ display: 'grid', gap: '4' })}>
        <div className={`${block} ${css({ h: '12', w: '2/3' })}`} />
        <div className={`${block} ${css({ h: '6', w: '1/2' })}`} />
        <div className={`${block} ${css({ h: '40' })}`} />
      </div>
    </div>
  );
}
