import { fromPromise } from 'xstate';
import { ANALYTICS_EVENTS } from '../../domain/analytics.ts';
import type { DetailsStepInput } from '../../domain/trade-in.ts';
import { tradeInMachine } from '../../machines/trade-in/trade-in.machine.ts';
import { leadOrigin } from '../../services/leads/lead-origin.ts';
import { leadSender } from '../../services/leads/leads.service.ts';
import {
  chooseDescription,
  lookUpRego,
  offerAcceptance,
  saveValuationRecord,
  tradeInLead,
  uploadImage,
  valueCar,
} from '../../services/trade-in/trade-in.service.ts';
import { fetchCarSummary } from '../../services/vehicle/car-summary.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { analyticsTracker } from '../app/wiring.ts';
import { alertMessage } from '../ui/browser-effects.ts';

/**
 * The trade-in page's machine with its calls bound (issue 16): the look-up, the choice, each photo,
 * then the valuation and the lead in one step (the offer comes back with the lead's id), and the
 * offer's acceptance as a lead update (event 18).
 */
export function tradeInPageLogic(deps: PageDeps) {
  const { http } = deps;
  const sendLead = leadSender(http);
  const track = analyticsTracker(deps);
  return tradeInMachine.provide({
    actors: {
      loadCar: fromPromise(({ input }) => fetchCarSummary(http, input.carId)),
      lookUpRego: fromPromise(({ input }) => lookUpRego(http, input)),
      chooseDescription: fromPromise(({ input }) => chooseDescription(http, input)),
      uploadImage: fromPromise(({ input }) => uploadImage(http, input)),
      submitDetails: fromPromise(async ({ input }) => {
        const details = input.values as DetailsStepInput & { odometer: number };
        const [valued] = await valueCar(http, {
          evalId: String(input.record.EvalID ?? ''),
          km: Number(details.odometer),
          condition: String(details.car_condition),
          name: details.name,
          email: details.email,
          phone: details.phone,
        });
        const record = { ...input.record, ...valued };
        const { lead_id } = await sendLead(
          tradeInLead(
            record,
            input.rego,
            details,
            { carId: input.carId, dealershipSlug: input.dealershipSlug },
            leadOrigin(),
          ),
        );
        return { record, leadId: lead_id };
      }),
      acceptOffer: fromPromise(({ input }) => sendLead(offerAcceptance(input.leadId))),
    },
    actions: {
      alertMessage: (_, { message }) => alertMessage(message),
      saveValuation: (_, { record }) => {
        saveValuationRecord(http, record).catch(() => console.error('Failed to save valuation data'));
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
