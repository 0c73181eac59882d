import type { CarButtonsVisibility } from '../../domain/car-buttons.ts';
import type { CarHit } from '../../domain/search-result.ts';
import { css } from '../../styled-system/css';
import { CarSaveControl } from './car-save-control.tsx';
import { CompareButton } from './compare-button.tsx';

/**
 * Save (the watchlist when signed in, else a local favourite) and compare (§5). The save control
 * applies the §5 rules itself and stays for a car already saved; compare is shown or hidden by the rule.
 */
export function CardButtons({ hit, buttons }: { hit: CarHit; buttons: CarButtonsVisibility }) {
  return (
    <div className={css({ display: 'flex', gap: '2' })}>
      <CarSaveControl car={hit} />
      {buttons.compare && <CompareButton car={hit} />}
    </div>
  );
}
