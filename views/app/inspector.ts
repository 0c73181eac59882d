import type { InspectionEvent, Observer, StateValue } from 'xstate';

/**
 * What a developer asked for in the page URL: `?inspect` or `?inspect=stately` attaches the Stately
 * inspector; `?inspect=log` keeps a local log (for where stately.ai cannot be reached).
 */
export type InspectMode = 'stately' | 'log';

/** What `createActor(logic, { inspect })` and `useActorRef(logic, { inspect })` accept. */
export type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** One processed event in the local inspection log. */
export interface InspectionLogEntry {
  /** When it was processed (ms since the epoch). */
  at: number;
  /** The actor's id (the invoke id for invoked actors, the session id for root actors). */
  actorId: string;
  /** The actor's `systemId`, when it has one. */
  systemId: string | undefined;
  sessionId: string;
  /** The event the actor processed (`xstate.init` when it started). */
  eventType: string;
  /** The state value after the event, for machines. */
  value: StateValue | undefined;
  /** The actor's status after the event. */
  status: string;
}

/** The local log's size: the last this many events are kept. */
export const INSPECTION_LOG_CAPACITY = 500;

/** A ring buffer of the last processed events, oldest first. Exposed as `window.__forecourtInspection`. */
export class InspectionLog {
  private readonly buffer: Array<InspectionLogEntry | undefined>;
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number = INSPECTION_LOG_CAPACITY) {
    this.buffer = new Array<InspectionLogEntry | undefined>(capacity);
  }

  /** How many entries the log holds (at most `capacity`). */
  get size(): number {
    return this.count;
  }

  /** Adds an entry, dropping the oldest when the log is full. */
  push(entry: InspectionLogEntry): void {
    this.buffer[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  /** The entries, oldest first. */
  entries(): InspectionLogEntry[] {
    const start = (this.next - this.count + this.capacity) % this.capacity;
    return Array.from(
      { length: this.count },
      (_, index) => this.buffer[(start + index) % this.capacity],
    ).filter((entry): entry is InspectionLogEntry => entry !== undefined);
  }

  /** Empties the log. */
  clear(): void {
    this.buffer.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Prints the log as a table (for the console: `__forecourtInspection.print()`). */
  print(): void {
    console.table(
      this.entries().map((entry) => ({
        ...entry,
        value: formatValue(entry.value),
        at: new Date(entry.at).toISOString(),
      })),
    );
  }
}

declare global {
  interface Window {
    /** The local inspection log, with `?inspect=log` in development. */
    __forecourtInspection?: InspectionLog;
  }
}

function formatValue(value: StateValue | undefined): string {
  return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/** Reads the opt-in from a URL's search string; `null` when there is none or it is not understood. */
export function parseInspectMode(search: string): InspectMode | null {
  const params = new URLSearchParams(search);
  if (!params.has('inspect')) return null;
  const value = params.get('inspect') ?? '';
  if (value === '' || value === 'stately') return 'stately';
  if (value === 'log') return 'log';
  return null;
}

/** Options for `createInspectionLogObserver`. */
export interface InspectionLogOptions {
  now?: () => number;
  /** Print each event with `console.groupCollapsed` + `console.debug`. Default true. */
  print?: boolean;
}

/** An `inspect` observer that records every processed event (from `@xstate.snapshot`) in `log`. */
export function createInspectionLogObserver(
  log: InspectionLog,
  { now = () => Date.now(), print = true }: InspectionLogOptions = {},
): (event: InspectionEvent) => void {
  return (event) => {
    if (event.type !== '@xstate.snapshot') return;
    const actor = event.actorRef as { id?: string; systemId?: string; sessionId: string };
    const snapshot = event.snapshot as { status: string; value?: StateValue };
    const entry: InspectionLogEntry = {
      at: now(),
      actorId: actor.id ?? actor.sessionId,
      systemId: actor.systemId,
      sessionId: actor.sessionId,
      eventType: event.event.type,
      value: snapshot.value,
      status: snapshot.status,
    };
    log.push(entry);
    if (!print) return;
    const system = entry.systemId ? ` (${entry.systemId})` : '';
    const after = entry.value === undefined ? entry.status : formatValue(entry.value);
    console.groupCollapsed(`[inspect] ${entry.actorId}${system} ← ${entry.eventType} → ${after}`);
    console.debug('event', event.event);
    console.debug('snapshot', event.snapshot);
    console.groupEnd();
  };
}

/** The part of `@statelyai/inspect`'s inspector this module uses. */
export interface StatelyInspector {
  inspect: Observer<InspectionEvent>;
  stop(): void;
}

/** An attached inspector (or none): what every actor's `inspect` option gets. */
export interface ForecourtInspector {
  mode: InspectMode | null;
  /** Pass to every actor; `undefined` when inspection is off. */
  inspect: InspectionObserver | undefined;
  /** The local log, with `?inspect=log`. */
  log: InspectionLog | undefined;
  /** Settles once the inspector is attached (the Stately module loaded, or failed to). */
  ready: Promise<void>;
  /** Detaches: the Stately window stops receiving, the local log stops recording. */
  stop(): void;
}

/** Seams for tests; the app uses the defaults. */
export interface CreateInspectorOptions {
  /** Loads the Stately inspector; by default a dynamic import that exists in development only. */
  loadStately?: () => Promise<StatelyInspector | undefined>;
  /** Where the local log is exposed as `__forecourtInspection`; by default `window`. */
  target?: { __forecourtInspection?: InspectionLog };
  now?: () => number;
  print?: boolean;
}

/** Events kept while the Stately module loads, so actors started meanwhile still show up. */
const MAX_EARLY_EVENTS = 1000;

async function loadStatelyInspector(): Promise<StatelyInspector | undefined> {
  // The import stays inside this literal guard so production builds drop it and its chunk.
  if (import.meta.env.DEV) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector();
  }
  return undefined;
}

const off: ForecourtInspector = {
  mode: null,
  inspect: undefined,
  log: undefined,
  ready: Promise.resolve(),
  stop: () => {},
};

/**
 * Decides from the page URL and the build whether actors are inspected, and how. Inspection is
 * development-only: with `env.dev` false nothing attaches, whatever the URL says.
 *
 * - `?inspect`, `?inspect=stately`: the Stately inspector (a stately.ai window) sees every actor. Its
 *   module is imported on demand; events before it has loaded are buffered and replayed.
 * - `?inspect=log`: a local ring buffer of the last 500 processed events (actor id, system id, event
 *   type, state value after, time), on `window.__forecourtInspection` and printed with `console.debug`.
 */
export function createInspector(
  location: { search: string },
  env: { dev: boolean },
  options: CreateInspectorOptions = {},
): ForecourtInspector {
  if (!env.dev) return off;
  const mode = parseInspectMode(location.search);
  if (mode === null) {
    if (new URLSearchParams(location.search).has('inspect')) {
      console.warn('[inspect] Unknown ?inspect value: use ?inspect (Stately) or ?inspect=log');
    }
    return off;
  }
  if (mode === 'log') {
    const log = new InspectionLog();
    const target = options.target ?? (globalThis as { __forecourtInspection?: InspectionLog });
    target.__forecourtInspection = log;
    let active = true;
    const record = createInspectionLogObserver(log, { now: options.now, print: options.print });
    return {
      mode,
      log,
      inspect: (event) => {
        if (active) record(event);
      },
      ready: Promise.resolve(),
      stop: () => {
        active = false;
      },
    };
  }
  let stately: StatelyInspector | undefined;
  let stopped = false;
  const early: InspectionEvent[] = [];
  const ready = (options.loadStately ?? loadStatelyInspector)().then(
    (inspector) => {
      if (!inspector) return;
      if (stopped) return inspector.stop();
      stately = inspector;
      for (const event of early.splice(0)) inspector.inspect.next?.(event);
    },
    (error: unknown) => {
      console.warn('[inspect] The Stately inspector could not be loaded; ?inspect=log works offline.', error);
    },
  );
  return {
    mode,
    log: undefined,
    inspect: (event) => {
      if (stopped) return;
      if (stately) stately.inspect.next?.(event);
      else if (early.length < MAX_EARLY_EVENTS) early.push(event);
    },
    ready,
    stop: () => {
      stopped = true;
      stately?.stop();
    },
  };
}

let current: ForecourtInspector = off;

/**
 * Attaches the inspector the page URL opts into (see `createInspector`); call once in the browser
 * entry before the first actor is created, and await it. Replaces any inspector attached before.
 */
export async function initInspector(
  location: { search: string },
  env: { dev: boolean },
): Promise<ForecourtInspector> {
  current.stop();
  current = createInspector(location, env);
  await current.ready;
  return current;
}

/**
 * The `inspect` option for every `createActor` / `useActorRef` in the app: the attached inspector's
 * observer, or `undefined` when inspection is off (always on the server and in production).
 * Safe to call during render.
 */
export function inspectOption(): InspectionObserver | undefined {
  // End-to-end runs install `__forecourtInspect` before the page loads: it records the transitions
  // the browser drives, in any build (decision 078; tests/e2e/support/transition-recorder.ts).
  return current.inspect ?? (globalThis as { __forecourtInspect?: InspectionObserver }).__forecourtInspect;
}
