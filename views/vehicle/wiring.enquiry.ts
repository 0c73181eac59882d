import { enquiryMachine } from '../../machines/enquiry/enquiry.machine.ts';
import type { AppDeps } from '../app/app-deps.ts';
import { shopperContactReader } from '../app/wiring.contact.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';

/*
 * The car page's enquiry, apart from the page's wiring so its machine and the lead-sending code under
 * it load on intent, not with the page (decision 134): the car page machine loads this module and
 * spawns what it returns.
 */

/** The enquiry with its flows bound: the lead sent (its event, the car and category stored, `/success`). */
export function enquiryLogic(deps: AppDeps) {
  return enquiryMachine.provide({
    actors: { formSubmission: siteFormSubmissionLogic(deps), readContact: shopperContactReader(deps) },
  });
}
