import { fromPromise } from 'xstate';
import { ANALYTICS_EVENTS } from '../../domain/analytics.ts';
import { photoUploadMachine } from '../../machines/trade-in/photo-upload.machine.ts';
import { tradeInMachine } from '../../machines/trade-in/trade-in.machine.ts';
import { tradeInCalls } from '../../services/trade-in/trade-in.service.ts';
import { fetchCarSummary } from '../../services/vehicle/car-summary.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { analyticsTracker } from '../app/wiring.ts';
import { alertMessage } from '../ui/browser-effects.ts';

/**
 * The trade-in page's machine with its calls bound (issue 16): the look-up, the choice, each photo
 * (Step Three's child), then the valuation and the lead in one step (the offer comes back with the
 * lead's id), and the offer's acceptance as a lead update (event 18). Each actor's input is its
 * service's parameter, passed as it is.
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
      submitDetails: fromPromise(({ input }) => calls.submitDetails(input)),
      acceptOffer: fromPromise(({ input }) => calls.acceptOffer(input)),
    },
    actions: {
      saveValuation: (_, { record }) => {
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
