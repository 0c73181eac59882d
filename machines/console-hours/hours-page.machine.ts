import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { z } from 'zod/mini';
import type { ConsoleHours } from '../../domain/contracts/console-hours.ts';
import { fieldErrors } from '../../domain/field-errors.ts';
import { SPECIAL_DAY_MESSAGES, type SpecialDayForm, specialDayFormSchema } from '../../domain/special-day.ts';
import { errorMessage } from '../shared/error-message.ts';
import { notProvided } from '../shared/not-provided.ts';
import { loadingRegion } from '../shared/page-loader.ts';
import { refusalFields } from '../shared/refusal.ts';

/** A special day being set or removed, and its location. */
export interface DayChange {
  location: string;
  day: SpecialDayForm;
}

/** The hours page's context. */
export interface HoursPageContext {
  data: ConsoleHours | null;
  /** Why loading failed. */
  error: string | null;
  /** The location whose form the messages belong to. */
  formFor: string | null;
  /** That form's messages per field (`date`, `start_hour`, `label`, …). */
  fields: Record<string, string>;
  /** The day being set. */
  adding: DayChange | null;
  /** The day being removed. */
  removing: { location: string; date: string } | null;
  /** What the last change did, for the status line. */
  notice: string | null;
  /** Why the last change was refused. */
  problem: string | null;
}

/** What the manager does on the page. */
export type HoursPageEvent =
  | { type: 'retry' }
  | { type: 'day.add'; location: string; values: Record<string, unknown> }
  | { type: 'day.remove'; location: string; date: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The form's raw values as a special day: a closed day has no times, an empty time is none. */
export function specialDayValues(values: Record<string, unknown>): Record<string, unknown> {
  const status = text(values.status) === 'Open' ? 'Open' : 'Closed';
  const hour = (value: unknown) => (status === 'Open' && text(value) !== '' ? text(value) : null);
  return {
    date: text(values.date),
    status,
    start_hour: hour(values.start_hour),
    end_hour: hour(values.end_hour),
    label: text(values.label),
  };
}

/** A location's form checked: the domain's schema (the route runs it again), then no day before the location's today. */
export function checkSpecialDay(
  data: ConsoleHours | null,
  location: string,
  values: Record<string, unknown>,
): { ok: true; day: SpecialDayForm } | { ok: false; fields: Record<string, string> } {
  const parsed = z.safeParse(specialDayFormSchema, specialDayValues(values));
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  const today = data?.locations.find((listed) => listed.slug === location)?.today ?? '';
  if (!fields.date && text(values.date) < today) fields.date = SPECIAL_DAY_MESSAGES.past;
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, day: parsed.data };
}

const nameOf = (data: ConsoleHours | null, location: string): string =>
  data?.locations.find((listed) => listed.slug === location)?.name ?? location;

/**
 * `/dealer/hours` (issue 36 item 6): each location's regular week (the site config's, read-only) and
 * its special days — the config's and the console's, laid over them (decision 128).
 * `loading → ready | failed (retry)`. In `ready.idle`: `day.add` is checked by the domain's schema in
 * a guard (its field errors assigned to that location's form, or `adding`); `day.remove` removes a
 * day set in the console (`removing`). Both answer with every location's hours, and a status line —
 * or the server's refusal.
 */
export const hoursPageMachine = setup({
  types: {} as { context: HoursPageContext; events: HoursPageEvent },
  actors: {
    loadHours: fromPromise<ConsoleHours, undefined>(notProvided('consoleHoursPage: loadHours')),
    addDay: fromPromise<ConsoleHours, DayChange>(notProvided('consoleHoursPage: addDay')),
    removeDay: fromPromise<ConsoleHours, { location: string; date: string }>(
      notProvided('consoleHoursPage: removeDay'),
    ),
  },
  guards: {
    isValidDay: ({ context, event }) => {
      const added = event as Extract<HoursPageEvent, { type: 'day.add' }>;
      return checkSpecialDay(context.data, added.location, added.values).ok;
    },
    isConsoleDay: ({ context, event }) => {
      const removed = event as Extract<HoursPageEvent, { type: 'day.remove' }>;
      return (
        context.data?.locations
          .find((listed) => listed.slug === removed.location)
          ?.special_days.some((day) => day.date === removed.date && day.source === 'console') === true
      );
    },
  },
  actions: {
    assignData: assign((_, data: ConsoleHours) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'consoleHoursPage',
  context: {
    data: null,
    error: null,
    formFor: null,
    fields: {},
    adding: null,
    removing: null,
    notice: null,
    problem: null,
  },
  initial: 'loading',
  states: {
    ...loadingRegion<'loadHours', ConsoleHours, undefined>('loadHours'),
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'day.add': [
              {
                guard: 'isValidDay',
                target: 'adding',
                actions: assign(({ context, event }) => {
                  const checked = checkSpecialDay(context.data, event.location, event.values);
                  return {
                    adding: checked.ok ? { location: event.location, day: checked.day } : null,
                    formFor: event.location,
                    fields: {},
                    notice: null,
                    problem: null,
                  };
                }),
              },
              {
                actions: assign(({ context, event }) => {
                  const checked = checkSpecialDay(context.data, event.location, event.values);
                  return {
                    formFor: event.location,
                    fields: checked.ok ? {} : checked.fields,
                    notice: null,
                    problem: null,
                  };
                }),
              },
            ],
            'day.remove': {
              guard: 'isConsoleDay',
              target: 'removing',
              actions: assign(({ event }) => ({
                removing: { location: event.location, date: event.date },
                formFor: null,
                fields: {},
                notice: null,
                problem: null,
              })),
            },
          },
        },
        adding: {
          tags: 'busy',
          invoke: {
            id: 'addDay',
            src: 'addDay',
            input: ({ context }) => context.adding as DayChange,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                data: event.output,
                notice: `${context.adding?.day.label ?? 'The day'} is set for ${nameOf(event.output, context.adding?.location ?? '')}`,
                adding: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                fields: refusalFields(event.error),
                problem: errorMessage(event.error),
                adding: null,
              })),
            },
          },
        },
        removing: {
          tags: 'busy',
          invoke: {
            id: 'removeDay',
            src: 'removeDay',
            input: ({ context }) => context.removing ?? { location: '', date: '' },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                data: event.output,
                notice: `The special day is removed from ${nameOf(event.output, context.removing?.location ?? '')}`,
                removing: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ problem: errorMessage(event.error), removing: null })),
            },
          },
        },
      },
    },
  },
});

/** A running hours page. */
export type HoursPageActorRef = ActorRefFrom<typeof hoursPageMachine>;
