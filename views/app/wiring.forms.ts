import { fromPromise } from 'xstate';
import type { AnalyticsEventId } from '../../domain/analytics.ts';
import { type SiteFormId, siteFormSubmission } from '../../domain/site-form-pages.ts';
import { formSubmissionMachine } from '../../machines/form-submission/form-submission.machine.ts';
import { leadOrigin } from '../../services/leads/lead-origin.ts';
import { writeLeadSuccess } from '../../services/leads/lead-success.storage.ts';
import { leadSender } from '../../services/leads/leads.service.ts';
import { browserStorage } from '../../services/storage/browser-storage.ts';
import { alertMessage, goTo } from '../ui/browser-effects.ts';
import type { PageDeps } from './app-deps.ts';
import { analyticsTracker } from './wiring.ts';

/**
 * A site-wide form's submission (`formSubmission`), as a form page runs it and as a page that holds a
 * form as its child (the finance page) provides it: the lead sent, event 22 or 51 recorded, the
 * category stored, `/success`.
 */
export function siteFormSubmissionLogic(deps: PageDeps) {
  const send = leadSender(deps.http);
  const track = analyticsTracker(deps);
  return formSubmissionMachine.provide({
    actors: {
      submitForm: fromPromise(({ input }) =>
        send(
          siteFormSubmission(
            { id: input.form as SiteFormId, category: String(input.values.category ?? '') },
            input.values,
            leadOrigin(),
          ),
        ),
      ),
    },
    actions: {
      recordEvent: (_, { eventId }) =>
        track({ event_id: eventId as AnalyticsEventId, path: globalThis.location?.pathname ?? null }),
      storeCategory: (_, { category }) =>
        writeLeadSuccess(browserStorage(), { category, carName: null, carId: null }),
      navigate: (_, { path }) => {
        if (path) goTo(path);
      },
      alertFailure: (_, { message }) => alertMessage(message),
    },
  });
}
