import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { testDriveBookingMachine } from './test-drive-booking.machine.ts';

const slots: TestDriveSlots = {
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
};

/** The test-drive booking's path tests: times loaded or not, both steps, booked, taken meanwhile, refused. */
export const testDriveBookingCatalogEntry = defineCatalogEntry(testDriveBookingMachine, {
  summary:
    'Test drive: loadingSlots → choosingTime (date) → details (terms) → submitting → success (17/48, /success) | taken (fresh times) | failure',
  input: { location: null, carId: 501 },
  promiseInvokes: { loadSlots: 'loadSlots', submitBooking: 'submitBooking' },
  events: [
    { type: 'xstate.done.actor.loadSlots', output: slots },
    {
      type: 'xstate.error.actor.loadSlots',
      error: Object.assign(new Error('No such car for sale on this site'), { details: { status: 404 } }),
    },
    { type: 'testDrive.retry' },
    { type: 'testDrive.chooseLocation', location: 'bayside-mazda-sales' },
    { type: 'testDrive.next', values: { dateTime: '2026-11-25T23:00:00.000Z' } },
    {
      type: 'testDrive.invalid',
      fieldErrors: { terms_conditions: 'Please accept the terms and conditions' },
    },
    { type: 'testDrive.back' },
    { type: 'xstate.done.actor.submitBooking', output: { lead_id: '00000000-0000-4000-8000-000000000002' } },
    {
      type: 'xstate.error.actor.submitBooking',
      error: Object.assign(new Error('Sorry, that time has just been booked. Please choose another time.'), {
        details: { status: 409, code: 'slot_taken' },
      }),
    },
    {
      type: 'xstate.error.actor.submitBooking',
      error: Object.assign(new Error('Network error'), { details: {} }),
    },
  ],
  serializeState: ({ value, context }) => ({
    value,
    loaded: context.slots !== null,
    notice: context.notice !== null,
    failed: context.error !== null,
  }),
  // Back, retry and location loops multiply simple paths; shortest paths take every transition.
  simplePaths: false,
  provide: { actions: { recordEvent: () => {}, storeSuccess: () => {}, navigate: () => {} } },
});
