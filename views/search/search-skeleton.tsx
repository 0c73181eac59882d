import { css } from '../../styled-system/css';
import { CARD_IMAGE } from '../ui/car-card.tsx';

const block = css({ bg: 'border', borderRadius: 'control', opacity: 0.5 });

/**
 * Placeholder cards with a car card's shape (photo ratio, text lines, price), so the grid has its
 * final size while the first results load.
 */
export function CardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <li key={index} aria-hidden="true" data-testid="card-skeleton">
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
          bg: 'surface',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'control',
          overflow: 'hidden',
        })}
      >
        <svg
          viewBox={`0 0 ${CARD_IMAGE.width} ${CARD_IMAGE.height}`}
          className={`${block} ${css({ w: 'full' })}`}
        />
        <div className={css({ display: 'grid', gap: '2', p: '3' })}>
          <div className={`${block} ${css({ h: '5', w: '3/4' })}`} />
          <div className={`${block} ${css({ h: '4', w: '1/2' })}`} />
          <div className={`${block} ${css({ h: '6', w: '1/3', mt: '4' })}`} />
        </div>
      </div>
    </li>
  ));
}
