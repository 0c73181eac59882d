import { useSelector } from '@xstate/react';
import type { CarHit } from '../../domain/search-result.ts';
import type { MoreCarsActorRef } from '../../machines/more-cars/more-cars.machine.ts';
import {
  selectClearFailed,
  selectIsClearing,
  selectRecentCars,
  selectSimilarCars,
} from '../../machines/more-cars/more-cars.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { CarCard } from '../ui/car-card.tsx';

/** A card's width (a photo's `sizes`): the page in 1, 2 (`sm`) or 3 (`lg`) columns, as the home page's. */
const CARD_SIZES =
  '(min-width: 1200px) 379px, (min-width: 992px) calc(33.33vw - 21px), (min-width: 576px) calc(50vw - 24px), calc(100vw - 32px)';

const heading = css({ fontSize: '2xl', fontWeight: 'bold' });

function CarRow({ cars, nowSeconds }: { cars: readonly CarHit[]; nowSeconds: number }) {
  return (
    <ul
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      })}
    >
      {cars.map((car) => (
        <li key={car.objectID}>
          <CarCard hit={car} nowSeconds={nowSeconds} eager={false} sizes={CARD_SIZES} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "Similar cars" and "Recently viewed" (issue 37 item 7), each left out when it has no cars; the
 * recently viewed ones can be cleared from this browser.
 */
export function MoreCarsSections({
  actorRef,
  nowSeconds,
}: {
  actorRef: MoreCarsActorRef;
  nowSeconds: number;
}) {
  const similar = useSelector(actorRef, selectSimilarCars);
  const recent = useSelector(actorRef, selectRecentCars);
  const clearing = useSelector(actorRef, selectIsClearing);
  const clearFailed = useSelector(actorRef, selectClearFailed);
  if (similar.length === 0 && recent.length === 0) return null;
  return (
    <div className={css({ display: 'grid', gap: '10', pt: '4' })}>
      {similar.length > 0 && (
        <section aria-labelledby="similar-cars-title">
          <h2 id="similar-cars-title" className={`${heading} ${css({ mb: '4' })}`}>
            Similar cars
          </h2>
          <CarRow cars={similar} nowSeconds={nowSeconds} />
        </section>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="recent-cars-title">
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: '2',
              mb: '4',
            })}
          >
            <h2 id="recent-cars-title" className={heading}>
              Recently viewed
            </h2>
            <button
              type="button"
              className={button({ variant: 'ghost', size: 'sm' })}
              aria-busy={clearing || undefined}
              disabled={clearing}
              onClick={() => actorRef.send({ type: 'viewed.clear' })}
            >
              Clear
            </button>
          </div>
          {clearFailed && (
            <p role="alert" className={css({ mb: '3', color: 'danger' })}>
              Your recently viewed cars could not be cleared. Please try again.
            </p>
          )}
          <CarRow cars={recent} nowSeconds={nowSeconds} />
        </section>
      )}
    </div>
  );
}
