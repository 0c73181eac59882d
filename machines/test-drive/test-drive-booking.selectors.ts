import type { SnapshotFrom } from 'xstate';
import type { TestDriveSlots } from '../../domain/contracts/test-drives.ts';
import { TEST_DRIVE_DATE_LABEL } from '../../domain/enquiry.ts';
import { SERVICE_TIME_LABEL } from '../../domain/service-booking.ts';
import type { BookingForm } from '../../domain/test-drive-slots.ts';
import type { testDriveBookingMachine } from './test-drive-booking.machine.ts';

type TestDriveSnapshot = SnapshotFrom<typeof testDriveBookingMachine>;

/**
 * What the booking page shows: the skeleton while the times load, not found (no such car or
 * location), the load's error with a retry, the times, or the details (also while sending, after a
 * failure and once booked).
 */
export type TestDriveView = 'loading' | 'notFound' | 'failed' | 'time' | 'details';

/** loading, notFound, failed, time or details. */
export const selectTestDriveView = (snapshot: TestDriveSnapshot): TestDriveView => {
  if (snapshot.matches('slotsFailed')) return snapshot.context.notFound ? 'notFound' : 'failed';
  if (snapshot.hasTag('loading') || !snapshot.context.slots) return 'loading';
  return snapshot.matches('choosingTime') ? 'time' : 'details';
};

/** Why the times could not be loaded (shown with a retry), or ''. */
export const selectSlotsError = (snapshot: TestDriveSnapshot): string =>
  snapshot.matches('slotsFailed') ? (snapshot.context.error ?? '') : '';

/** Which form books: a test drive, or a service (issue 37 item 8). */
export const selectBookingForm = (snapshot: TestDriveSnapshot): BookingForm => snapshot.context.form;

/** The time step's field as the form names it: 'Test Drive Booking Date' (§3), or 'Preferred date and time'. */
export const selectTimeLabel = (snapshot: TestDriveSnapshot): string =>
  snapshot.context.form === 'service' ? SERVICE_TIME_LABEL : TEST_DRIVE_DATE_LABEL;

/** The chosen location's free times and the car, once loaded. */
export const selectSlots = (snapshot: TestDriveSnapshot): TestDriveSlots | null => snapshot.context.slots;

/** The notice over fresh times when the chosen one was taken meanwhile, or null. */
export const selectSlotNotice = (snapshot: TestDriveSnapshot): string | null => snapshot.context.notice;

/** The messages per field of the step shown (its rules', or the server's after a refusal). */
export const selectTestDriveFieldErrors = (snapshot: TestDriveSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;

/** What the shopper entered so far (the chosen time, the details), shown again on a step they return to. */
export const selectTestDriveValues = (snapshot: TestDriveSnapshot): Record<string, unknown> =>
  snapshot.context.values;

/** The chosen time (an ISO instant), or null. */
export const selectChosenTime = (snapshot: TestDriveSnapshot): string | null => {
  const chosen = snapshot.context.values.dateTime;
  return typeof chosen === 'string' ? chosen : null;
};

/** The chosen time as the details step names it ('Thursday 26 November, 9:00 am'), or ''. */
export const selectChosenLabel = (snapshot: TestDriveSnapshot): string => {
  const chosen = selectChosenTime(snapshot);
  for (const day of snapshot.context.slots?.days ?? []) {
    const slot = day.slots.find((candidate) => candidate.start === chosen);
    if (slot) return `${day.label}, ${slot.label}`;
  }
  return '';
};

/** The error of a failed booking (§8), or null. */
export const selectBookingError = (snapshot: TestDriveSnapshot): string | null =>
  snapshot.matches('failure') ? snapshot.context.error : null;

/** Whether the booking is being sent (the button disabled with a spinner). */
export const selectBookingBusy = (snapshot: TestDriveSnapshot): boolean => snapshot.hasTag('busy');

/** Whether the page is a 404 (no such car or location) — for the page's head. */
export const selectTestDriveNotFound = (snapshot: TestDriveSnapshot): boolean =>
  snapshot.matches('slotsFailed') && snapshot.context.notFound;

/** Whether the times could not be loaded for another reason (a 500 page) — for the page's head. */
export const selectTestDriveFailed = (snapshot: TestDriveSnapshot): boolean =>
  snapshot.matches('slotsFailed') && !snapshot.context.notFound;
