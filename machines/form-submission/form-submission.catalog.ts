import { defineCatalogEntry } from '../catalog.types.ts';
import { formSubmissionMachine } from './form-submission.machine.ts';

/** The site form's path tests: sent and stored, refused by the browser, refused by the server. */
export const formSubmissionCatalogEntry = defineCatalogEntry(formSubmissionMachine, {
  summary:
    'Site form: idle → submitting (busy) → success (event, category, /success) | failure (alert; send again); invalid waits',
  input: { category: 'General Enquiry', eventId: 22, successPath: '/success', form: 'contact' },
  promiseInvokes: { submitForm: 'submitForm' },
  events: [
    { type: 'form.submit', values: { name: 'Jo', email: 'jo@example.com', message: 'Hello' } },
    { type: 'form.invalid', fieldErrors: { postcode: 'Invalid postcode. Please enter a 4-digit number.' } },
    { type: 'xstate.done.actor.submitForm', output: { lead_id: '00000000-0000-4000-8000-000000000001' } },
    {
      type: 'xstate.error.actor.submitForm',
      // A refusal as the service throws it: the server's message and its field errors.
      error: Object.assign(new Error('Please choose a dealership'), {
        details: { status: 422, fields: { dealership_slug: 'Please choose a dealership' } },
      }),
    },
  ],
  provide: {
    actions: { recordEvent: () => {}, storeCategory: () => {}, navigate: () => {}, alertFailure: () => {} },
  },
});
