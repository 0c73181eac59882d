import type { ConsoleHours, ConsoleSpecialDay } from '../../domain/contracts/console-hours.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { hoursPageMachine } from './hours-page.machine.ts';

const christmas: ConsoleSpecialDay = {
  date: '2026-12-25',
  status: 'Closed',
  start_hour: null,
  end_hour: null,
  label: 'Christmas Day',
  day: 'Fri 25 Dec',
  text: 'Closed',
  source: 'config',
};
const stocktake: ConsoleSpecialDay = {
  date: '2026-12-01',
  status: 'Open',
  start_hour: '10:00',
  end_hour: '14:00',
  label: 'Stocktake',
  day: 'Tue 1 Dec',
  text: '10:00 am – 2:00 pm',
  source: 'console',
};
const hours = (days: ConsoleSpecialDay[]): ConsoleHours => ({
  locations: [
    {
      slug: 'bayside',
      name: 'Bayside Mazda',
      today: '2026-11-27',
      week: [{ label: 'Monday – Friday', text: '8:30 am – 5:30 pm' }],
      special_days: days,
    },
  ],
});

/**
 * The console's hours page path tests: loading → ready | failed (retry); a special day sent valid
 * (set or refused) or with field errors; a console day removed (or refused), a config day not.
 */
export const consoleHoursPageCatalogEntry = defineCatalogEntry(hoursPageMachine, {
  summary:
    'Dealer console hours: loading → ready | failed; add a special day (field errors, set or refused); remove a console day (removed or refused)',
  input: undefined,
  promiseInvokes: { loadHours: 'loadHours', addDay: 'addDay', removeDay: 'removeDay' },
  events: [
    { type: 'xstate.done.actor.loadHours', output: hours([stocktake, christmas]) },
    { type: 'xstate.error.actor.loadHours', error: new Error('Network error') },
    { type: 'retry' },
    {
      type: 'day.add',
      location: 'bayside',
      values: { date: '2026-12-26', status: 'Closed', start_hour: '', end_hour: '', label: 'Boxing Day' },
    },
    {
      type: 'day.add',
      location: 'bayside',
      values: { date: '2026-11-01', status: 'Open', start_hour: '14:00', end_hour: '10:00', label: '' },
    },
    { type: 'xstate.done.actor.addDay', output: hours([stocktake, christmas]) },
    { type: 'xstate.error.actor.addDay', error: new Error('This location is not found') },
    { type: 'day.remove', location: 'bayside', date: '2026-12-01' },
    { type: 'day.remove', location: 'bayside', date: '2026-12-25' },
    { type: 'xstate.done.actor.removeDay', output: hours([christmas]) },
    { type: 'xstate.error.actor.removeDay', error: new Error('This day is not found') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    days: context.data?.locations.map((location) => location.special_days.length) ?? null,
    fields: Object.keys(context.fields).sort(),
    notice: context.notice !== null,
    problem: context.problem !== null,
  }),
  simplePaths: false,
});
