import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import {
  createInspector,
  INSPECTION_LOG_CAPACITY,
  InspectionLog,
  type InspectionLogEntry,
  initInspector,
  inspectOption,
  parseInspectMode,
  type StatelyInspector,
} from '../../views/app/inspector.ts';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } },
});

function entry(n: number): InspectionLogEntry {
  return {
    at: n,
    actorId: `a${n}`,
    systemId: undefined,
    sessionId: `s${n}`,
    eventType: 'e',
    value: 'x',
    status: 'active',
  };
}

afterEach(async () => {
  await initInspector({ search: '' }, { dev: true });
  delete window.__forecourtInspection;
});

describe('the ?inspect opt-in', () => {
  test.each([
    ['', null],
    ['?page=2', null],
    ['?inspect', 'stately'],
    ['?inspect=', 'stately'],
    ['?inspect=stately', 'stately'],
    ['?q=ute&inspect=log', 'log'],
    ['?inspect=nonsense', null],
  ] as const)('%j asks for %s', (search, mode) => {
    expect(parseInspectMode(search)).toBe(mode);
  });

  test('nothing attaches in production, whatever the URL says', () => {
    const loadStately = vi.fn();
    for (const search of ['?inspect', '?inspect=log']) {
      const inspector = createInspector({ search }, { dev: false }, { loadStately });
      expect(inspector.inspect).toBeUndefined();
    }
    expect(loadStately).not.toHaveBeenCalled();
    expect(window.__forecourtInspection).toBeUndefined();
  });

  test('nothing attaches in development without ?inspect', () => {
    expect(createInspector({ search: '?q=ute' }, { dev: true }).inspect).toBeUndefined();
  });

  test('an unknown value warns and attaches nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(createInspector({ search: '?inspect=loud' }, { dev: true }).inspect).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      '[inspect] Unknown ?inspect value: use ?inspect (Stately) or ?inspect=log',
    );
  });
});

describe('the local inspection log (?inspect=log)', () => {
  test('keeps the last 500 events, oldest first', () => {
    const log = new InspectionLog();
    for (let n = 0; n < INSPECTION_LOG_CAPACITY + 10; n++) log.push(entry(n));
    expect(log.size).toBe(500);
    const entries = log.entries();
    expect(entries).toHaveLength(500);
    expect(entries[0]?.at).toBe(10);
    expect(entries.at(-1)?.at).toBe(509);
    log.clear();
    expect(log.entries()).toEqual([]);
  });

  test('before it is full, holds exactly what was pushed', () => {
    const log = new InspectionLog(3);
    log.push(entry(1));
    log.push(entry(2));
    expect(log.entries().map((item) => item.at)).toEqual([1, 2]);
    log.push(entry(3));
    log.push(entry(4));
    expect(log.entries().map((item) => item.at)).toEqual([2, 3, 4]);
  });

  test('records each processed event of a real actor on window.__forecourtInspection and prints it', () => {
    const group = vi.spyOn(console, 'groupCollapsed').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    vi.spyOn(console, 'groupEnd').mockImplementation(() => {});
    let now = 1000;
    const inspector = createInspector({ search: '?inspect=log' }, { dev: true }, { now: () => now++ });
    const actor = createActor(toggle, { inspect: inspector.inspect, systemId: 'toggler' });
    actor.start();
    actor.send({ type: 'flip' });
    actor.stop();
    expect(window.__forecourtInspection).toBe(inspector.log);
    const entries = window.__forecourtInspection?.entries() ?? [];
    expect(entries.map(({ eventType, value, systemId, at }) => ({ eventType, value, systemId, at }))).toEqual(
      [
        { eventType: 'xstate.init', value: 'off', systemId: 'toggler', at: 1000 },
        { eventType: 'flip', value: 'on', systemId: 'toggler', at: 1001 },
        { eventType: 'xstate.stop', value: 'on', systemId: 'toggler', at: 1002 },
      ],
    );
    expect(entries[0]?.actorId).toBe(actor.id);
    expect(group).toHaveBeenCalledWith(`[inspect] ${actor.id} (toggler) ← flip → on`);
    expect(debug).toHaveBeenCalledWith('event', { type: 'flip' });
  });

  test('stops recording when stopped', () => {
    const inspector = createInspector({ search: '?inspect=log' }, { dev: true }, { print: false });
    inspector.stop();
    createActor(toggle, { inspect: inspector.inspect }).start();
    expect(inspector.log?.size).toBe(0);
  });
});

describe('the Stately inspector (?inspect)', () => {
  function fakeStately(): StatelyInspector & { received: InspectionEvent[] } {
    const received: InspectionEvent[] = [];
    return { received, inspect: { next: (event) => received.push(event) }, stop: vi.fn() };
  }

  test('is loaded on demand, and sees the events of actors started while it loaded', async () => {
    const stately = fakeStately();
    const inspector = createInspector(
      { search: '?inspect=stately' },
      { dev: true },
      { loadStately: async () => stately },
    );
    const actor = createActor(toggle, { inspect: inspector.inspect }).start();
    expect(stately.received).toEqual([]);
    await inspector.ready;
    const early = stately.received.length;
    expect(early).toBeGreaterThan(0);
    actor.send({ type: 'flip' });
    expect(stately.received.length).toBeGreaterThan(early);
    expect(stately.received.map((event) => event.type)).toContain('@xstate.actor');
    inspector.stop();
    expect(stately.stop).toHaveBeenCalled();
  });

  test('warns, rather than breaking the page, when it cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const inspector = createInspector(
      { search: '?inspect' },
      { dev: true },
      { loadStately: () => Promise.reject(new Error('offline')) },
    );
    await inspector.ready;
    expect(() => createActor(toggle, { inspect: inspector.inspect }).start()).not.toThrow();
    expect(warn).toHaveBeenCalledWith(
      '[inspect] The Stately inspector could not be loaded; ?inspect=log works offline.',
      expect.any(Error),
    );
  });
});

describe('initInspector and inspectOption (the wiring contract)', () => {
  test('inspectOption is undefined until a page opts in, then the attached observer', async () => {
    expect(inspectOption()).toBeUndefined();
    const inspector = await initInspector({ search: '?inspect=log' }, { dev: true });
    expect(inspectOption()).toBe(inspector.inspect);
    await initInspector({ search: '' }, { dev: true });
    expect(inspectOption()).toBeUndefined();
  });
});
