import { useIsSignedIn } from '../app/shell.tsx';
import { FavouriteButton, type FavouriteButtonCar } from './favourite-button.tsx';
import { SaveCarButton } from './save-car-button.tsx';

/**
 * The save control of a car card and the car page (`search-detail-finance-watchlist.md` §6): a
 * signed-in shopper saves to the watchlist (a phone on record is asked for first, §5); a visitor
 * keeps local favourites. Both buttons follow the §5 rules (`domain/car-buttons.ts`). The server and
 * hydration render from the server's word on the session, with nothing saved yet; the shopper's list
 * (loaded by the shell once the app has hydrated) shows after.
 */
export function CarSaveControl({ car }: { car: FavouriteButtonCar }) {
  const signedIn = useIsSignedIn();
  return signedIn ? <SaveCarButton car={car} /> : <FavouriteButton car={car} />;
}
