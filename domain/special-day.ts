import { z } from 'zod/mini';

/**
 * A special day a manager sets for a location in the console (issue 36 item 6): a date, closed or
 * open with its hours, and what the day is. Stored, it is laid over the site config's holiday hours
 * (`mergeSpecialHours`, `domain/opening-hours.ts`). One schema for the browser form and the route.
 */

/** The form's messages. */
export const SPECIAL_DAY_MESSAGES = {
  date: 'Please choose a date',
  past: 'Choose today or a later date',
  label: 'Please say what the day is (such as Christmas Day)',
  labelLong: 'At most 60 characters',
  hours: 'Enter the opening and closing times',
  order: 'The closing time must be after the opening time',
} as const;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const hour = z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, SPECIAL_DAY_MESSAGES.hours)));

/** A special day as the form sends it; an open day has both times, a closed day neither. */
export const specialDayFormSchema = z
  .object({
    date: z.string().check(z.refine(isDate, SPECIAL_DAY_MESSAGES.date)),
    status: z.enum(['Open', 'Closed']),
    start_hour: hour,
    end_hour: hour,
    label: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, SPECIAL_DAY_MESSAGES.label),
        z.maxLength(60, SPECIAL_DAY_MESSAGES.labelLong),
      ),
  })
  .check(
    z.refine((day) => day.status === 'Closed' || (day.start_hour !== null && day.end_hour !== null), {
      path: ['start_hour'],
      message: SPECIAL_DAY_MESSAGES.hours,
    }),
    z.refine(
      (day) => day.status === 'Closed' || !day.start_hour || !day.end_hour || day.start_hour < day.end_hour,
      { path: ['end_hour'], message: SPECIAL_DAY_MESSAGES.order },
    ),
  );
/** A special day as the form sends it. */
export type SpecialDayForm = z.infer<typeof specialDayFormSchema>;
