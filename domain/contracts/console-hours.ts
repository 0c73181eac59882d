import { z } from 'zod/mini';
import { specialDayFormSchema } from '../special-day.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The dealer console's opening hours (issue 36 item 6): each location's regular week (from the site
 * config, read-only here) and its special days — the config's and those its managers add here, which
 * are laid over the config's (decision 128). Managers only (`staff: 'manager'`); another site's
 * location is not found.
 */

/** A special day of a location, and where it comes from. */
export const consoleSpecialDaySchema = z.object({
  date: z.string(),
  status: z.enum(['Open', 'Closed']),
  start_hour: z.nullable(z.string()),
  end_hour: z.nullable(z.string()),
  label: z.string(),
  /** `Fri 25 Dec`, and its hours as the location page shows them. */
  day: z.string(),
  text: z.string(),
  /** Set in the console (removable here), or written in the site config (changed only there). */
  source: z.enum(['console', 'config']),
});
/** A special day. */
export type ConsoleSpecialDay = z.infer<typeof consoleSpecialDaySchema>;

/** One location's hours. */
export const consoleLocationHoursSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Its today (`YYYY-MM-DD`, its own time zone): the earliest date a special day may have. */
  today: z.string(),
  /** Its regular week as the location page shows it. */
  week: z.array(z.object({ label: z.string(), text: z.string() })),
  /** Its special days from today on, by date. */
  special_days: z.array(consoleSpecialDaySchema),
});
/** A location's hours in the console. */
export type ConsoleLocationHours = z.infer<typeof consoleLocationHoursSchema>;

/** Every location's hours. */
export const consoleHoursSchema = z.object({ locations: z.array(consoleLocationHoursSchema) });
/** The console's hours page data. */
export type ConsoleHours = z.infer<typeof consoleHoursSchema>;

const locationParams = () =>
  z.object({ location: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a location')) });

/** `GET /api/dealer/hours`: every location's hours. */
export const consoleHoursEndpoint = {
  method: 'GET',
  path: '/api/dealer/hours',
  answer: consoleHoursSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const consoleHoursRequest = withRequest(consoleHoursEndpoint, () => ({}));

/** `POST /api/dealer/hours/:location/days` (the form): sets a special day (replacing that date's); 201 with every location's hours. */
export const addSpecialDayEndpoint = {
  method: 'POST',
  path: '/api/dealer/hours/:location/days',
  answer: consoleHoursSchema,
  status: 201,
  staff: 'manager',
} as const satisfies Endpoint;
export const addSpecialDayRequest = withRequest(addSpecialDayEndpoint, () => ({
  errors: ['location_not_found'],
  params: locationParams(),
  body: specialDayFormSchema,
}));

/** `POST /api/dealer/hours/:location/days/:date/remove`: removes a special day set in the console; answers every location's hours. */
export const removeSpecialDayEndpoint = {
  method: 'POST',
  path: '/api/dealer/hours/:location/days/:date/remove',
  answer: consoleHoursSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const removeSpecialDayRequest = withRequest(removeSpecialDayEndpoint, () => ({
  errors: ['location_not_found', 'day_not_found'],
  params: z.extend(locationParams(), {
    date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Not a date')),
  }),
}));

/** Every console endpoint of the hours. */
export const CONSOLE_HOURS_ENDPOINTS = [
  consoleHoursRequest,
  addSpecialDayRequest,
  removeSpecialDayRequest,
] as const;
