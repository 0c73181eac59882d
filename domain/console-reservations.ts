import { formatPrice } from './format.ts';
import { formatHour, localClock } from './opening-hours.ts';
import type { PaymentState } from './reserve.ts';

/**
 * Reservations as the dealer's console shows them (issue 36 item 4): the states a dealer reads, the
 * filters of the list, the time left on a hold and the texts of each outcome.
 */

/**
 * A reservation's state in the console. `awaiting_payment`: the car claimed, the shopper's card not
 * yet authorised; `held`: the deposit authorised and the car held until its time runs out;
 * `confirmed`: the dealer sold the car; `released`: the dealer ended the hold early; `expired`: the
 * hold ran out without a sale (the sweep gives the car back within a minute of its end).
 */
export const CONSOLE_RESERVATION_STATES = [
  'awaiting_payment',
  'held',
  'confirmed',
  'released',
  'expired',
] as const;
/** A reservation's state in the console. */
export type ConsoleReservationState = (typeof CONSOLE_RESERVATION_STATES)[number];

/** The list's filters: `held` lists live holds and the claims still awaiting their payment. */
export const RESERVATION_FILTERS = ['held', 'confirmed', 'released', 'expired'] as const;
/** One of the list's filters. */
export type ReservationFilter = (typeof RESERVATION_FILTERS)[number];

/** Each filter's label, as the list's tabs name it. */
export const RESERVATION_FILTER_LABELS: Record<ReservationFilter, string> = {
  held: 'Held',
  confirmed: 'Confirmed',
  released: 'Released',
  expired: 'Expired',
};

/** Each state's label, as a reservation's badge names it. */
export const RESERVATION_STATE_LABELS: Record<ConsoleReservationState, string> = {
  awaiting_payment: 'Awaiting payment',
  held: 'Held',
  confirmed: 'Sale confirmed',
  released: 'Released',
  expired: 'Expired',
};

/** The filter a state is listed under. */
export function filterOfState(state: ConsoleReservationState): ReservationFilter {
  return state === 'awaiting_payment' ? 'held' : state;
}

/**
 * What a stored reservation is to the dealer at `now`: a hold past its time is `expired` even before
 * the sweep has released it, and a release is the dealer's when it was made early (`releasedEarly`).
 * Null for a claim that failed (no car was ever held: the console does not list it).
 */
export function consoleStateOf(
  stored: {
    status: 'pending' | 'held' | 'failed' | 'released' | 'confirmed';
    held_until: string | null;
    released_early: boolean;
  },
  now: Date,
): ConsoleReservationState | null {
  switch (stored.status) {
    case 'pending':
      return 'awaiting_payment';
    case 'held':
      return stored.held_until && Date.parse(stored.held_until) <= now.getTime() ? 'expired' : 'held';
    case 'confirmed':
      return 'confirmed';
    case 'released':
      return stored.released_early ? 'released' : 'expired';
    default:
      return null;
  }
}

/** Whole seconds left on a hold at `now` (never below zero), or null for a reservation that is not held. */
export function secondsLeft(heldUntil: string | null, now: Date): number | null {
  if (!heldUntil) return null;
  return Math.max(0, Math.floor((Date.parse(heldUntil) - now.getTime()) / 1000));
}

/**
 * The time left on a hold as the dealer reads it: `47 h 12 min left`, `12 min left`, `Under a minute
 * left`; `Ran out` at zero.
 */
export function formatTimeLeft(seconds: number): string {
  if (seconds <= 0) return 'Ran out';
  if (seconds < 60) return 'Under a minute left';
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min left`;
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`;
}

/** A deposit as the console shows it: `$200`, `$125.50`. */
export function formatDeposit(amount: number): string {
  return formatPrice(amount, Number.isInteger(amount) ? 0 : 2);
}

/** The refusals' messages, the same on the server's answer and in the browser. */
export const RESERVATION_REFUSALS = {
  notFound: 'This reservation is not one of this dealer’s',
  alreadyConfirmed: 'This sale was already confirmed: nothing was changed',
  alreadyReleased: 'This hold was already released: nothing was changed',
  expired: 'This hold has run out: the car is no longer held, so it can be neither sold nor released',
  awaitingPayment: 'The shopper has not paid the deposit yet: there is no hold to confirm or release',
  failed: 'This reservation never held the car: there is nothing to confirm or release',
} as const;

/** What the dealer is asked before each action, naming the car and the deposit. */
export function confirmSaleQuestion(carName: string, deposit: number): string {
  return `Confirm the sale of the ${carName}? The ${formatDeposit(deposit)} deposit will be taken from the shopper’s card towards the price, the car will show as sold and the shopper will be emailed.`;
}

/** What the dealer is asked before releasing a hold, naming the car and the deposit. */
export function releaseHoldQuestion(carName: string, deposit: number): string {
  return `Release the hold on the ${carName}? The ${formatDeposit(deposit)} authorisation on the shopper’s card will be cancelled (nothing is taken), the car goes back on sale and the shopper will be emailed.`;
}

/** What the dealer is told once an action is done. */
export function reservationOutcome(action: 'confirm' | 'release', carName: string): string {
  return action === 'confirm'
    ? `Sale confirmed: the ${carName} now shows as sold and the shopper has been emailed.`
    : `Hold released: the ${carName} is back on sale and the shopper has been emailed.`;
}

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A moment as the dealer's clock reads it, short: `4:30pm Sun 29 Nov`. */
export function formatDealerMoment(iso: string, timeZone: string): string {
  const clock = localClock(new Date(iso), timeZone);
  const [, month = '1', day = '1'] = clock.date.split('-');
  return `${formatHour(clock.time)} ${WEEKDAYS_SHORT[clock.weekday] ?? ''} ${Number(day)} ${MONTHS_SHORT[Number(month) - 1] ?? ''}`;
}

/** How many reservations each filter holds after one moved from `before` to `after` (a decision). */
export function recount<TCounts extends Record<ReservationFilter, number>>(
  counts: TCounts,
  before: ConsoleReservationState,
  after: ConsoleReservationState,
): TCounts {
  const from = filterOfState(before);
  const to = filterOfState(after);
  if (from === to) return counts;
  return { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };
}

/** The filter a list's address names (`?state=held`), or null for every reservation (unknown values too). */
export function parseReservationFilter(search: string): ReservationFilter | null {
  const value = new URLSearchParams(search).get('state');
  return (RESERVATION_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ReservationFilter)
    : null;
}

/** The list's address for a filter (null: every reservation). */
export function reservationsHref(filter: ReservationFilter | null): string {
  return filter ? `/dealer/reservations?state=${filter}` : '/dealer/reservations';
}

/** A card's payment as the dealer reads it: `Visa •••• 4242`, or null before the processor named it. */
export function cardLabel(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  const name = brand ? `${brand[0]?.toUpperCase() ?? ''}${brand.slice(1)}` : 'Card';
  return `${name} •••• ${last4}`;
}

/** Each payment state as the dealer reads it. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  awaiting: 'Awaiting the card',
  authorised: 'Authorised (held on the card, not taken)',
  captured: 'Taken',
  cancelled: 'Authorisation cancelled (nothing taken)',
  refunded: 'Refunded',
  disputed: 'Disputed by the shopper’s bank',
  failed: 'Not authorised',
  needs_attention: 'Needs attention (ask the operator)',
};
