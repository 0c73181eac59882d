import { isDeepStrictEqual } from 'node:util';
import {
  type Actor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
} from 'xstate';
import {
  formatEvent,
  formatStateValue,
  type GeneratedPath,
  modelMachine,
  type PathModel,
} from '../../machines/catalog/graph.ts';
import { catalogJson } from '../../machines/catalog.types.ts';

/** How a path is replayed. */
export interface ReplayOptions {
  /**
   * The machine the real actor runs, when it is not the entry's own: the runner's own tests pass a
   * deliberately broken variant here to prove a wrong implementation fails.
   */
  implementation?: AnyStateMachine;
}

/** What a replay checked. */
export interface ReplayResult {
  /** Steps whose state (value, status, serialised state), emitted events and timers matched the model. */
  checkedSteps: number;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** Promise actors that settle when a path says so, keyed by the invoke id they run under. */
class PromiseControl {
  private readonly running = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void }
  >();

  /** A promise actor that waits for `settle` under the id it was invoked with. */
  actor() {
    return fromPromise<unknown>(
      ({ self }) =>
        new Promise((resolve, reject) => {
          this.running.set(self.id, { resolve, reject });
        }),
    );
  }

  settle(id: string, outcome: 'resolve' | 'reject', value: unknown): void {
    const promise = this.running.get(id);
    if (!promise) {
      const running = [...this.running.keys()].join(', ') || 'none';
      throw new Error(
        `the model settles invoke "${id}", but the actor is not running it (running: ${running})`,
      );
    }
    this.running.delete(id);
    if (outcome === 'resolve') promise.resolve(value);
    else promise.reject(value);
  }
}

type AnyActorSystem = AnyActorRef['system'];
type ScheduledEvent = ReturnType<AnyActorSystem['getSnapshot']>['_scheduledEvents'][string];

/** A `SimulatedClock` that knows when each of the actor system's delayed events is due. */
class TimerControl {
  readonly clock = new SimulatedClock();
  private readonly due = new Map<string, { scheduled: ScheduledEvent; at: number }>();

  /** Records timers scheduled since the last call (at the current simulated time) and returns them. */
  sync(system: AnyActorSystem): ScheduledEvent[] {
    const current = system.getSnapshot()._scheduledEvents;
    const added: ScheduledEvent[] = [];
    for (const key of [...this.due.keys()]) if (!(key in current)) this.due.delete(key);
    for (const [key, scheduled] of Object.entries(current)) {
      if (this.due.get(key)?.scheduled !== scheduled) {
        this.due.set(key, { scheduled, at: this.clock.now() + scheduled.delay });
        added.push(scheduled);
      }
    }
    return added;
  }

  /** Advances the clock to the moment the delayed event `type` fires. */
  fire(system: AnyActorSystem, type: string): void {
    this.sync(system);
    const timers = [...this.due.values()].filter((timer) => timer.scheduled.event.type === type);
    if (timers.length === 0) {
      const pending = [...this.due.values()].map((timer) => timer.scheduled.event.type).join(', ') || 'none';
      throw new Error(
        `the model takes "${type}", but the actor has no such timer pending (pending: ${pending})`,
      );
    }
    const at = Math.min(...timers.map((timer) => timer.at));
    this.clock.increment(Math.max(0, at - this.clock.now()));
  }
}

/** Lets the actor process promise settlements (microtasks) before a step is checked. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type ExecutableAction = { type: string; params?: unknown };

function emittedBy(actions: readonly ExecutableAction[]): AnyEventObject[] {
  return actions
    .filter((action) => action.type === 'xstate.emit')
    .map((action) => (action.params as { event: AnyEventObject }).event);
}

/** Delayed events (`after`, `raise`/`sendTo` with a delay) as `type@delay`, sorted. */
function timersBy(actions: readonly ExecutableAction[]): string[] {
  return actions
    .filter((action) => action.type === 'xstate.raise' || action.type === 'xstate.sendTo')
    .map((action) => action.params as { event: AnyEventObject; delay?: number })
    .filter((params) => params.delay !== undefined)
    .map((params) => `${params.event.type}@${params.delay}ms`)
    .sort();
}

function describeSnapshot(serialised: string, snapshot: { status: string }): string {
  return snapshot.status === 'active' ? serialised : `${serialised} (status ${snapshot.status})`;
}

/**
 * Replays one generated path on a real actor started with the path's own input: promise invokes become controllable stubs, time is a
 * `SimulatedClock`. Each step is driven the way the outside world would drive it (settle a promise,
 * let time pass, send the event), then the actor's state value, status, serialised state, emitted
 * events and newly started timers (event and delay) must equal what the model predicts. Rejects at the
 * first step that differs.
 */
export async function replayPath(
  pathModel: PathModel,
  generated: GeneratedPath,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const { entry, model } = pathModel;
  const steps = generated.path.steps;
  const promises = new PromiseControl();
  const timers = new TimerControl();
  const stubs = Object.fromEntries(
    [...new Set(Object.values(entry.promiseInvokes))].map((name) => [name, promises.actor()]),
  );
  const logic = modelMachine(entry, options.implementation).provide({ actors: stubs });
  let actor: Actor<AnyStateMachine> | undefined;
  let actorError: unknown;
  let emitted: AnyEventObject[] = [];
  let scheduled: string[] = [];
  let previous: AnyMachineSnapshot | undefined;
  let index = -1;
  let checkedSteps = 0;

  const running = (): Actor<AnyStateMachine> => {
    if (!actor) throw new Error('the path does not start with xstate.init');
    return actor;
  };

  const drive = async ({ event }: { event: AnyEventObject }): Promise<void> => {
    index += 1;
    emitted = [];
    if (event.type === 'xstate.init') {
      actor = createActor(logic, { input: generated.input, clock: timers.clock });
      actor.on('*', (emittedEvent: AnyEventObject) => emitted.push(emittedEvent));
      actor.subscribe({ error: (error) => (actorError = error) });
      actor.start();
    } else if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
      const done = event.type.startsWith(DONE);
      const id = event.type.slice((done ? DONE : ERROR).length);
      if (!(id in entry.promiseInvokes)) {
        throw new Error(
          `${event.type}: invoke "${id}" is not in the entry's promiseInvokes, so its outcome cannot be decided`,
        );
      }
      promises.settle(id, done ? 'resolve' : 'reject', done ? event.output : event.error);
    } else if (event.type.startsWith(AFTER)) {
      timers.fire(running().system, event.type);
    } else {
      running().send(event);
    }
    await settle();
    const root = running();
    scheduled = timers
      .sync(root.system)
      .filter((timer) => timer.source === root)
      .map((timer) => `${timer.event.type}@${timer.delay}ms`)
      .sort();
  };

  const check = (expected: AnyMachineSnapshot): void => {
    const actual = running().getSnapshot() as AnyMachineSnapshot;
    const step = steps[index];
    const [, actions] = previous
      ? transition(model, previous, step?.event ?? { type: 'xstate.init' })
      : initialTransition(model, generated.input);
    const expectedEmitted = emittedBy(actions);
    const expectedTimers = timersBy(actions);
    const expectedKey = entry.serializeState(expected);
    const actualKey = entry.serializeState(actual);
    const differences: string[] = [];
    if (!isDeepStrictEqual(actual.value, expected.value)) {
      differences.push(
        `state ${formatStateValue(actual.value)}, expected ${formatStateValue(expected.value)}`,
      );
    }
    if (actual.status !== expected.status)
      differences.push(`status ${actual.status}, expected ${expected.status}`);
    if (actualKey !== expectedKey) differences.push('serialised state differs');
    if (!isDeepStrictEqual(emitted, expectedEmitted)) {
      differences.push(`emitted ${catalogJson(emitted)}, expected ${catalogJson(expectedEmitted)}`);
    }
    if (!isDeepStrictEqual(scheduled, expectedTimers)) {
      differences.push(`timers started [${scheduled.join(', ')}], expected [${expectedTimers.join(', ')}]`);
    }
    if (differences.length > 0) {
      const lines = [
        `Step ${index + 1}/${steps.length} (${step ? formatEvent(step.event) : '?'}): ${differences.join('; ')}.`,
        `  model: ${describeSnapshot(expectedKey, expected)}`,
        `  actor: ${describeSnapshot(actualKey, actual)}`,
      ];
      if (actorError !== undefined) lines.push(`  actor error: ${String(actorError)}`);
      throw new Error(lines.join('\n'));
    }
    previous = expected;
    checkedSteps += 1;
  };

  const drivers = Object.fromEntries(steps.map((step) => [step.event.type, drive]));
  try {
    await generated.path.test({ events: drivers, states: { '*': check } });
  } catch (error) {
    throw withTrace(error, generated, index);
  } finally {
    actor?.stop();
  }
  return { checkedSteps };
}

/** Replaces the trace `TestModel` appends (it labels states with the wrong events) with a readable one. */
function withTrace(error: unknown, generated: GeneratedPath, failedAt: number): unknown {
  if (!(error instanceof Error)) return error;
  const [message = ''] = error.message.split('\nPath:\n');
  const trace = generated.path.steps.map((step, index) => {
    const mark = index < failedAt ? '✓' : index === failedAt ? '✗' : ' ';
    return `  ${mark} ${index + 1}. ${formatEvent(step.event)} → ${formatStateValue(step.state.value)}`;
  });
  error.message = `${message}\nPath ${generated.description}\n${trace.join('\n')}`;
  return error;
}
