import { fromPromise } from 'xstate';
import { testDriveBookingMachine } from '../../machines/test-drive/test-drive-booking.machine.ts';
import { fetchTestDriveSlots } from '../../services/leads/leads.service.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { shopperContactReader } from '../app/wiring.contact.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';

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
