import type { FavouriteCar } from '../../domain/watchlist.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { favouritesMachine } from './favourites.machine.ts';

const car: FavouriteCar = {
  id: 501,
  slug: '2022-mazda-cx-5-touring-501',
  name: '2022 Mazda CX-5 Touring',
  price: 36_990,
  primary_image_url: '/media/vehicles/suv-white.svg',
};

/** The favourites' path tests: read from storage (empty, or with the car), add (event 39), remove. */
export const favouritesCatalogEntry = defineCatalogEntry(favouritesMachine, {
  summary: 'Favourites: loading → ready (add emits analytics 39, remove drops) | failed → retry',
  promiseInvokes: { readFavourites: 'readFavourites' },
  events: [
    { type: 'xstate.done.actor.readFavourites', output: [] },
    { type: 'xstate.done.actor.readFavourites', output: [car] },
    { type: 'xstate.error.actor.readFavourites', error: new Error('The saved favourites could not be read') },
    { type: 'favourite.add', car },
    { type: 'favourite.remove', carId: car.id },
  ],
  provide: { actions: { writeFavourites: () => {} } },
  notThroughUi: {
    'failed retry':
      'unreadable favourites hide every favourite button, and no page offers a retry: the next page load reads storage again',
    'ready favourite.add [isFavourite]':
      'a favourite’s button is pressed, so pressing it removes the car (favourite.remove); every button for a car shows it saved',
  },
});
