/**
 * The model-based-test graph of a catalog entry: the events tried from each state, the `TestModel`
 * built from them, its shortest and simple paths and their test names (ADR 004). Shared by
 * `npm run catalog` and the path runner in `tests/paths` (machines may not import `tests/`).
 */
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import { type CatalogEntry, catalogJson } from '../catalog.types.ts';

/** The catalog entries a run covers, or the unknown id it was asked for. */
export type Selection =
  | { entries: CatalogEntry[]; unknownId?: undefined }
  | { entries: []; unknownId: string };

/** Every entry, or only the one whose machine id is `id` (`PATHS_MACHINE`, `npm run catalog -- <id>`). */
export function selectEntries(entries: readonly CatalogEntry[], id: string | undefined): Selection {
  if (!id) return { entries: [...entries] };
  const entry = entries.find((candidate) => candidate.id === id);
  return entry ? { entries: [entry] } : { entries: [], unknownId: id };
}

/** The message for an id no machine has, listing the ids there are. */
export function unknownMachineMessage(entries: readonly CatalogEntry[], id: string): string {
  const known = entries.map((entry) => entry.id).join(', ') || '(none)';
  return `No machine "${id}" in machines/catalog.ts. Known machine ids: ${known}`;
}

const MAX_PAYLOAD = 48;

/** FNV-1a, four hex digits: keeps shortened payloads apart in test names. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0').slice(0, 4);
}

function shorten(json: string): string {
  return json.length <= MAX_PAYLOAD ? json : `${json.slice(0, MAX_PAYLOAD - 8)}…#${shortHash(json)}`;
}

function formatValue(value: unknown): string {
  if (value instanceof Error && Object.keys(value).length === 0) {
    return shorten(`${value.name}(${JSON.stringify(value.message)})`);
  }
  return shorten(catalogJson(value));
}

/** `type` plus its payload, each value shortened: `go (ok: true)`, `xstate.error.actor.x (error: {…})`. */
export function formatEvent(event: AnyEventObject): string {
  const { type, ...payload } = event;
  const fields = Object.entries(payload).map(([key, value]) => `${key}: ${formatValue(value)}`);
  return fields.length > 0 ? `${type} (${fields.join(', ')})` : type;
}

/** A state value as dotted leaf paths: `"ready"`, `"form.editing", "upload.idle"`. */
export function formatStateValue(value: StateValue): string {
  const leaves = (item: StateValue, prefix: string): string[] =>
    typeof item === 'string'
      ? [`${prefix}${item}`]
      : Object.entries(item).flatMap(([key, child]) =>
          child === undefined ? [`${prefix}${key}`] : leaves(child as StateValue, `${prefix}${key}.`),
        );
  return leaves(value, '')
    .map((leaf) => `"${leaf}"`)
    .join(', ');
}

/**
 * A path's test name: where it ends and the events that lead there. Unique per event sequence; for an
 * entry with several inputs the first step names its input (`xstate.init (input 2)`).
 */
export function describePath(
  state: AnyMachineSnapshot,
  events: readonly AnyEventObject[],
  inputLabel?: string,
): string {
  const steps = events.map((event, index) =>
    index === 0 && inputLabel ? `${formatEvent(event)} (${inputLabel})` : formatEvent(event),
  );
  return `Reaches ${formatStateValue(state.value)}: ${steps.join(' → ')}`;
}

/** A path of the machine's graph, ready to replay. */
export type GraphPath = TestPath<AnyMachineSnapshot, AnyEventObject>;

/** One generated path test. */
export interface GeneratedPath {
  kind: 'shortest' | 'simple';
  /** The test name: where the path ends and the events leading there (unique within a machine). */
  description: string;
  path: GraphPath;
  /** The input the path starts from (one of the entry's `inputs`). */
  input: unknown;
}

/** A catalog entry's graphs (one per input) and the paths generated from them. */
export interface PathModel {
  entry: CatalogEntry;
  /** The machine the graph was built from: the entry's machine with the entry's `provide` applied. */
  model: AnyStateMachine;
  /** Shortest paths to every graph vertex, without paths that are prefixes of others. */
  shortest: GeneratedPath[];
  /** Simple paths, without prefixes of others (some equal a shortest path); empty when turned off. */
  simple: GeneratedPath[];
  /** The tests to run: every shortest path, then every simple path not already among them. */
  paths: GeneratedPath[];
  /** Every payload variant the traversal sent, as `catalogJson`. */
  sentEvents: Set<string>;
}

const DONE_STATE = 'xstate.done.state.';

function isWildcard(descriptor: string): boolean {
  return descriptor === '*' || descriptor.endsWith('.*');
}

function matchesDescriptor(descriptor: string, type: string): boolean {
  return descriptor === '*' || (descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1)));
}

/**
 * Whether `descriptor` is the outcome of a spawned child the snapshot does not have: the machine
 * handles it in every state, but it can arrive only while the child runs.
 */
function settlesAbsentChild(entry: CatalogEntry, snapshot: AnyMachineSnapshot, descriptor: string): boolean {
  const id = /^xstate\.(done|error)\.actor\.(.+)$/.exec(descriptor)?.[2];
  return id !== undefined && entry.spawned.includes(id) && !(id in snapshot.children);
}

/**
 * The events tried from a state: each event type the active nodes handle, with the entry's payload
 * variants for it (bare `{ type }` when it lists none). `xstate.done.state.*` is left out: the machine
 * raises it itself when a region completes; so is a spawned child's outcome while it is not running.
 */
export function eventsFor(entry: CatalogEntry): (snapshot: AnyMachineSnapshot) => AnyEventObject[] {
  return (snapshot) => {
    const seen = new Map<string, AnyEventObject>();
    for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot) as string[]) {
      if (descriptor.startsWith(DONE_STATE) || settlesAbsentChild(entry, snapshot, descriptor)) continue;
      const variants = entry.events.filter((event) =>
        isWildcard(descriptor) ? matchesDescriptor(descriptor, event.type) : event.type === descriptor,
      );
      for (const event of variants.length > 0 ? variants : [{ type: descriptor }])
        seen.set(catalogJson(event), event);
    }
    return [...seen.values()];
  };
}

/**
 * A graph vertex is a state *and the transition that entered it*, as `createTestModel` does: then
 * shortest paths take every transition once, including the way back (`retry`) into a visited state.
 */
function vertexKey(
  entry: CatalogEntry,
  state: AnyMachineSnapshot,
  event: AnyEventObject | undefined,
  previous: AnyMachineSnapshot | undefined,
): string {
  const key = entry.serializeState(state);
  if (!event) return key;
  return `${key} ← ${catalogJson(event)} from ${catalogJson(previous?.value)}`;
}

/** The entry's machine with the entry's own implementations bound (used by the graph and the replay). */
export function modelMachine(entry: CatalogEntry, machine: AnyStateMachine = entry.machine): AnyStateMachine {
  return entry.provide ? machine.provide(entry.provide) : machine;
}

function dropPrefixPaths(paths: GraphPath[]): GraphPath[] {
  const sequences = paths
    .map((path) => ({ path, events: path.steps.map((step) => catalogJson(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length);
  const kept: typeof sequences = [];
  for (const candidate of sequences) {
    const isPrefix = kept.some((longer) =>
      candidate.events.every((event, index) => longer.events[index] === event),
    );
    if (!isPrefix) kept.push(candidate);
  }
  return kept.map((item) => item.path).reverse();
}

function named(
  kind: GeneratedPath['kind'],
  paths: GraphPath[],
  input: unknown,
  inputLabel: string | undefined,
): GeneratedPath[] {
  return paths.map((path) => ({
    kind,
    path,
    input,
    description: describePath(
      path.state,
      path.steps.map((step) => step.event),
      inputLabel,
    ),
  }));
}

const models = new WeakMap<CatalogEntry, PathModel>();

/**
 * Builds the entry's graph (`TestModel` with the entry's payloads, bounds and input) and its shortest
 * and simple paths: one graph per input, each from that input's first state. Throws, naming the
 * machine and the remedy, when a graph exceeds `limit`.
 */
export function buildPathModel(entry: CatalogEntry): PathModel {
  const cached = models.get(entry);
  if (cached) return cached;
  const model = modelMachine(entry);
  const sentEvents = new Set<string>();
  const events = eventsFor(entry);
  const shortest: GeneratedPath[] = [];
  const simple: GeneratedPath[] = [];
  entry.inputs.forEach((input, index) => {
    const testModel = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(model, {
      events: (snapshot) => {
        const list = events(snapshot);
        for (const event of list) sentEvents.add(catalogJson(event));
        return list;
      },
      serializeState: (state, event, previous) => vertexKey(entry, state, event, previous),
      serializeEvent: (event) => catalogJson(event),
      stopWhen: entry.stopWhen,
      limit: entry.limit,
      input,
    });
    let shortestPaths: GraphPath[];
    let simplePaths: GraphPath[];
    try {
      shortestPaths = dropPrefixPaths(testModel.getShortestPaths({ allowDuplicatePaths: true }));
      simplePaths = entry.simplePaths
        ? dropPrefixPaths(testModel.getSimplePaths({ allowDuplicatePaths: true }))
        : [];
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${entry.id}: the graph cannot be built (${reason}). A context counter or other unbounded context ` +
          `makes it infinite: bound it with stopWhen, or drop the noise from serializeState ` +
          `(limit is ${entry.limit}).`,
        { cause: error },
      );
    }
    const label = entry.inputs.length > 1 ? `input ${index + 1}` : undefined;
    shortest.push(...named('shortest', shortestPaths, input, label));
    simple.push(...named('simple', simplePaths, input, label));
  });
  const shortestNames = new Set(shortest.map((path) => path.description));
  const extra = simple.filter((path) => !shortestNames.has(path.description));
  const pathModel: PathModel = { entry, model, shortest, simple, paths: [...shortest, ...extra], sentEvents };
  models.set(entry, pathModel);
  return pathModel;
}
