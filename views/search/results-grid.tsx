import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import { carDistanceKm } from '../../domain/distance-filter.ts';
import { FINANCE_DISCLAIMER } from '../../domain/finance-rules.ts';
import { withPromoCards } from '../../domain/search-listing.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import {
  selectHasResult,
  selectHits,
  selectIsLoading,
  selectIsStale,
  selectNearPlace,
  selectNowSeconds,
} from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { CarCard as CarCardAll } from '../ui/car-card.tsx';
import { cardFinance } from '../ui/car-card-parts.tsx';
import { PromoCard } from '../ui/promo-card.tsx';
import { listingPromos } from './promo-card.tsx';
import { CardSkeletons } from './search-skeleton.tsx';

/**
 * A card re-renders only when its hit changes: a search starting or ending marks the grid busy,
 * which must not re-render every card before the request leaves or the results paint.
 */
const CarCard = memo(CarCardAll);

/** Cards in the first row at the widest layout: their photos load eagerly. */
const FIRST_ROW = 3;

/**
 * A card's width in the grid below (a photo's `sizes`): the page (1200px at most, 1rem padding each
 * side), from `lg` less the 16rem filters and their 1.5rem gap, in 1, 2 (`sm`) or 3 (`xl`) columns
 * 1rem apart.
 */
const LISTING_CARD_SIZES =
  '(min-width: 1200px) 286px, (min-width: 992px) calc(50vw - 164px), (min-width: 576px) calc(50vw - 24px), calc(100vw - 32px)';

/**
 * The results grid: car cards with the promotional cards at positions 8 and 17 (spec §2, §9). While
 * a search runs the last results stay, marked busy and stale; before the first, skeleton cards hold
 * the grid's size.
 */
export function ResultsGrid({ actorRef }: { actorRef: SearchActorRef }) {
  const site = useSite();
  const hits = useSelector(actorRef, selectHits);
  const hasResult = useSelector(actorRef, selectHasResult);
  const stale = useSelector(actorRef, selectIsStale);
  const loading = useSelector(actorRef, selectIsLoading);
  const nowSeconds = useSelector(actorRef, selectNowSeconds);
  const near = useSelector(actorRef, selectNearPlace);
  // The same elements while the hits stay: a search starting or ending re-renders the grid's
  // busy marks only, not the cards or the promotions.
  const cards = useMemo(
    () =>
      withPromoCards(hits, listingPromos(site)).map((item, index) =>
        item.kind === 'hit' ? (
          <li key={item.hit.objectID}>
            <CarCard
              hit={item.hit}
              nowSeconds={nowSeconds}
              eager={index < FIRST_ROW}
              sizes={LISTING_CARD_SIZES}
              distanceKm={carDistanceKm(item.hit._geoloc, near)}
            />
          </li>
        ) : (
          <li key={`promo-${item.promo.href}`}>
            <PromoCard promo={item.promo} />
          </li>
        ),
      ),
    [hits, site, nowSeconds, near],
  );
  const showsFinance = useMemo(
    () => hits.some((hit) => cardFinance(hit, site, nowSeconds) !== null),
    [hits, site, nowSeconds],
  );
  return (
    <>
      <h2 className={css({ srOnly: true })}>Results</h2>
      {/* A bar over the grid while a search runs: the kept results stay fully legible. */}
      <div
        aria-hidden="true"
        data-loading={loading || undefined}
        className={css({ h: '1', mb: '2', borderRadius: 'full', '&[data-loading]': { bg: 'accent' } })}
      />
      <ul
        aria-label="Search results"
        aria-busy={loading}
        data-stale={stale || undefined}
        className={css({
          display: 'grid',
          gridTemplateColumns: {
            base: 'repeat(1, minmax(0, 1fr))',
            sm: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
          gap: '4',
          listStyle: 'none',
        })}
      >
        {!hasResult && loading && <CardSkeletons count={site.search.page_size} />}
        {cards}
      </ul>
      {showsFinance && (
        <p
          data-testid="listing-finance-disclaimer"
          className={css({ mt: '3', fontSize: 'sm', color: 'fgMuted' })}
        >
          * {FINANCE_DISCLAIMER}
        </p>
      )}
    </>
  );
}
