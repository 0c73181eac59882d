import {
  type ActorRefFromLogic,
  assign,
  type EventObject,
  fromPromise,
  type MetaObject,
  type NonReducibleUnknown,
  type PromiseActorLogic,
  type StateMachine,
  setup,
} from 'xstate';
import { errorMessage } from './error-message.ts';
import { errorOf } from './error-of.ts';
import { notProvided } from './not-provided.ts';

/** A loading page's context: what it reads with, its data once loaded, the last failure's message. */
export interface PageLoaderContext<TInput, TData> {
  input: TInput;
  data: TData | null;
  error: string | null;
}

/** Events a loading page accepts: `retry` once loading failed. */
export type PageLoaderEvent = { type: 'retry' };

/**
 * The loading region, untyped core of every loading page: `loading` (tag `loading`) invokes `actor`
 * (id and src alike) with `context.input` and goes to `ready` with the action `assignData`, or to
 * `failed` with `assignError`; `failed` accepts `retry`. A page machine with states of its own
 * spreads it into its `states` beside its `ready`, and declares the two actions (the saved-searches
 * page); to send some failures elsewhere, put a guarded transition first in `loading.invoke.onError`
 * (the content page's `notFound`). `TInput` is the actor's input (`undefined` for a page that reads
 * with nothing, like the console's hours, offers and staff pages).
 */
export const loadingRegion = <TActor extends string, TData, TInput = unknown>(actor: TActor) => ({
  loading: {
    tags: 'loading' as const,
    invoke: {
      id: actor,
      src: actor,
      input: ({ context }: { context: object }) => (context as { input?: TInput }).input as TInput,
      onDone: {
        target: 'ready' as const,
        actions: {
          type: 'assignData' as const,
          params: ({ event }: { event: { output: TData } }) => event.output,
        },
      },
      onError: { target: 'failed' as const, actions: { type: 'assignError' as const, params: errorOf } },
    },
  },
  failed: { on: { retry: 'loading' as const } },
});

/** The machine `createPageLoader` declares (xstate's type of it, written once for every page). */
export type PageLoaderMachine<TInput, TData, TActor extends string> = StateMachine<
  PageLoaderContext<TInput, TData>,
  PageLoaderEvent,
  { [id: string]: ActorRefFromLogic<PromiseActorLogic<TData, TInput>> | undefined },
  { src: TActor; logic: PromiseActorLogic<TData, TInput>; id: string | undefined },
  { type: 'assignData'; params: TData } | { type: 'assignError'; params: unknown },
  never,
  never,
  'loading' | 'ready' | 'failed',
  string,
  TInput,
  NonReducibleUnknown,
  EventObject,
  MetaObject,
  { id: string; states: { readonly loading: object; readonly ready: object; readonly failed: object } },
  MetaObject
>;

/**
 * A page that only reads: `loading → ready | failed`, `failed` accepts `retry`. Its one actor
 * (`load` unless named) receives the page's input and is bound in the page's wiring. The server
 * runs it to a settled state and embeds the persisted snapshot; the browser restores it. Pages
 * with flows of their own write their machine around `loadingRegion` (the saved-searches page).
 *
 * @example
 * // machines/compare/compare-page.machine.ts: the declaration is the whole machine
 * export const comparePageMachine = createPageLoader<CompareQuery, CompareAnswer, 'loadComparison'>({
 *   id: 'comparePage',
 *   actor: 'loadComparison',
 * });
 * // views/compare/wiring.ts binds the actor; the view selects `context.data`, `hasTag('loading')`
 * comparePageMachine.provide({
 *   actors: { loadComparison: fromPromise(({ input }) => fetchComparison(http, input)) },
 * });
 */
export function createPageLoader<TInput, TData, TActor extends string = 'load'>(options: {
  /** The machine's id (kept: persisted snapshots and the catalog name it). */
  id: string;
  /** The loading actor's name, its invoke id and src (`load` by default). */
  actor?: TActor;
}): PageLoaderMachine<TInput, TData, TActor> {
  const actor = options.actor ?? 'load';
  // The untyped core: one machine for every page, typed by the declaration's return type.
  const machine = setup({
    types: {} as { context: PageLoaderContext<unknown, unknown>; events: PageLoaderEvent; input: unknown },
    actors: { [actor]: fromPromise(notProvided(`${options.id}: ${actor}`)) },
    actions: {
      assignData: assign((_, data: unknown) => ({ data, error: null })),
      assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ input, data: null, error: null }),
    initial: 'loading',
    // biome-ignore lint/suspicious/noExplicitAny: the core is untyped; the return type types it.
    states: { ...(loadingRegion(actor) as any), ready: {} },
  });
  return machine as unknown as PageLoaderMachine<TInput, TData, TActor>;
}
