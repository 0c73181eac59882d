import { defineCatalogEntry } from '../catalog.types.ts';
import { formSubmissionMachine } from './form-submission.machine.ts';

/**
 * The site form's path tests: sent and stored, held back by the form's rules (on any submit, again
 * after a first refusal), refused by the server; and a parent's lead sent at once, stored or refused. A
 * page's own form starts with a signed-in shopper's details, or blank (issue 37 item 9).
 */
export const formSubmissionCatalogEntry = defineCatalogEntry(formSubmissionMachine, {
  summary:
    'Lead sender: a checked submit or a parent’s lead (form.send) → submitting → success (event, category, /success) | failure (alert) | refused (output)',
  inputs: [
    {
      category: 'General Enquiry',
      eventId: 22,
      successPath: '/success',
      form: 'contact',
      rules: { contact: true, postcode: true, dealershipCount: 1, categories: ['General Enquiry'] },
      readsContact: true,
    },
    // As a parent's lead-sending child: no details are read.
    {
      category: 'General Enquiry',
      eventId: 22,
      successPath: '/success',
      form: 'contact',
      rules: { contact: true, postcode: true, dealershipCount: 1, categories: ['General Enquiry'] },
    },
  ],
  promiseInvokes: { submitForm: 'submitForm', readContact: 'readContact' },
  events: [
    {
      type: 'xstate.done.actor.readContact',
      output: { name: null, email: 'jo@example.com', phone: '0412 345 678' },
    },
    { type: 'xstate.done.actor.readContact', output: null },
    { type: 'xstate.error.actor.readContact', error: new Error('Network error') },
    {
      type: 'form.submit',
      values: { name: 'Jo', email: 'jo@example.com', postcode: '4000', message: 'Hello' },
    },
    {
      type: 'form.submit',
      values: { name: 'Jo', email: 'jo@example.com', postcode: '400', message: 'Hello' },
    },
    // What a parent (the enquiry, the test-drive booking) hands over once its steps are checked.
    {
      type: 'form.send',
      values: { name: 'Jo', email: 'jo@example.com', message: 'Is it still available?', car_id: 501 },
    },
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
