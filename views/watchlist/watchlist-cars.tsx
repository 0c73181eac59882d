import { Link } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import type { WatchlistCar } from '../../domain/watchlist.ts';
import { css } from '../../styled-system/css';
import { CarPhoto } from '../ui/car-photo.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { SaveCarButton } from '../ui/save-car-button.tsx';

const item = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '8rem 1fr auto' },
  gap: '4',
  alignItems: 'center',
  p: '4',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
});
const soldBadge = css({
  display: 'inline-block',
  ml: '2',
  px: '2',
  bg: 'danger',
  color: 'brandFg',
  fontSize: 'xs',
  fontWeight: 'bold',
  borderRadius: 'control',
});

/**
 * The shopper's saved cars, newest first; a sold car is marked SOLD. Each row keeps its button after
 * a removal, so a car removed by mistake can be saved again until the page is left.
 */
export function WatchlistCars({ cars, searchPath }: { cars: readonly WatchlistCar[]; searchPath: string }) {
  if (cars.length === 0) {
    return (
      <p className={pageStyles.text}>
        No saved cars yet.{' '}
        <Link href={searchPath} className={pageStyles.link}>
          Browse our stock
        </Link>
      </p>
    );
  }
  return (
    <ul className={css({ display: 'grid', gap: '3', mt: '4', listStyle: 'none' })} aria-label="Saved cars">
      {cars.map((car) => (
        <li key={car.id} className={item} data-testid="watchlist-car" data-sold={car.sold}>
          {car.primary_image_url ? (
            <CarPhoto
              src={car.primary_image_url}
              alt={car.name}
              width={128}
              height={96}
              sizes="128px"
              loading="lazy"
              className={css({ aspectRatio: 'landscape', objectFit: 'cover', borderRadius: 'control' })}
            />
          ) : (
            <span />
          )}
          <div>
            <Link href={`/cars/${car.slug}`} className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
              {car.name}
            </Link>
            {car.sold && <span className={soldBadge}>SOLD</span>}
            <p className={pageStyles.text}>{car.price > 0 ? formatPrice(car.price) : ''}</p>
          </div>
          <SaveCarButton car={car} saved />
        </li>
      ))}
    </ul>
  );
}
