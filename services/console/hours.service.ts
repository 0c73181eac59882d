import {
  addSpecialDayEndpoint,
  type addSpecialDayRequest,
  type ConsoleHours,
  consoleHoursEndpoint,
  type consoleHoursRequest,
  removeSpecialDayEndpoint,
  type removeSpecialDayRequest,
} from '../../domain/contracts/console-hours.ts';
import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import type { SpecialDayForm } from '../../domain/special-day.ts';
import { call, type Http } from '../http.ts';

/** Every location's hours (`GET /api/dealer/hours`). */
export function fetchConsoleHours(http: Http): Promise<ConsoleHours> {
  return call<typeof consoleHoursEndpoint, typeof consoleHoursRequest>(http, consoleHoursEndpoint);
}

/** Sets a location's special day (`POST /api/dealer/hours/:location/days`): every location's hours. */
export function addSpecialDay(
  http: Http,
  input: { location: string; day: SpecialDayForm },
): Promise<ConsoleHours> {
  const { day } = input;
  const body = {
    date: day.date,
    status: day.status,
    start_hour: day.start_hour,
    end_hour: day.end_hour,
    label: day.label,
  } satisfies EveryFieldOf<typeof addSpecialDayRequest>;
  return call<typeof addSpecialDayEndpoint, typeof addSpecialDayRequest>(http, addSpecialDayEndpoint, {
    params: { location: input.location },
    body,
  });
}

/** Removes a special day set in the console (`POST /api/dealer/hours/:location/days/:date/remove`). */
export function removeSpecialDay(
  http: Http,
  input: { location: string; date: string },
): Promise<ConsoleHours> {
  return call<typeof removeSpecialDayEndpoint, typeof removeSpecialDayRequest>(
    http,
    removeSpecialDayEndpoint,
    {
      params: { location: input.location, date: input.date },
    },
  );
}
