import { fromPromise } from 'xstate';
import type { OfferForm } from '../../../domain/offer-form.ts';
import {
  type ChosenPicture,
  offersPageMachine,
} from '../../../machines/console-offers/offers-page.machine.ts';
import {
  endOffer,
  fetchConsoleOffers,
  saveOffer,
  uploadOfferImage,
} from '../../../services/console/offers.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The offers page's machine, its list, picture upload, save and ending bound to the server (with the staff cookie). */
export function offersPageLogic({ http }: ConsolePageDeps) {
  return offersPageMachine.provide({
    actors: {
      loadOffers: fromPromise(() => fetchConsoleOffers(http)),
      uploadImage: fromPromise(({ input }: { input: ChosenPicture }) => uploadOfferImage(http, input)),
      saveOffer: fromPromise(({ input }: { input: { id: number | null; form: OfferForm } }) =>
        saveOffer(http, input),
      ),
      endOffer: fromPromise(({ input }: { input: { id: number } }) => endOffer(http, input)),
    },
  });
}
