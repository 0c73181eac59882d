import { defineCatalogEntry } from '../catalog.types.ts';
import { enquiryMachine } from './enquiry.machine.ts';

/** The enquiry's path tests: both steps to /success, a photo request, a refusal. */
export const enquiryCatalogEntry = defineCatalogEntry(enquiryMachine, {
  summary:
    'Car enquiry: message → details → submitting → success (event, stored, /success) | failure (error or the spec’s text); photos skip step 1',
  input: {
    defaults: {
      dealership_slug: 'bayside-mazda',
      manufacturer_slug: 'mazda',
      stock_number: 'BM1001',
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      car_type: 'used',
      car_id: 501,
      vehicle_status: 'in_stock',
      opt_in: true,
      message: '',
      subcategory: 'Vehicle Enquiry',
    },
    eventIds: { enquire: 15, photos: 15 },
    carName: '2022 Mazda CX-5 Maxx',
  },
  promiseInvokes: { submitEnquiry: 'submitEnquiry' },
  events: [
    { type: 'enquiry.next', values: { message: 'Is it still available?' } },
    { type: 'enquiry.invalid', fieldErrors: { email: 'Please enter a valid email address' } },
    { type: 'enquiry.back' },
    { type: 'enquiry.requestPhotos' },
    { type: 'xstate.done.actor.submitEnquiry', output: { lead_id: '00000000-0000-4000-8000-000000000001' } },
    {
      type: 'xstate.error.actor.submitEnquiry',
      error: Object.assign(new Error('Some fields need your attention'), {
        details: { status: 422, fields: { email: 'Please enter a valid email address' } },
      }),
    },
  ],
  // A state is its step and its kind (message or photo request): what the shopper's values and
  // errors are does not change where the form can go.
  serializeState: ({ value, context }) => ({ value, kind: context.kind, failed: context.error !== null }),
  // The failure and back loops multiply simple paths into the thousands; shortest paths reach every
  // state and transition.
  simplePaths: false,
  provide: { actions: { recordEvent: () => {}, storeSuccess: () => {}, navigate: () => {} } },
});
