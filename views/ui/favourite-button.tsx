import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { type CarButtonsFacts, carButtons } from '../../domain/car-buttons.ts';
import type { FavouriteCar } from '../../domain/watchlist.ts';
import {
  selectIsFavourite,
  selectIsFavouritesReady,
  selectIsFavouritesUnavailable,
} from '../../machines/favourites/favourites.selectors.ts';
import { useSavedCars } from '../app/shell.tsx';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from './page-styles.ts';

/** What the button reads of a car: a `Car` or a search record will do. */
export interface FavouriteButtonCar extends CarButtonsFacts {
  id: number;
  slug: string;
  name: string;
}

/**
 * Adds a car to the visitor's local favourites or drops it (§4 Favourites: adding records analytics
 * event 39). Shown by the §5 rules (`domain/car-buttons.ts`: hidden when not for sale, no price, no
 * images in garage mode, or the storage setting is off), and always for a car already a favourite so
 * it can be dropped; hidden where the browser keeps no storage.
 */
export function FavouriteButton({ car }: { car: FavouriteButtonCar }) {
  const site = useSite();
  const { favourites } = useSavedCars();
  const isFavourite = useMemo(() => selectIsFavourite(car.id), [car.id]);
  const ready = useSelector(favourites, selectIsFavouritesReady);
  const unavailable = useSelector(favourites, selectIsFavouritesUnavailable);
  const favourite = useSelector(favourites, isFavourite);
  const rules = carButtons(car, {
    garageEnabled: site.garage_enabled,
    favouritesStorageOff: site.features.favouritesStorageOff,
  });
  if (unavailable || (!favourite && !rules.favourite)) return null;
  const entry: FavouriteCar = {
    id: car.id,
    slug: car.slug,
    name: car.name,
    price: car.price,
    primary_image_url: car.primary_image_url ?? car.images?.[0] ?? null,
  };
  return (
    <button
      type="button"
      className={pageStyles.secondary}
      aria-label={`Add ${car.name} to favourites`}
      aria-pressed={favourite}
      disabled={!ready}
      data-testid="favourite-button"
      onClick={() =>
        favourites.send(
          favourite ? { type: 'favourite.remove', carId: car.id } : { type: 'favourite.add', car: entry },
        )
      }
    >
      {/* The visible word stays inside the accessible name (WCAG 2.5.3); aria-pressed says added. */}
      <span aria-hidden="true">{favourite ? '★' : '☆'}</span> Favourites
    </button>
  );
}
