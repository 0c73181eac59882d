import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  OutputFrom,
  SnapshotFrom,
  StateMachine,
} from 'xstate';

/** The `{ src, logic }` pairs a machine declares in `setup({ actors })`. */
type ProvidedActorsOf<M extends AnyStateMachine> =
  M extends StateMachine<
    infer _TContext,
    infer _TEvent,
    infer _TChildren,
    infer TActor,
    infer _TAction,
    infer _TGuard,
    infer _TDelay,
    infer _TStateValue,
    infer _TTag,
    infer _TInput,
    infer _TOutput,
    infer _TEmitted,
    infer _TMeta,
    infer _TStateSchema,
    infer _TTransitionMeta
  >
    ? TActor
    : never;

/** The name of an actor the machine declares in `setup({ actors })`, e.g. `'loadHome'`. */
export type ActorNameOf<M extends AnyStateMachine> = ProvidedActorsOf<M>['src'];

/** What the actor named `TName` resolves with. */
export type ActorOutputOf<M extends AnyStateMachine, TName> = OutputFrom<
  Extract<ProvidedActorsOf<M>, { src: TName }>['logic']
>;

/**
 * The invokes whose outcome a path decides: invoke `id` → the actor's name in `setup({ actors })`.
 * The replay binds each named actor to a controllable promise and settles it when a path's step is
 * `xstate.done.actor.<id>` or `xstate.error.actor.<id>`.
 */
export type PromiseInvokesOf<M extends AnyStateMachine> = Readonly<Record<string, ActorNameOf<M>>>;

/** `xstate.done.actor.<id>` for each controlled invoke, with an `output` of that actor's type. */
export type DoneEventOf<M extends AnyStateMachine, TInvokes extends PromiseInvokesOf<M>> = {
  [Id in keyof TInvokes & string]: {
    type: `xstate.done.actor.${Id}`;
    output: ActorOutputOf<M, TInvokes[Id]>;
  };
}[keyof TInvokes & string];

/** `xstate.error.actor.<id>` for each controlled invoke, with the `error` the actor rejects with. */
export type ErrorEventOf<TInvokes extends Readonly<Record<string, string>>> = {
  [Id in keyof TInvokes & string]: { type: `xstate.error.actor.${Id}`; error: unknown };
}[keyof TInvokes & string];

/**
 * One event the traversal may send: the machine's own events with their payloads, and the done/error
 * events of the controlled invokes. `xstate.after.*` delays are added by the runner, not listed.
 */
export type CatalogEventOf<M extends AnyStateMachine, TInvokes extends PromiseInvokesOf<M>> =
  | EventFromLogic<M>
  | DoneEventOf<M, TInvokes>
  | ErrorEventOf<TInvokes>;

/** The implementations `machine.provide(...)` accepts for this machine. */
export type ImplementationsOf<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/**
 * The machine's inputs: one `input`, or several `inputs` when its first state depends on the input
 * (a pass-through `always` choosing where to open): the graph is built from each input's first state,
 * and every path is replayed with the input it started from.
 */
type InputField<M extends AnyStateMachine> =
  | (undefined extends InputFrom<M>
      ? {
          /** The machine's `input` for both the traversal and the replay. */
          input?: InputFrom<M>;
          inputs?: undefined;
        }
      : {
          /** The machine's `input` for both the traversal and the replay. */
          input: InputFrom<M>;
          inputs?: undefined;
        })
  | {
      input?: undefined;
      /** Several inputs, each a start of its own: paths from every one (at least two). */
      inputs: readonly [InputFrom<M>, InputFrom<M>, ...InputFrom<M>[]];
    };

/** What a machine's author writes to register it (see `defineCatalogEntry`). */
export type CatalogEntryConfig<M extends AnyStateMachine, TInvokes extends PromiseInvokesOf<M>> = {
  /** One line for QA: what the flow is and its outcomes. */
  summary: string;
  /** Invoke id → actor name for every invoke whose outcome a path decides (see `PromiseInvokesOf`). */
  promiseInvokes: TInvokes;
  /**
   * The ids in `promiseInvokes` that an action spawns (`spawnChild`) rather than a state invokes:
   * no state node names them, so the entry does. Their done and error events are the machine's own.
   */
  spawned?: ReadonlyArray<keyof TInvokes & string>;
  /**
   * The traversal's payload variants: one per guard branch, plus an `output` per `xstate.done.actor.<id>`
   * and an `error` per `xstate.error.actor.<id>` outcome. Event types the machine accepts but that are
   * not listed here are sent as bare `{ type }`.
   */
  events: ReadonlyArray<CatalogEventOf<M, TInvokes>>;
  /**
   * What identifies a state for the graph (any JSON-able value). Defaults to `{ value, context }`;
   * return less to drop noisy context (a counter, a timestamp), and then paths do not assert it either.
   */
  serializeState?: (snapshot: SnapshotFrom<M>) => unknown;
  /** Stop exploring beyond these states (keeps context-bearing graphs finite). */
  stopWhen?: (snapshot: SnapshotFrom<M>) => boolean;
  /** Traversal budget; exceeding it fails loudly instead of truncating. Default 5000. */
  limit?: number;
  /**
   * Implementations for both the graph and the replay besides the controlled promises: fake callback
   * actors, side-effect actions declared with `notProvided`, guards bound at run time.
   */
  provide?: ImplementationsOf<M>;
  /** Generate simple paths as well as shortest paths. Turn off, with a reason, when they explode. */
  simplePaths?: boolean;
  /**
   * Transitions no shopper can drive through the real page, each with the reason (issue 32 item 12):
   * keyed by the transition's name, `source event` with ` [guard]` or ` [otherwise]` when it has one
   * (`'dragging slider.commit [isRefused]'`, `'failed retry'`; the root's source is the machine id).
   * `npm run catalog --coverage` counts them apart, and a name that matches no transition is a finding.
   */
  notThroughUi?: Readonly<Record<string, string>>;
} & InputField<M>;

/**
 * One machine in the catalog, as the runner, `npm run catalog` and the e2e page objects read it.
 * Build it with `defineCatalogEntry`, which type-checks events against the machine.
 */
export interface CatalogEntry {
  /** The machine's id (`createMachine({ id })`); `npm run test:paths -- <id>` selects it. */
  readonly id: string;
  /** One line for QA. */
  readonly summary: string;
  /** The statechart as its file exports it. */
  readonly machine: AnyStateMachine;
  /**
   * The inputs the graph starts from: one (`[undefined]` for a machine without input), or the
   * entry's `inputs`, each with paths of its own.
   */
  readonly inputs: readonly unknown[];
  /** Invoke id → actor name, for the invokes the replay settles. */
  readonly promiseInvokes: Readonly<Record<string, string>>;
  /** The ids of `promiseInvokes` that actions spawn. */
  readonly spawned: readonly string[];
  /** The traversal's payload variants. */
  readonly events: readonly AnyEventObject[];
  /** A state's identity in the graph, as a string. */
  readonly serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Where the traversal stops expanding. */
  readonly stopWhen: ((snapshot: AnyMachineSnapshot) => boolean) | undefined;
  /** The traversal budget. */
  readonly limit: number;
  /** Extra implementations for the graph and the replay. */
  readonly provide: ImplementationsOf<AnyStateMachine> | undefined;
  /** Whether simple paths are generated too. */
  readonly simplePaths: boolean;
  /** Transition name → why no end-to-end test can drive it through the page. */
  readonly notThroughUi: Readonly<Record<string, string>>;
}

/** The default traversal budget of a catalog entry. */
export const DEFAULT_TRAVERSAL_LIMIT = 5000;

/**
 * JSON for graph keys and test names. Unlike `JSON.stringify`, an `Error` keeps its name and message
 * (plain JSON turns every error into `{}`, so two error payloads would collapse into one).
 */
export function catalogJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item instanceof Error ? { ...item, name: item.name, message: item.message } : item,
    ) ?? 'undefined'
  );
}

/**
 * Registers a machine: checks the config against the machine's own types (event types and payloads,
 * invoke outputs, input, snapshot shapes) and returns the untyped entry the catalog lists.
 *
 * @example
 * export const homePageCatalogEntry = defineCatalogEntry(homePageMachine, {
 *   summary: 'Home page: loads the dealer content; loading → ready | failed, retry from failed',
 *   promiseInvokes: { loadHome: 'loadHome' },
 *   events: [{ type: 'xstate.done.actor.loadHome', output: home }, { type: 'xstate.error.actor.loadHome', error }],
 * });
 */
export function defineCatalogEntry<M extends AnyStateMachine, const TInvokes extends PromiseInvokesOf<M>>(
  machine: M,
  config: CatalogEntryConfig<M, TInvokes> & { events: ReadonlyArray<NoInfer<CatalogEventOf<M, TInvokes>>> },
): CatalogEntry {
  const serialize = config.serializeState as ((snapshot: AnyMachineSnapshot) => unknown) | undefined;
  return {
    id: machine.id,
    summary: config.summary,
    machine,
    inputs: config.inputs ?? [(config as { input?: unknown }).input],
    promiseInvokes: config.promiseInvokes,
    spawned: config.spawned ?? [],
    events: config.events as readonly AnyEventObject[],
    serializeState: serialize
      ? (snapshot) => catalogJson(serialize(snapshot))
      : (snapshot) => catalogJson({ value: snapshot.value, context: snapshot.context }),
    stopWhen: config.stopWhen as CatalogEntry['stopWhen'],
    limit: config.limit ?? DEFAULT_TRAVERSAL_LIMIT,
    provide: config.provide as CatalogEntry['provide'],
    simplePaths: config.simplePaths ?? true,
    notThroughUi: config.notThroughUi ?? {},
  };
}
