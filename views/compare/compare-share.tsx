import { useId } from 'react';
import { css } from '../../styled-system/css';

/** The comparison's address to copy: it opens the same comparison in any browser. */
export function CompareShare({ url }: { url: string }) {
  const shareId = useId();
  return (
    <div className={css({ display: 'grid', gap: '1', maxW: 'xl' })}>
      <label htmlFor={shareId} className={css({ fontWeight: 'semibold' })}>
        Share this comparison
      </label>
      <input
        id={shareId}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className={css({
          h: '10',
          px: '3',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'control',
        })}
      />
    </div>
  );
}
