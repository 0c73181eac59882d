import { fromPromise } from 'xstate';
import { siteFormSubmission, TEST_DRIVE_CATEGORY } from '../../domain/site-form-pages.ts';
import { successPageMachine } from '../../machines/form-submission/success-page.machine.ts';
import { testDriveBookingMachine } from '../../machines/test-drive/test-drive-booking.machine.ts';
import { leadOrigin } from '../../services/leads/lead-origin.ts';
import { readLeadSuccess, writeLeadSuccess } from '../../services/leads/lead-success.storage.ts';
import { fetchTestDriveSlots, leadSender } from '../../services/leads/leads.service.ts';
import { browserStorage } from '../../services/storage/browser-storage.ts';
import type { PageDeps } from '../app/app-deps.ts';
import { siteFormSubmissionLogic } from '../app/wiring.forms.ts';
import { analyticsTracker } from '../app/wiring.ts';
import { goTo } from '../ui/browser-effects.ts';

/*
 * The lead forms' wiring (issue 15): the site-wide form pages, the test-drive booking and `/success`.
 * Leads go through `leadSender`, which keys each submission so a resend finds its lead.
 */

/** A site-wide form page's machine: the lead sent, event 22 or 51 recorded, the category stored, `/success`. */
export const siteFormPageLogic = siteFormSubmissionLogic;

/** `/book-test-drive`: the free times and the booking, event 17 or 48, the category and car stored, `/success`. */
export function testDrivePageLogic(deps: PageDeps) {
  const send = leadSender(deps.http);
  const track = analyticsTracker(deps);
  return testDriveBookingMachine.provide({
    actors: {
      loadSlots: fromPromise(({ input }) => fetchTestDriveSlots(deps.http, input)),
      submitBooking: fromPromise(({ input }) =>
        send(testDriveSubmission(input.location, input.carId, input.values)),
      ),
    },
    actions: {
      recordEvent: (_, { eventId, carId }) =>
        track({ event_id: eventId, car_id: carId, path: globalThis.location?.pathname ?? null }),
      storeSuccess: (_, success) => writeLeadSuccess(browserStorage(), success),
      navigate: (_, { path }) => goTo(path),
    },
  });

  function testDriveSubmission(location: string, carId: number | null, values: Record<string, unknown>) {
    const submission = siteFormSubmission(
      { id: 'testDrive', category: TEST_DRIVE_CATEGORY },
      { ...values, location, subcategory: TEST_DRIVE_CATEGORY },
      leadOrigin(),
    );
    if (carId !== null) submission.userData.car_id = carId;
    return submission;
  }
}

/** `/success`: what the sent form stored in this browser (nothing on the server). */
export function successPageLogic(_deps: PageDeps) {
  return successPageMachine.provide({
    actors: { load: fromPromise(async () => readLeadSuccess(browserStorage())) },
  });
}
