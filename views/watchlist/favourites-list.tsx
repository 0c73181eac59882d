import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import {
  selectFavourites,
  selectIsFavouritesReady,
  selectIsFavouritesUnavailable,
} from '../../machines/favourites/favourites.selectors.ts';
import { css } from '../../styled-system/css';
import { useSavedCars } from '../app/shell.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { SaveCarButton } from '../ui/save-car-button.tsx';

/**
 * The visitor's local favourites (§3 "a local list of cars"), kept in this browser: each can be saved
 * to the watchlist (which signs the shopper in first) or dropped.
 */
export function FavouritesList() {
  const { favourites } = useSavedCars();
  const cars = useSelector(favourites, selectFavourites);
  const ready = useSelector(favourites, selectIsFavouritesReady);
  const unavailable = useSelector(favourites, selectIsFavouritesUnavailable);
  if (unavailable) return <p className={pageStyles.text}>Favourites need this browser’s local storage.</p>;
  if (!ready) return <p className={pageStyles.text}>Loading your favourites…</p>;
  if (cars.length === 0) return <p className={pageStyles.text}>You have no favourites on this device.</p>;
  return (
    <ul className={css({ display: 'grid', gap: '3', mt: '4', listStyle: 'none' })} aria-label="Favourites">
      {cars.map((car) => (
        <li
          key={car.id}
          data-testid="favourite-car"
          className={css({
            p: '4',
            bg: 'surface',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'control',
          })}
        >
          <Link href={`/cars/${car.slug}`} className={css({ fontWeight: 'bold' })}>
            {car.name}
          </Link>
          {car.price !== null && car.price > 0 && (
            <span className={pageStyles.text}> · {formatPrice(car.price)}</span>
          )}
          <div className={pageStyles.row}>
            {/* A favourite was for sale when added; the server has the last word on saving it. */}
            <SaveCarButton car={{ ...car, status: 'in_stock' }} />
            <button
              type="button"
              className={pageStyles.secondary}
              aria-label={`Remove ${car.name} from favourites`}
              onClick={() => favourites.send({ type: 'favourite.remove', carId: car.id })}
            >
              Remove
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
