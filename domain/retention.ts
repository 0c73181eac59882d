import { z } from 'zod/mini';

/**
 * How long the store keeps what it holds about people (issue 33 item 8), and the small grammar an
 * operator writes a keeping time in: a whole number and a unit — `90d` (days), `12w` (weeks), `24m`
 * (calendar months), `2y` (years). `npm run purge` deletes what is past its keeping time.
 */

/** The units of a keeping time. */
const UNITS = { d: 'days', w: 'weeks', m: 'months', y: 'years' } as const;

/** A keeping time as written (`24m`) and read. */
export interface KeepingTime {
  /** As the operator wrote it, for messages: `24m`. */
  text: string;
  amount: number;
  unit: keyof typeof UNITS;
}

const KEEPING_TIME = /^([1-9][0-9]{0,3})([dwmy])$/;

/** A keeping time from its text; the message says the grammar. */
export const keepingTimeSchema = z.pipe(
  z
    .string()
    .check(
      z.regex(
        KEEPING_TIME,
        'Write a keeping time as a whole number and a unit: 90d (days), 12w (weeks), 24m (months) or 2y (years)',
      ),
    ),
  z.transform((text): KeepingTime => {
    const [, amount = '0', unit = 'd'] = KEEPING_TIME.exec(text) ?? [];
    return { text, amount: Number(amount), unit: unit as KeepingTime['unit'] };
  }),
);

/** The moment a keeping time reaches back to from `now`: what is older than it is past keeping. */
export function cutoffOf(keeping: KeepingTime, now: Date): Date {
  const cutoff = new Date(now.getTime());
  if (keeping.unit === 'd') cutoff.setUTCDate(cutoff.getUTCDate() - keeping.amount);
  if (keeping.unit === 'w') cutoff.setUTCDate(cutoff.getUTCDate() - keeping.amount * 7);
  if (keeping.unit === 'm') cutoff.setUTCMonth(cutoff.getUTCMonth() - keeping.amount);
  if (keeping.unit === 'y') cutoff.setUTCFullYear(cutoff.getUTCFullYear() - keeping.amount);
  return cutoff;
}

/** What a keeping time says in words: `24 months`. */
export function describeKeepingTime(keeping: KeepingTime): string {
  const unit = UNITS[keeping.unit];
  return `${keeping.amount} ${keeping.amount === 1 ? unit.slice(0, -1) : unit}`;
}

/**
 * The three keeping times the purge applies; sessions and account links go when they expire, and a
 * careers CV no enquiry names once its claim window (2 hours) is over.
 * - `leads`: a delivered lead, its delivery rows and past test-drive booking, the trade-in
 *   valuation and photos it names, its CV, the valuations a site saved, and ended reservations;
 * - `activity`: analytics events, phone reveals, the saved-search alerts already emailed and the
 *   ids of payment events already handled;
 * - `unfinished`: a trade-in valuation (and its photos) no lead names, and an account whose owner
 *   never confirmed it.
 */
export type KeepingTimes = Record<'leads' | 'activity' | 'unfinished', KeepingTime>;

const parse = (text: string) => z.parse(keepingTimeSchema, text);

/** The documented defaults (docs/deploy.md "Keeping times"). */
export const DEFAULT_KEEPING_TIMES: KeepingTimes = {
  leads: parse('24m'),
  activity: parse('13m'),
  unfinished: parse('30d'),
};

/** The keeping times a purge applies: the defaults, or one limit for all three (`--older-than`). */
export function keepingTimes(olderThan?: KeepingTime): KeepingTimes {
  return olderThan ? { leads: olderThan, activity: olderThan, unfinished: olderThan } : DEFAULT_KEEPING_TIMES;
}
