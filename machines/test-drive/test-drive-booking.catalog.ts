import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { testDriveBookingMachine } from './test-drive-booking.machine.ts';

/** The free times the path tests (and `tests/unit/machines/less-typing.test.ts`) load. */
export const testDriveCatalogSlots: TestDriveSlots = {
  location: 'bayside-mazda-sales',
  location_name: 'Bayside Mazda Sales',
  time_zone: 'Australia/Brisbane',
  days: [
    {
      date: '2026-11-26',
      label: 'Thursday 26 November',
      slots: [{ start: '2026-11-25T23:00:00.000Z', time: '09:00', label: '9:00 am' }],
    },
  ],
  car: { id: 501, title: '2022 Mazda CX-5 Maxx', car_type: 'used' },
  models: [],
};

/**
 * The booking's path tests: times loaded or not, both steps, booked, taken meanwhile, refused — from
 * a test drive of a car, and from a service booking (issue 37 item 8: its preferred time and the
 * odometer, the details step checked with the service form's rules); a signed-in shopper's details
 * filled in, or a visitor's left blank (issue 37 item 9).
 */
export const testDriveBookingCatalogEntry = defineCatalogEntry(testDriveBookingMachine, {
  summary:
    'Test drive: slots → time (date) → details (terms) → submitting (formSubmission child) → success (17/48) | taken (fresh times) | failure',
  inputs: [
    {
      form: 'testDrive',
      location: null,
      carId: 501,
      rules: {
        contact: true,
        postcode: true,
        messageOptional: true,
        showsLocation: true,
        locationSlugs: ['bayside-mazda-sales'],
        dealershipCount: 1,
        categories: ['Test Drive'],
        booking: true,
      },
    },
    {
      form: 'service',
      location: null,
      carId: null,
      rules: {
        contact: true,
        postcode: true,
        messageOptional: true,
        showsLocation: true,
        locationSlugs: ['bayside-mazda-sales'],
        dealershipCount: 1,
        categories: ['Service Booking'],
        service: true,
      },
    },
  ],
  promiseInvokes: { loadSlots: 'loadSlots', formSubmission: 'formSubmission', readContact: 'readContact' },
  events: [
    {
      type: 'xstate.done.actor.readContact',
      output: { name: null, email: 'jo@example.com', phone: '0412 345 678' },
    },
    { type: 'xstate.done.actor.readContact', output: null },
    { type: 'xstate.error.actor.readContact', error: new Error('Network error') },
    { type: 'xstate.done.actor.loadSlots', output: testDriveCatalogSlots },
    {
      type: 'xstate.error.actor.loadSlots',
      error: Object.assign(new Error('No such car for sale on this site'), { details: { status: 404 } }),
    },
    { type: 'testDrive.retry' },
    { type: 'testDrive.chooseLocation', location: 'bayside-mazda-sales' },
    // The time step: a time chosen, or none.
    { type: 'testDrive.next', values: { dateTime: '2026-11-25T23:00:00.000Z' } },
    { type: 'testDrive.next', values: {} },
    // The details step: filled with the terms ticked, or the terms left unticked.
    {
      type: 'testDrive.next',
      values: {
        name: 'Jo',
        email: 'jo@example.com',
        postcode: '4000',
        opt_in: true,
        terms_conditions: true,
      },
    },
    {
      type: 'testDrive.next',
      values: {
        name: 'Jo',
        email: 'jo@example.com',
        postcode: '4000',
        opt_in: true,
        terms_conditions: false,
      },
    },
    // A service booking's details: the odometer given (and the terms, which it does not ask), or an odometer that is no number.
    {
      type: 'testDrive.next',
      values: {
        name: 'Jo',
        email: 'jo@example.com',
        postcode: '4000',
        odometer: '45,000',
        terms_conditions: true,
      },
    },
    {
      type: 'testDrive.next',
      values: { name: 'Jo', email: 'jo@example.com', postcode: '4000', odometer: 'lots' },
    },
    { type: 'testDrive.back' },
    {
      type: 'xstate.done.actor.formSubmission',
      output: { lead_id: '00000000-0000-4000-8000-000000000002' },
    },
    {
      type: 'xstate.done.actor.formSubmission',
      output: {
        refusal: {
          message: 'Sorry, that time has just been booked. Please choose another time.',
          code: 'slot_taken',
          fields: {},
        },
      },
    },
    {
      type: 'xstate.done.actor.formSubmission',
      output: { refusal: { message: 'Network error', code: null, fields: {} } },
    },
    {
      type: 'xstate.error.actor.formSubmission',
      error: Object.assign(new Error('Network error'), { details: {} }),
    },
  ],
  serializeState: ({ value, context }) => ({
    value,
    form: context.form,
    loaded: context.slots !== null,
    notice: context.notice !== null,
    failed: context.error !== null,
    chosen: typeof context.values.dateTime === 'string',
    details: context.values.email === 'jo@example.com',
    errors: Object.keys(context.fieldErrors).sort(),
  }),
  // Back, retry and location loops multiply simple paths; shortest paths take every transition.
  simplePaths: false,
  notThroughUi: {
    'submitting xstate.error.actor.formSubmission':
      'the lead-sending child never fails: a refusal or a lost answer ends it in `refused` with the refusal as its output (the done [otherwise] branch); only a fault in our own code would error it',
  },
});
