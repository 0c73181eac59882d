import { fromPromise } from 'xstate';
import { financePageMachine } from '../../machines/finance-application/finance-page.machine.ts';
import { fetchCarSummary } from '../../services/vehicle/car-summary.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';
import { gateCheck } from '../app/wiring.gated.ts';

/**
 * The finance page's machine with its calls bound (issue 17 item 4): where the route goes (the
 * dealer's own finance route; sign-in first on the personalised-flow dealer), the car of `car_id`,
 * and the application, sent as a site-wide form's lead (`form: 'finance'`).
 */
export function financePageLogic(deps: PageDeps) {
  const gate = gateCheck(deps);
  return financePageMachine.provide({
    actors: {
      checkRoute: fromPromise(async ({ input }) => {
        if (input.movedTo) return { go: 'moved' as const, url: input.movedTo };
        const decided = await gate(input);
        return decided.allowed || !decided.signInUrl
          ? { go: 'stay' as const }
          : { go: 'signIn' as const, url: decided.signInUrl };
      }),
      loadCar: fromPromise(({ input }) => fetchCarSummary(deps.http, input)),
      formSubmission: siteFormSubmissionLogic(deps),
    },
  });
}
