import { fromPromise } from 'xstate';
import type { AnalyticsEventId } from '../../domain/analytics.ts';
import { formSubmissionMachine } from '../../machines/form-submission/form-submission.machine.ts';
import { writeLeadSuccess } from '../../services/leads/lead-success.storage.ts';
import { sendLead } from '../../services/leads/leads.service.ts';
import { browserStorage } from '../../services/storage/browser-storage.ts';
import { alertMessage, goTo } from '../ui/browser-effects.ts';
import type { AppDeps } from './app-deps.ts';
import { shopperContactReader } from './wiring.contact.ts';
import { analyticsTracker } from './wiring.ts';

/**
 * The one lead-sending machine (`formSubmission`), as a form page runs it and as a machine that
 * invokes it provides it (the finance page, the car page's enquiry, the test-drive booking): the lead
 * sent, its event recorded (with the car, when there is one), the category and car stored, `/success`;
 * a page's own form starts with a signed-in shopper's details (`readContact`).
 */
export function siteFormSubmissionLogic(deps: AppDeps) {
  const send = sendLead(deps.http);
  const track = analyticsTracker(deps);
  return formSubmissionMachine.provide({
    actors: { submitForm: fromPromise(({ input }) => send(input)), readContact: shopperContactReader(deps) },
    actions: {
      recordEvent: (_, { eventId, carId }) =>
        track({
          event_id: eventId as AnalyticsEventId,
          ...(carId !== undefined ? { car_id: carId } : {}),
          path: globalThis.location?.pathname ?? null,
        }),
      storeCategory: (_, { category, carName, carId }) =>
        writeLeadSuccess(browserStorage(), { category, carName: carName ?? null, carId: carId ?? null }),
      navigate: (_, { path }) => {
        if (path) goTo(path);
      },
      alertFailure: (_, { message }) => alertMessage(message),
    },
  });
}
