import { fromPromise } from 'xstate';
import { successPageMachine } from '../../machines/form-submission/success-page.machine.ts';
import { readLeadSuccess } from '../../services/leads/lead-success.storage.ts';
import { browserStorage } from '../../services/storage/browser-storage.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';

/*
 * The lead forms' wiring (issue 15): the site-wide form pages and `/success`; the test-drive booking's
 * is `wiring.test-drive.ts`, so a contact page does not load the booking's machine. Every lead goes
 * through the one lead-sending machine (`siteFormSubmissionLogic`), whose service keys each
 * submission so a resend finds its lead.
 */

/** A site-wide form page's machine: the lead sent, event 22 or 51 recorded, the category stored, `/success`. */
export const siteFormPageLogic = siteFormSubmissionLogic;

/** `/success`: what the sent form stored in this browser (nothing on the server). */
export function successPageLogic(_deps: PageDeps) {
  return successPageMachine.provide({
    actors: { load: fromPromise(async () => readLeadSuccess(browserStorage())) },
  });
}
