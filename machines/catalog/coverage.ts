/**
 * What a machine definition holds (states, invokes, transitions), which of it the generated paths
 * reach, and where a catalog entry disagrees with its machine.
 */
import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createEmptyActor,
  type InspectionEvent,
} from 'xstate';
import type { CatalogEntry } from '../catalog.types.ts';
import type { PathModel } from './graph.ts';

/** One state node of a machine definition, in document order. */
export interface StateInfo {
  node: AnyStateNode;
  /** The node's id (`homePage.loading`), as `#id` targets and `xstate.after.*` events name it. */
  id: string;
  /** The dotted path from the root (`''` for the root itself). */
  path: string;
  /** The node's own key (the machine id for the root). */
  key: string;
  depth: number;
  type: AnyStateNode['type'];
  /** The parent's initial child (for the root: always). */
  initial: boolean;
  tags: string[];
  invokes: InvokeInfo[];
}

/** One `invoke` of a state node. */
export interface InvokeInfo {
  id: string;
  /** The actor's name in `setup({ actors })`, or `inline` for inline logic. */
  src: string;
  /** Whether the machine gave the invoke an id, rather than xstate generating one. */
  explicitId: boolean;
}

/** One transition of a machine definition: its source, event, guard and targets. */
export interface TransitionInfo {
  definition: AnyTransitionDefinition;
  /** The source state's path (the machine id for the root). */
  source: string;
  /** The event type; `always` for eventless transitions. */
  event: string;
  /** A readable guard (`isValid`, `and(isA, not(isB))`), if any. */
  guard: string | undefined;
  /** Target state paths; empty when the transition only runs actions. */
  targets: string[];
  /** For `xstate.after.*`: the delay as declared and, when known, in milliseconds. */
  delay: string | undefined;
  reenter: boolean;
  /** Unguarded, after guarded candidates for the same event: taken when none of them is. */
  otherwise: boolean;
}

function displayPath(machine: AnyStateMachine, node: AnyStateNode): string {
  return node.path.length === 0 ? machine.id : node.path.join('.');
}

function invokesOf(node: AnyStateNode): InvokeInfo[] {
  const configured = node.config.invoke;
  const configs: unknown[] =
    configured === undefined ? [] : Array.isArray(configured) ? configured : [configured];
  return node.invoke.map((invoke, index) => {
    const config = configs[index];
    return {
      id: invoke.id,
      src: typeof invoke.src === 'string' ? invoke.src : 'inline',
      explicitId: typeof config === 'object' && config !== null && 'id' in config,
    };
  });
}

/** Every state node, root first, children in document order. */
export function statesOf(machine: AnyStateMachine): StateInfo[] {
  const states: StateInfo[] = [];
  const visit = (node: AnyStateNode, depth: number): void => {
    const parent = node.parent;
    states.push({
      node,
      id: node.id,
      path: node.path.join('.'),
      key: node.path.length === 0 ? machine.id : node.key,
      depth,
      type: node.type,
      initial: !parent || (parent.type === 'compound' && (parent.initial?.target ?? []).includes(node)),
      tags: [...node.tags],
      invokes: invokesOf(node),
    });
    for (const child of Object.values(node.states)) visit(child, depth + 1);
  };
  visit(machine.root, 0);
  return states;
}

/** A guard as a reader would write it: its name, or `and(...)`/`or(...)`/`not(...)`, or `inline`. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const nested = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(nested)) return `${guard.name}(${nested.map(guardLabel).join(', ')})`;
    if ('stateValue' in guard)
      return `stateIn(${JSON.stringify((guard as { stateValue: unknown }).stateValue)})`;
    return guard.name && guard.name !== 'anonymous' ? guard.name : 'inline';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'inline';
}

function delayOf(machine: AnyStateMachine, source: AnyStateNode, event: string): string | undefined {
  const prefix = 'xstate.after.';
  const suffix = `.${source.id}`;
  if (!event.startsWith(prefix) || !event.endsWith(suffix)) return undefined;
  const delay = event.slice(prefix.length, event.length - suffix.length);
  if (/^\d+$/.test(delay)) return `${delay}ms`;
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  return typeof named === 'number' ? `${delay} = ${named}ms` : delay;
}

/** Every transition of the definition (`on`, `after`, invoke `onDone`/`onError`, `onDone`, `always`). */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  const transitions: TransitionInfo[] = [];
  for (const state of statesOf(machine)) {
    const node = state.node;
    for (const candidates of [...node.transitions.values(), node.always ?? []]) {
      candidates.forEach((definition, index) => {
        const event = definition.eventType || 'always';
        transitions.push({
          definition,
          source: displayPath(machine, node),
          event,
          guard: definition.guard === undefined ? undefined : guardLabel(definition.guard),
          otherwise: definition.guard === undefined && index > 0,
          targets: (definition.target ?? []).map((target) => displayPath(machine, target)),
          delay: delayOf(machine, node, event),
          reenter: definition.reenter,
        });
      });
    }
  }
  return transitions;
}

/** Which states and transitions of the definition the generated paths reach. */
export interface Coverage {
  states: Array<{ state: StateInfo; covered: boolean }>;
  transitions: Array<{ transition: TransitionInfo; covered: boolean }>;
}

/**
 * Replays every generated path through the model's transition function and records each state node
 * entered and each transition taken, transient states and eventless/`onDone` microsteps included,
 * from every one of the entry's inputs.
 */
export function coverageOf(pathModel: PathModel): Coverage {
  const { model, entry } = pathModel;
  const probe = createEmptyActor();
  const taken = new Set<AnyTransitionDefinition>();
  const reached = new Set<unknown>();
  probe.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    // A transition taken had its source active: this counts a pass-through first state (an input's
    // `always` choice), which no resting snapshot shows.
    for (const transition of event._transitions) {
      taken.add(transition);
      reached.add(transition.source);
    }
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) reached.add(node);
  });
  const scope = {
    self: probe,
    system: probe.system,
    id: '',
    sessionId: 'coverage',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  for (const input of entry.inputs) model.getInitialSnapshot(scope, input);
  for (const { path } of pathModel.paths) {
    path.steps.forEach((step, index) => {
      for (const node of step.state._nodes) reached.add(node);
      const previous = path.steps[index - 1];
      if (previous) model.transition(previous.state, step.event, scope);
    });
  }
  return {
    states: statesOf(model).map((state) => ({ state, covered: reached.has(state.node) })),
    transitions: transitionsOf(model).map((transition) => ({
      transition,
      covered: taken.has(transition.definition),
    })),
  };
}

/**
 * Ways the entry disagrees with its machine: controlled invokes that do not exist or run another actor,
 * invokes without an explicit id, done/error payloads for uncontrolled invokes, missing outcomes.
 */
export function validateEntry(entry: CatalogEntry): string[] {
  const problems: string[] = [];
  const machine = entry.machine;
  const states = statesOf(machine);
  const invokes = new Map(
    states.flatMap((state) => state.invokes.map((invoke) => [invoke.id, { invoke, state }])),
  );
  const declared = machine.implementations.actors as Record<string, unknown>;
  if (entry.id !== machine.id)
    problems.push(`the entry's id "${entry.id}" is not the machine's id "${machine.id}"`);
  for (const state of states) {
    for (const invoke of state.invokes) {
      if (!invoke.explicitId) {
        problems.push(
          `state "${state.path}" invokes "${invoke.src}" without an explicit id (ARCHITECTURE §3)`,
        );
      }
    }
  }
  for (const [id, actor] of Object.entries(entry.promiseInvokes)) {
    if (!(actor in declared))
      problems.push(`promiseInvokes: actor "${actor}" is not declared in setup({ actors })`);
    const lists = (prefix: string) => entry.events.some((event) => event.type === `${prefix}${id}`);
    if (entry.spawned.includes(id)) {
      if (invokes.has(id)) problems.push(`spawned: "${id}" is invoked by a state, not spawned`);
      // A spawned child's outcomes are handled wherever the machine says: paths need both.
      for (const prefix of ['xstate.done.actor.', 'xstate.error.actor.']) {
        if (!lists(prefix)) problems.push(`events: no ${prefix}${id} variant for the spawned "${id}"`);
      }
      continue;
    }
    const found = invokes.get(id);
    if (!found) {
      problems.push(`promiseInvokes: no state invokes an actor with id "${id}"`);
      continue;
    }
    if (found.invoke.src !== actor) {
      problems.push(`promiseInvokes: invoke "${id}" runs "${found.invoke.src}", not "${actor}"`);
    }
    const handles = (prefix: string) =>
      [...found.state.node.transitions.keys()].some((type) => type === `${prefix}${id}`);
    for (const [prefix, field] of [
      ['xstate.done.actor.', 'output'],
      ['xstate.error.actor.', 'error'],
    ] as const) {
      if (handles(prefix) && !lists(prefix)) {
        problems.push(`events: no ${prefix}${id} variant, so paths settle "${id}" without an ${field}`);
      }
    }
  }
  for (const event of entry.events) {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (match?.[2] !== undefined && !(match[2] in entry.promiseInvokes)) {
      problems.push(
        `events: ${event.type} names invoke "${match[2]}", which promiseInvokes does not control`,
      );
    }
    if (event.type.startsWith('xstate.after.')) {
      problems.push(`events: ${event.type} is listed; delays are added by the runner, leave them out`);
    }
  }
  return problems;
}
