import type { CarButtonsVisibility } from '../../domain/car-buttons.ts';
import { css } from '../../styled-system/css';

/** Favourite and compare (§5): shown or hidden by the rule; their actions come with the watchlist. */
export function CardButtons({ name, buttons }: { name: string; buttons: CarButtonsVisibility }) {
  if (!buttons.favourite && !buttons.compare) return null;
  const button = css({
    px: '2',
    py: '1',
    fontSize: 'sm',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'surface',
    whiteSpace: 'nowrap',
    _disabled: { cursor: 'not-allowed', color: 'fgMuted' },
  });
  return (
    <div className={css({ display: 'flex', gap: '2' })}>
      {buttons.favourite && (
        <button type="button" className={button} aria-label={`Save ${name} to favourites`} disabled>
          ♡ Save
        </button>
      )}
      {buttons.compare && (
        <button type="button" className={button} aria-label={`Compare ${name}`} disabled>
          Compare
        </button>
      )}
    </div>
  );
}
