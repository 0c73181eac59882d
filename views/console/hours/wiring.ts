import { fromPromise } from 'xstate';
import { type DayChange, hoursPageMachine } from '../../../machines/console-hours/hours-page.machine.ts';
import {
  addSpecialDay,
  fetchConsoleHours,
  removeSpecialDay,
} from '../../../services/console/hours.service.ts';
import type { ConsolePageDeps } from '../app/console-page-definition.ts';

/** The hours page's machine, its hours and its special days bound to the server (with the staff cookie). */
export function hoursPageLogic({ http }: ConsolePageDeps) {
  return hoursPageMachine.provide({
    actors: {
      loadHours: fromPromise(() => fetchConsoleHours(http)),
      addDay: fromPromise(({ input }: { input: DayChange }) =>
        addSpecialDay(http, { location: input.location, day: input.day }),
      ),
      removeDay: fromPromise(({ input }: { input: { location: string; date: string } }) =>
        removeSpecialDay(http, input),
      ),
    },
  });
}
