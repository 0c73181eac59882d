import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type CarButtonsFacts, carButtons } from '../../domain/car-buttons.ts';
import {
  selectIsChanging,
  selectIsSaved,
  selectIsWatchlistReady,
  selectWatchlistError,
} from '../../machines/watchlist/watchlist.selectors.ts';
import { useSavedCars } from '../app/shell.tsx';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from './page-styles.ts';

/** What the button reads of a car: a `Car` or a search record will do. */
export interface SaveCarButtonCar extends CarButtonsFacts {
  id: number;
  name: string;
}

/**
 * Saves a car to the shopper's watchlist or removes it (§4 Watchlist): the list changes at once and
 * the server follows; a shopper without a phone on record goes to sign-in first. Shown by the §5
 * favourite-button rules (`domain/car-buttons.ts`), and always for a car already saved so it can be
 * removed. `saved` is what to show until the shopper's list has loaded (a server-rendered list of
 * saved cars passes `true`); it defaults to false.
 */
export function SaveCarButton({
  car,
  saved: savedBeforeLoad = false,
}: {
  car: SaveCarButtonCar;
  saved?: boolean;
}) {
  const site = useSite();
  const { watchlist } = useSavedCars();
  const [path] = useLocation();
  const search = useSearch();
  const isSaved = useMemo(() => selectIsSaved(car.id), [car.id]);
  const isChanging = useMemo(() => selectIsChanging(car.id), [car.id]);
  const ready = useSelector(watchlist, selectIsWatchlistReady);
  const failed = useSelector(watchlist, selectWatchlistError) !== null;
  const savedNow = useSelector(watchlist, isSaved);
  const changing = useSelector(watchlist, isChanging);

  const saved = ready ? savedNow : savedBeforeLoad;
  const rules = carButtons(car, {
    garageEnabled: site.garage_enabled,
    favouritesStorageOff: site.features.favouritesStorageOff,
  });
  if (failed || (!saved && !rules.favourite)) return null;
  const ref = { id: car.id, name: car.name };
  return (
    <button
      type="button"
      className={pageStyles.secondary}
      aria-label={`Save ${car.name} to watchlist`}
      aria-pressed={saved}
      aria-busy={changing}
      disabled={!ready}
      data-testid="save-car-button"
      onClick={() =>
        watchlist.send(
          saved
            ? { type: 'car.remove', car: ref }
            : { type: 'car.save', car: ref, from: search ? `${path}?${search}` : path },
        )
      }
    >
      {/* The visible words stay inside the accessible name (WCAG 2.5.3); aria-pressed says saved. */}
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span> Save
    </button>
  );
}
