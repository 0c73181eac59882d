import type { CarButtonsVisibility } from '../../domain/car-buttons.ts';
import type { CarHit } from '../../domain/search-result.ts';
import { css } from '../../styled-system/css';
import { CarSaveControl } from '../ui/car-save-control.tsx';

/**
 * Save (the watchlist when signed in, else a local favourite) and compare (§5). The save control
 * applies the §5 rules itself and stays for a car already saved; compare is shown or hidden by the
 * rule and its action comes with the compare issue.
 */
export function CardButtons({ hit, buttons }: { hit: CarHit; buttons: CarButtonsVisibility }) {
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
      <CarSaveControl car={hit} />
      {buttons.compare && (
        <button type="button" className={button} aria-label={`Compare ${hit.name}`} disabled>
          Compare
        </button>
      )}
    </div>
  );
}
