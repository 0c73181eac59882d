import { Link } from 'wouter';
import type { CarHit } from '../../domain/search-result.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { CarCard } from '../ui/car-card.tsx';

/**
 * A card's width in the featured list (a photo's `sizes`): the page (1200px at most, 1rem padding
 * each side) in 1, 2 (`sm`) or 3 (`lg`) columns 1rem apart.
 */
const FEATURED_CARD_SIZES =
  '(min-width: 1200px) 379px, (min-width: 992px) calc(33.33vw - 21px), (min-width: 576px) calc(50vw - 24px), calc(100vw - 32px)';

/**
 * The home page's featured stock (issue 18 item 6): the limited hit list's cars — the newest in
 * stock of the dealer's featured types — as the listing's cards, and a link to the whole listing.
 * Left out when the dealer has none in stock.
 */
export function FeaturedStock({ cars, nowSeconds }: { cars: readonly CarHit[]; nowSeconds: number }) {
  const site = useSite();
  if (cars.length === 0) return null;
  return (
    <section aria-labelledby="featured-title">
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: '2',
          mb: '4',
        })}
      >
        <h2 id="featured-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          Featured stock
        </h2>
        <Link
          href={site.search.path}
          className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
        >
          View all stock
        </Link>
      </div>
      <ul
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        })}
      >
        {cars.map((car) => (
          <li key={car.objectID}>
            <CarCard hit={car} nowSeconds={nowSeconds} eager={false} sizes={FEATURED_CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
