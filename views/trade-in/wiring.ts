import { fromPromise } from 'xstate';
import { ANALYTICS_EVENTS } from '../../domain/analytics.ts';
import { photoUploadMachine } from '../../machines/trade-in/photo-upload.machine.ts';
import { tradeInMachine } from '../../machines/trade-in/trade-in.machine.ts';
import { tradeInCalls } from '../../services/trade-in/trade-in.service.ts';
import { fetchCarSummary } from '../../services/vehicle/car-summary.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { shopperContactReader } from '../app/wiring.contact.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';
import { analyticsTracker } from '../app/wiring.ts';
import { alertMessage } from '../ui/browser-effects.ts';

/**
 * The trade-in page's machine with its calls bound (issue 16): the look-up, the choice, each photo
 * (Step Three's child), the valuation, the lead through the one lead-sending child (as the car page's
 * enquiry binds it, with its form event), the offer's acceptance as a lead update (event 18), and a
 * signed-in shopper's details for Step Four. Each actor's input is
 * its service's parameter, passed as it is.
 */
export function tradeInPageLogic(deps: PageDeps) {
  const { http } = deps;
  const calls = tradeInCalls(http);
  const track = analyticsTracker(deps);
  return tradeInMachine.provide({
    actors: {
      loadCar: fromPromise(({ input }) => fetchCarSummary(http, input)),
      lookUpRego: fromPromise(({ input }) => calls.lookUpRego(input)),
      chooseDescription: fromPromise(({ input }) => calls.chooseDescription(input)),
      photoUpload: photoUploadMachine.provide({
        actors: { uploadImage: fromPromise(({ input }) => calls.uploadImage(input)) },
        actions: { alertMessage: (_, { message }) => alertMessage(message) },
      }),
      valueCar: fromPromise(({ input }) => calls.valueCar(input)),
      // The lead with its tracking event (§7 Calls: "plus a tracking event", the form default 22);
      // nothing is kept for `/success`, as the wizard goes on to its offer.
      formSubmission: siteFormSubmissionLogic(deps).provide({ actions: { storeCategory: () => {} } }),
      acceptOffer: fromPromise(({ input }) => calls.acceptOffer(input)),
      readContact: shopperContactReader(deps),
    },
    actions: {
      saveValuation: (_, { record }) => {
        if (!record) return;
        calls.saveValuation(record).catch(() => console.error('Failed to save valuation data'));
      },
      recordAccepted: (_, { carId }) =>
        track({
          event_id: ANALYTICS_EVENTS.tradeInAccepted,
          car_id: carId,
          path: globalThis.location?.pathname ?? null,
        }),
    },
  });
}
