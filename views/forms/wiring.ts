import { fromPromise } from 'xstate';
import { successPageMachine } from '../../machines/form-submission/success-page.machine.ts';
import { testDriveBookingMachine } from '../../machines/test-drive/test-drive-booking.machine.ts';
import { readLeadSuccess } from '../../services/leads/lead-success.storage.ts';
import { fetchTestDriveSlots } from '../../services/leads/leads.service.ts';
import { browserStorage } from '../../services/storage/browser-storage.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { shopperContactReader } from '../app/wiring.contact.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';

/*
 * The lead forms' wiring (issue 15): the site-wide form pages, the test-drive booking and `/success`.
 * Every lead goes through the one lead-sending machine (`siteFormSubmissionLogic`), whose service
 * keys each submission so a resend finds its lead.
 */

/** A site-wide form page's machine: the lead sent, event 22 or 51 recorded, the category stored, `/success`. */
export const siteFormPageLogic = siteFormSubmissionLogic;

/**
 * `/book-test-drive` and `/service`: the free times, a signed-in shopper's details, and the booking
 * sent by the lead-sending child (event 17 or 48, the car stored, `/success`).
 */
export function testDrivePageLogic(deps: PageDeps) {
  return testDriveBookingMachine.provide({
    actors: {
      loadSlots: fromPromise(({ input }) => fetchTestDriveSlots(deps.http, input)),
      formSubmission: siteFormSubmissionLogic(deps),
      readContact: shopperContactReader(deps),
    },
  });
}

/** `/success`: what the sent form stored in this browser (nothing on the server). */
export function successPageLogic(_deps: PageDeps) {
  return successPageMachine.provide({
    actors: { load: fromPromise(async () => readLeadSuccess(browserStorage())) },
  });
}
