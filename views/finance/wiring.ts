import { fromPromise } from 'xstate';
import { financePageMachine } from '../../machines/finance-application/finance-page.machine.ts';
import { fetchCarSummary } from '../../services/vehicle/car-summary.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';
import { gatedRouteLogic } from '../app/wiring.gated.ts';

/**
 * The finance page's machine with its calls bound (issue 17 item 4): the gate (its child, reading who
 * the visitor is with their cookie; sign-in first on the personalised-flow dealer), the car of
 * `car_id`, and the application, sent as a site-wide form's lead (`form: 'finance'`).
 */
export function financePageLogic(deps: PageDeps) {
  return financePageMachine.provide({
    actors: {
      gate: gatedRouteLogic(deps),
      loadCar: fromPromise(({ input }) => fetchCarSummary(deps.http, input)),
      formSubmission: siteFormSubmissionLogic(deps),
    },
  });
}
