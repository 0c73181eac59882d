import { defineCatalogEntry } from '../catalog.types.ts';
import { type EnquiryInput, enquiryMachine } from './enquiry.machine.ts';

/**
 * The car the path tests and the unit tests (`tests/unit/machines/enquiry.machine.test.ts`,
 * `less-typing.test.ts`) enquire about.
 */
export const enquiryCatalogInput: EnquiryInput = {
  car: {
    id: 501,
    slug: '2022-mazda-cx-5-maxx-501',
    name: '2022 Mazda CX-5 Maxx',
    make: 'Mazda',
    model: 'CX-5',
    car_type: 'used',
    status: 'in_stock',
    stocknum: 'BM1001',
    dealership_id: 11,
    dealership_slug: 'bayside-mazda',
    tag: null,
  },
  manufacturerSlug: 'mazda',
  rules: { contact: true, dealershipCount: 1, categories: ['Vehicle Enquiry'] },
};

/**
 * The enquiry's path tests: both steps to /success, each step held back by the form's rules, Back
 * keeping step 2's values, a photo request, a refusal; a signed-in shopper's details filled in (issue 37
 * item 9) or a visitor's left blank.
 */
export const enquiryCatalogEntry = defineCatalogEntry(enquiryMachine, {
  summary:
    'Car enquiry: message → details → submitting → success (event, stored, /success) | failure (error or the spec’s text); photos skip step 1',
  input: enquiryCatalogInput,
  promiseInvokes: { formSubmission: 'formSubmission', readContact: 'readContact' },
  events: [
    {
      type: 'xstate.done.actor.readContact',
      output: { name: null, email: 'jo@example.com', phone: '0412 345 678' },
    },
    { type: 'xstate.done.actor.readContact', output: null },
    { type: 'xstate.error.actor.readContact', error: new Error('Network error') },
    { type: 'enquiry.next', values: { message: 'Is it still available?' } },
    { type: 'enquiry.next', values: { message: '' } },
    { type: 'enquiry.next', values: { name: 'Jo', email: 'jo@example.com', opt_in: true } },
    { type: 'enquiry.next', values: { name: 'Jo', email: 'jo@' } },
    { type: 'enquiry.back', values: { name: 'Jo', email: 'jo@example.com', opt_in: true } },
    { type: 'enquiry.requestPhotos' },
    { type: 'xstate.done.actor.formSubmission', output: { lead_id: '00000000-0000-4000-8000-000000000001' } },
    {
      type: 'xstate.done.actor.formSubmission',
      output: {
        refusal: {
          message: 'Some fields need your attention',
          code: null,
          fields: { email: 'Please enter a valid email address' },
        },
      },
    },
    {
      type: 'xstate.error.actor.formSubmission',
      error: Object.assign(new Error('Some fields need your attention'), {
        details: { status: 422, fields: { email: 'Please enter a valid email address' } },
      }),
    },
  ],
  // A state is its step, its kind (message or photo request) and whether what was entered so far
  // keeps each step's rules (which decides where Next goes); the values themselves do not matter.
  serializeState: ({ value, context }) => ({
    value,
    kind: context.kind,
    failed: context.error !== null,
    message: typeof context.values.message === 'string' && context.values.message !== '',
    details: context.values.email === 'jo@example.com',
    errors: Object.keys(context.fieldErrors).sort(),
  }),
  // The failure and back loops multiply simple paths into the thousands; shortest paths reach every
  // state and transition.
  simplePaths: false,
  notThroughUi: {
    'submitting xstate.error.actor.formSubmission':
      'the lead-sending child never fails: a refusal or a lost answer ends it in `refused` with the refusal as its output (the done [otherwise] branch); only a fault in our own code would error it',
  },
});
