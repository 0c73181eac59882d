import { z } from 'zod/mini';
import type { OpeningHour, SpecialHours } from './location.ts';
import { SERVICE_TIME_REQUIRED_MESSAGE } from './service-booking.ts';

/**
 * Test-drive times (issue 15 item 4; `search-detail-finance-watchlist.md` §7 "Appointment fetch for
 * test-drive booking", whose details the spec does not show). A location's free times for the next
 * days come from its opening hours (§3 "Opening hour entry": weekday 0 = Sunday) and its holiday
 * hours (§3 "Special hours entry"), in the location's own time zone — Queensland keeps standard
 * time all year, New South Wales, Victoria, South Australia, Tasmania and the ACT have daylight
 * saving — 30 minutes apart, none sooner than two hours from now, and without the times already
 * booked. One function serves the slots call and the booking's check, so they cannot disagree.
 */

/** Minutes between two times, and how long a test drive is held. */
export const SLOT_MINUTES = 30;
/** The soonest bookable time is this far from now. */
export const SLOT_NOTICE_MINUTES = 120;
/** How many days ahead (today included) times are offered. */
export const SLOT_DAYS = 14;

/** One bookable time. */
export interface Slot {
  /** The instant, as an ISO string in UTC: what a booking sends back. */
  start: string;
  /** The local time, `HH:MM`. */
  time: string;
  /** The local time as a shopper reads it: `9:30 am`. */
  label: string;
}

/** One day's free times. */
export interface SlotDay {
  /** The local date, `YYYY-MM-DD`. */
  date: string;
  /** `Thursday 26 November` */
  label: string;
  slots: Slot[];
}

/** What the slots are computed from. */
export interface SlotRules {
  openingHours: readonly OpeningHour[];
  specialHours: readonly SpecialHours[];
  timeZone: string;
  now: Date;
  /** Start instants (ISO, UTC) already booked. */
  booked: ReadonlySet<string>;
  days?: number;
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function zoneParts(instant: number, timeZone: string) {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zoneParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a local date and time in a zone stands for. */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  // Near a change of offset the first guess used the other side's offset: measure again there.
  return asUtc - offsetAt(first, timeZone);
}

/** The local date (`YYYY-MM-DD`) of an instant in a zone. */
export function zonedDate(instant: number, timeZone: string): string {
  const p = zoneParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** `09:30` → `9:30 am`. */
export function timeLabel(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

const dayLabelFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** The opening and closing minute of a local date, or null when the location is closed that day. */
function hoursOn(date: string, rules: SlotRules): { open: number; close: number } | null {
  const special = rules.specialHours.find((entry) => entry.date === date);
  if (special) {
    if (special.status !== 'Open' || !special.start_hour || !special.end_hour) return null;
    return { open: minutesOf(special.start_hour), close: minutesOf(special.end_hour) };
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const entry = rules.openingHours.find((h) => h.weekday === weekday);
  if (entry?.status !== 'Open' || !entry.open || !entry.close) return null;
  return { open: minutesOf(entry.open), close: minutesOf(entry.close) };
}

/** The next days' free times, by local day; days without a free time are left out. */
export function freeSlots(rules: SlotRules): SlotDay[] {
  const days = rules.days ?? SLOT_DAYS;
  const soonest = rules.now.getTime() + SLOT_NOTICE_MINUTES * 60_000;
  const today = zonedDate(rules.now.getTime(), rules.timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const out: SlotDay[] = [];
  for (let i = 0; i < days; i++) {
    const noon = new Date(Date.UTC(y, m - 1, d + i, 12));
    const date = noon.toISOString().slice(0, 10);
    const hours = hoursOn(date, rules);
    if (!hours) continue;
    const slots: Slot[] = [];
    // A test drive takes a whole slot, so the last one starts a slot before closing.
    for (let minute = hours.open; minute + SLOT_MINUTES <= hours.close; minute += SLOT_MINUTES) {
      const time = timeOf(minute);
      const instant = zonedInstant(date, time, rules.timeZone);
      // A local time that does not exist (the hour skipped by daylight saving) is not offered.
      if (timeOf(minutesOfInstant(instant, rules.timeZone)) !== time) continue;
      const start = new Date(instant).toISOString();
      if (instant < soonest || rules.booked.has(start)) continue;
      slots.push({ start, time, label: timeLabel(time) });
    }
    if (slots.length > 0) out.push({ date, label: dayLabelFormat.format(noon), slots });
  }
  return out;
}

function minutesOfInstant(instant: number, timeZone: string): number {
  const p = zoneParts(instant, timeZone);
  return p.hour * 60 + p.minute;
}

/** Whether a start instant is one of the free times (a booking's check: not past, not closed, not taken). */
export function isFreeSlot(start: string, rules: SlotRules): boolean {
  return freeSlots(rules).some((day) => day.slots.some((slot) => slot.start === start));
}

/** The message for a time someone else has just taken, or that is no longer free. */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time has just been booked. Please choose another time.';
/** The message for a time that is not one of the offered ones (past, closed, not on the half hour). */
export const SLOT_UNAVAILABLE_MESSAGE = 'That time is not available. Please choose one of the times shown.';
/** The `dateTime` field's message when no time is chosen. */
export const SLOT_REQUIRED_MESSAGE = 'Please choose a time for your test drive';
/** The terms field's message when it is not ticked. */
export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and conditions';

/** The booking's first step: a time chosen ('Test Drive Booking Date'). */
export const testDriveTimeStepSchema = z.object({
  dateTime: z.string(SLOT_REQUIRED_MESSAGE).check(z.iso.datetime(SLOT_REQUIRED_MESSAGE)),
});

/** A service booking's first step: a preferred time chosen (issue 37 item 8). */
export const serviceTimeStepSchema = z.object({
  dateTime: z.string(SERVICE_TIME_REQUIRED_MESSAGE).check(z.iso.datetime(SERVICE_TIME_REQUIRED_MESSAGE)),
});

/**
 * Which free times to load (`GET /api/test-drives/slots`): a location's, or the car's location's; a
 * sales location's test-drive times, or a service centre's preferred times (`form: 'service'`).
 */
export interface TestDriveSlotsQuery {
  location: string | null;
  carId: number | null;
  form: BookingForm;
}

/** The forms that book a time: a test drive, or a service (issue 37 item 8). */
export type BookingForm = 'testDrive' | 'service';
