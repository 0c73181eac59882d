import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './error-message.ts';
import { errorOf } from './error-of.ts';
import { notProvided } from './not-provided.ts';

/** A loaded page's data, or the message of the last failure. */
export interface PageLoaderContext<TData> {
  data: TData | null;
  error: string | null;
}

/** Events a loading page accepts: `retry` once loading failed. */
export type PageLoaderEvent = { type: 'retry' };

/**
 * A page that only reads: `loading → ready | failed`, `failed` accepts `retry`. Its one actor is
 * `load` (bound in the page's wiring). The server runs it to a settled state and embeds the persisted
 * snapshot; the browser restores it. Pages with flows of their own write their machine instead (the
 * car page invokes its children by name).
 */
export function createPageLoader<TData>(id: string) {
  return setup({
    types: {} as { context: PageLoaderContext<TData>; events: PageLoaderEvent },
    actors: { load: fromPromise<TData>(notProvided(`${id}: load`)) },
    actions: {
      assignData: assign((_, data: TData) => ({ data, error: null })),
      assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    },
  }).createMachine({
    id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
          onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
        },
      },
      ready: {},
      failed: { on: { retry: 'loading' } },
    },
  });
}
