import { useEffect } from 'react';
import { useIsSignedIn, useSavedCars } from '../app/shell.tsx';
import { FavouriteButton, type FavouriteButtonCar } from './favourite-button.tsx';
import { SaveCarButton } from './save-car-button.tsx';

/**
 * The save control of a car card and the car page (`search-detail-finance-watchlist.md` §6): a
 * signed-in shopper saves to the watchlist (a phone on record is asked for first, §5); a visitor
 * keeps local favourites. Both buttons follow the §5 rules (`domain/car-buttons.ts`). The server and
 * hydration render from the server's word on the session, with nothing saved yet; the shopper's list
 * (loaded here, once per app) shows after hydration.
 */
export function CarSaveControl({ car }: { car: FavouriteButtonCar }) {
  const { watchlist } = useSavedCars();
  const signedIn = useIsSignedIn();
  useEffect(() => watchlist.send({ type: 'list.load' }), [watchlist]);
  return signedIn ? <SaveCarButton car={car} /> : <FavouriteButton car={car} />;
}
