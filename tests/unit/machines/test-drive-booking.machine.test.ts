import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TestDriveSlots } from '../../../domain/contracts/test-drives.ts';
import type { LeadSend } from '../../../domain/lead-send.ts';
import { ODOMETER_MESSAGE, SERVICE_TIME_REQUIRED_MESSAGE } from '../../../domain/service-booking.ts';
import {
  SLOT_REQUIRED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from '../../../domain/test-drive-slots.ts';
import { formSubmissionMachine } from '../../../machines/form-submission/form-submission.machine.ts';
import {
  type TestDriveBookingInput,
  testDriveBookingMachine,
} from '../../../machines/test-drive/test-drive-booking.machine.ts';
import {
  selectChosenLabel,
  selectSlotNotice,
  selectTestDriveView,
  selectTimeLabel,
} from '../../../machines/test-drive/test-drive-booking.selectors.ts';
import { ServiceError } from '../../../services/errors.ts';

/** Issue 15; `search-detail-finance-watchlist.md` §3 "Contact form step fields", §9 events 17 and 48. */
const SLOTS: TestDriveSlots = {
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
const RULES = {
  contact: true,
  postcode: true,
  messageOptional: true,
  showsLocation: true,
  locationSlugs: ['bayside-mazda-sales'],
  dealershipCount: 1,
  categories: ['Test Drive'],
  booking: true,
};
const DETAILS = {
  name: 'Sam',
  email: 'sam@example.com',
  postcode: '4000',
  opt_in: true,
  terms_conditions: true,
};

function start(
  answers: Array<() => Promise<{ lead_id: string }>>,
  input: TestDriveBookingInput = { form: 'testDrive', location: null, carId: 501, rules: RULES },
) {
  const sent: LeadSend[] = [];
  const calls: string[] = [];
  const actor = createActor(
    testDriveBookingMachine.provide({
      actors: {
        loadSlots: fromPromise(async () => SLOTS),
        formSubmission: formSubmissionMachine.provide({
          actors: {
            submitForm: fromPromise(({ input }) => {
              sent.push(input);
              const answer = answers.shift();
              if (!answer) throw new Error('no answer');
              return answer();
            }),
          },
          actions: {
            recordEvent: (_, { eventId, carId }) => calls.push(`event ${eventId} car ${carId}`),
            storeCategory: (_, { category, carName }) => calls.push(`stored ${category}: ${carName}`),
            navigate: (_, { path }) => calls.push(`navigate ${path}`),
            alertFailure: () => calls.push('alert'),
          },
        }),
      },
    }),
    { input },
  ).start();
  return { actor, sent, calls };
}

describe('testDriveBooking', () => {
  it('each Next is checked by the machine: no time, then no terms, stay with the spec’s messages', async () => {
    const { actor } = start([]);
    await waitFor(actor, (s) => s.matches('choosingTime'));
    actor.send({ type: 'testDrive.next', values: { dateTime: '' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ dateTime: SLOT_REQUIRED_MESSAGE });
    actor.send({ type: 'testDrive.next', values: { dateTime: SLOTS.days[0]?.slots[0]?.start } });
    expect(selectTestDriveView(actor.getSnapshot())).toBe('details');
    expect(selectChosenLabel(actor.getSnapshot())).toBe('Thursday 26 November, 9:00 am');
    actor.send({ type: 'testDrive.next', values: { ...DETAILS, terms_conditions: false } });
    expect(actor.getSnapshot().matches('details')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ terms_conditions: TERMS_REQUIRED_MESSAGE });
  });

  it('§9: booked through the lead-sending child: the lead with the time, location and car; event 48 for a used car', async () => {
    const { actor, sent, calls } = start([async () => ({ lead_id: 'abc' })]);
    await waitFor(actor, (s) => s.matches('choosingTime'));
    actor.send({ type: 'testDrive.next', values: { dateTime: SLOTS.days[0]?.slots[0]?.start } });
    actor.send({ type: 'testDrive.next', values: DETAILS, extra: { company_website: 'bot' } });
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent[0]?.form).toBe('testDrive');
    expect(sent[0]?.values).toMatchObject({
      ...DETAILS,
      category: 'Test Drive',
      subcategory: 'Test Drive',
      location: 'bayside-mazda-sales',
      dateTime: '2026-11-25T23:00:00.000Z',
      car_id: 501,
      company_website: 'bot',
    });
    expect(calls).toEqual([
      'event 48 car 501',
      'stored Test Drive: 2022 Mazda CX-5 Maxx',
      'navigate /success',
    ]);
  });

  it('a time taken meanwhile loads fresh times with the notice; another refusal is a failure', async () => {
    const { actor } = start([
      async () => {
        throw new ServiceError('http', 'Taken', { status: 409, code: 'slot_taken' });
      },
      async () => {
        throw new ServiceError('network', 'Network error');
      },
    ]);
    await waitFor(actor, (s) => s.matches('choosingTime'));
    actor.send({ type: 'testDrive.next', values: { dateTime: SLOTS.days[0]?.slots[0]?.start } });
    actor.send({ type: 'testDrive.next', values: DETAILS });
    await waitFor(actor, (s) => s.matches('choosingTime'));
    expect(selectSlotNotice(actor.getSnapshot())).toBe(SLOT_TAKEN_MESSAGE);
    expect(actor.getSnapshot().context.values.dateTime).toBeUndefined();
    actor.send({ type: 'testDrive.next', values: { dateTime: SLOTS.days[0]?.slots[0]?.start } });
    actor.send({ type: 'testDrive.next', values: DETAILS });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.error).toBe('Network error');
  });

  it('issue 37 item 8: a service booking takes a preferred time and the odometer, sent as a Service Booking (event 22)', async () => {
    const rules = { ...RULES, categories: ['Service Booking'], booking: undefined, service: true };
    const { actor, sent, calls } = start([async () => ({ lead_id: 'abc' })], {
      form: 'service',
      location: null,
      carId: null,
      rules,
    });
    await waitFor(actor, (s) => s.matches('choosingTime'));
    expect(selectTimeLabel(actor.getSnapshot())).toBe('Preferred date and time');
    actor.send({ type: 'testDrive.next', values: {} });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ dateTime: SERVICE_TIME_REQUIRED_MESSAGE });
    actor.send({ type: 'testDrive.next', values: { dateTime: SLOTS.days[0]?.slots[0]?.start } });
    const { terms_conditions: _terms, ...details } = DETAILS;
    actor.send({ type: 'testDrive.next', values: { ...details, odometer: 'about 40k' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ odometer: ODOMETER_MESSAGE });
    actor.send({ type: 'testDrive.next', values: { ...details, odometer: '45,000' } });
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent[0]?.form).toBe('service');
    expect(sent[0]?.values).toMatchObject({
      category: 'Service Booking',
      location: 'bayside-mazda-sales',
      dateTime: '2026-11-25T23:00:00.000Z',
      odometer: 45000,
    });
    expect(sent[0]?.values).not.toHaveProperty('car_id');
    expect(sent[0]?.values).not.toHaveProperty('subcategory');
    expect(calls[0]).toBe('event 22 car null');
  });
});
