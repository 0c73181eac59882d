import { describe, expect, test } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { validateEntry } from '../../../machines/catalog/coverage.ts';
import {
  describePath,
  formatEvent,
  selectEntries,
  unknownMachineMessage,
} from '../../../machines/catalog/graph.ts';
import { buildReport, renderReports } from '../../../machines/catalog/report.ts';
import { catalogJson, defineCatalogEntry } from '../../../machines/catalog.types.ts';
import { codeCheckCatalogEntry } from './fixtures/code-check.catalog.ts';
import { codeCheckMachine } from './fixtures/code-check.machine.ts';

describe('defineCatalogEntry', () => {
  test('types the events by the machine: a misspelt event or a missing input does not compile', () => {
    const build = () => [
      defineCatalogEntry(codeCheckMachine, {
        summary: 'typo',
        input: { codeLength: 4 },
        promiseInvokes: { checkCode: 'checkCode' },
        // @ts-expect-error 'code.sumbit' is not an event of codeCheck
        events: [{ type: 'code.sumbit', code: '1234' }],
      }),
      // @ts-expect-error codeCheck needs input
      defineCatalogEntry(codeCheckMachine, { summary: 'no input', promiseInvokes: {}, events: [] }),
      defineCatalogEntry(codeCheckMachine, {
        summary: 'wrong output',
        input: { codeLength: 4 },
        promiseInvokes: { checkCode: 'checkCode' },
        // @ts-expect-error checkCode resolves with { valid: boolean }
        events: [{ type: 'xstate.done.actor.checkCode', output: { ok: true } }],
      }),
    ];
    expect(build().map((entry) => entry.id)).toEqual(['codeCheck', 'codeCheck', 'codeCheck']);
  });

  test('keeps error payloads apart in graph keys (plain JSON turns every Error into {})', () => {
    expect(catalogJson({ error: new Error('a') })).not.toBe(catalogJson({ error: new Error('b') }));
  });
});

describe('validateEntry', () => {
  test('accepts the fixture', () => {
    expect(validateEntry(codeCheckCatalogEntry)).toEqual([]);
  });

  test('reports a controlled invoke the machine does not have and an outcome without payload', () => {
    const entry = defineCatalogEntry(codeCheckMachine, {
      summary: 'wrong invoke id',
      input: { codeLength: 4 },
      promiseInvokes: { checkCod: 'checkCode' },
      events: [],
    });
    expect(validateEntry(entry)).toEqual(['promiseInvokes: no state invokes an actor with id "checkCod"']);
    const noOutcomes = defineCatalogEntry(codeCheckMachine, {
      summary: 'no outcomes',
      input: { codeLength: 4 },
      promiseInvokes: { checkCode: 'checkCode' },
      events: [],
    });
    expect(validateEntry(noOutcomes)).toEqual([
      'events: no xstate.done.actor.checkCode variant, so paths settle "checkCode" without an output',
      'events: no xstate.error.actor.checkCode variant, so paths settle "checkCode" without an error',
    ]);
  });

  test('takes a spawned child by its id: both outcomes listed, and no state may invoke it', () => {
    const spawning = defineCatalogEntry(codeCheckMachine, {
      summary: 'spawned, no outcomes',
      input: { codeLength: 4 },
      promiseInvokes: { early: 'checkCode' },
      spawned: ['early'],
      events: [],
    });
    expect(validateEntry(spawning)).toEqual([
      'events: no xstate.done.actor.early variant for the spawned "early"',
      'events: no xstate.error.actor.early variant for the spawned "early"',
    ]);
    const invoked = defineCatalogEntry(codeCheckMachine, {
      summary: 'an invoke said to be spawned',
      input: { codeLength: 4 },
      promiseInvokes: { checkCode: 'checkCode' },
      spawned: ['checkCode'],
      events: [
        { type: 'xstate.done.actor.checkCode', output: { valid: true } },
        { type: 'xstate.error.actor.checkCode', error: new Error('offline') },
      ],
    });
    expect(validateEntry(invoked)).toEqual(['spawned: "checkCode" is invoked by a state, not spawned']);
  });

  test('reports an invoke without an explicit id', () => {
    const machine = setup({ actors: { load: fromPromise(async () => 1) } }).createMachine({
      id: 'anonymousInvoke',
      initial: 'loading',
      states: { loading: { invoke: { src: 'load', onDone: 'done' } }, done: { type: 'final' } },
    });
    const entry = defineCatalogEntry(machine, { summary: 'no id', promiseInvokes: {}, events: [] });
    expect(validateEntry(entry)).toEqual([
      'state "loading" invokes "load" without an explicit id (ARCHITECTURE §3)',
    ]);
  });
});

describe('npm run catalog report', () => {
  test('marks a guard branch no payload reaches as a FINDING', () => {
    const entry = defineCatalogEntry(codeCheckMachine, {
      summary: 'only well-formed codes',
      input: { codeLength: 4 },
      promiseInvokes: { checkCode: 'checkCode' },
      events: [
        { type: 'code.submit', code: '1234' },
        { type: 'xstate.done.actor.checkCode', output: { valid: true } },
        { type: 'xstate.error.actor.checkCode', error: new Error('Service unavailable') },
      ],
      stopWhen: (snapshot) => snapshot.context.attempts >= 2,
    });
    const report = buildReport(entry);
    expect(report.findings).toEqual([
      'state "malformed" is never reached by any generated path (nor its 1 transition)',
      'transition editing ──code.submit [otherwise]──▶ malformed is never taken by any generated path',
      'transition checking ──xstate.done.actor.checkCode [otherwise]──▶ editing is never taken by any generated path',
    ]);
    const text = renderReports([report], { color: false, allPaths: false });
    expect(text).toContain('✗ FINDING  state "malformed" is never reached');
    expect(text).toMatch(/1 machine · \d+ path tests · 3 findings$/);
  });

  test('prints states with initial/final marks, tags, invokes, transitions and path counts', () => {
    const text = renderReports([buildReport(codeCheckCatalogEntry)], { color: false, allPaths: true });
    expect(text).toContain('✓ editing    initial');
    expect(text).toContain('✓ checking   tags: busy · invokes checkCode [controlled]');
    expect(text).toContain('✓ accepted   final');
    expect(text).toContain('✓ checking  ──xstate.done.actor.checkCode [isValid]──▶ accepted');
    expect(text).toContain('✓ checking  ──xstate.done.actor.checkCode [otherwise]──▶ editing');
    expect(text).toContain(
      '✓ malformed ──xstate.after.noticeTimeout.codeCheck.malformed (noticeTimeout = 3000ms)──▶ editing',
    );
    expect(text).toContain('✓ failed    ──always [hasAttempts]──▶ retrying');
    expect(text).toContain('Paths  7 shortest · 16 simple · 19 tests');
    expect(text).toContain('✓ no findings');
    expect(text).not.toContain('\u001b[');
  });

  test('counts the transitions an entry explains as out of the page’s reach, and names a reason that fits none', () => {
    const entry = defineCatalogEntry(codeCheckMachine, {
      summary: 'explained',
      input: { codeLength: 4 },
      promiseInvokes: { checkCode: 'checkCode' },
      events: [
        { type: 'code.submit', code: '1234' },
        { type: 'code.submit', code: 'abc' },
        { type: 'xstate.done.actor.checkCode', output: { valid: true } },
        { type: 'xstate.done.actor.checkCode', output: { valid: false } },
        { type: 'xstate.error.actor.checkCode', error: new Error('Service unavailable') },
      ],
      stopWhen: (snapshot) => snapshot.context.attempts >= 2,
      notThroughUi: {
        'retrying retry': 'the page retries by itself',
        'editing code.sumbit': 'a misspelt name',
      },
    });
    const driven = new Set([buildReport(entry).transitions[0]?.key ?? '']);
    const report = buildReport(entry, driven);
    expect(report.coverage).toMatchObject({ transitions: 8, byE2e: 1, explained: 1 });
    expect(report.findings).toEqual([
      'notThroughUi names "editing code.sumbit", which is no transition of the machine',
    ]);
    const text = renderReports([report], { color: false, allPaths: false });
    expect(text).toMatch(/retrying +──retry──▶ checking {2}— not through the UI: the page retries by itself/);
    expect(text).toMatch(/codeCheck\s+8\s+8 \(100 %\)\s+1 \(13 %\)\s+1/);
  });
});

describe('path names', () => {
  test('name the end state and every event, shortening long payloads but keeping them apart', () => {
    const long = (suffix: string) => ({
      type: 'xstate.done.actor.load',
      output: { text: `${'x'.repeat(60)}${suffix}` },
    });
    expect(formatEvent(long('a'))).not.toBe(formatEvent(long('b')));
    expect(formatEvent(long('a')).length).toBeLessThan(90);
    expect(formatEvent({ type: 'xstate.error.actor.load', error: new Error('Boom') })).toBe(
      'xstate.error.actor.load (error: Error("Boom"))',
    );
    const machine = setup({ types: {} as { context: { n: number } } }).createMachine({
      context: { n: 0 },
      type: 'parallel',
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } },
      entry: assign({ n: 1 }),
    });
    const snapshot = machine.resolveState({ value: { a: 'x', b: 'y' }, context: { n: 0 } });
    expect(describePath(snapshot, [{ type: 'xstate.init' }, { type: 'go', to: 2 }])).toBe(
      'Reaches "a.x", "b.y": xstate.init → go (to: 2)',
    );
  });
});

describe('selecting machines (PATHS_MACHINE, npm run catalog -- <id>)', () => {
  const entries = [codeCheckCatalogEntry];

  test('selects every machine without an id and one machine by id', () => {
    expect(selectEntries(entries, undefined).entries).toEqual(entries);
    expect(selectEntries(entries, '').entries).toEqual(entries);
    expect(selectEntries(entries, 'codeCheck').entries).toEqual(entries);
  });

  test('an unknown id is reported with the ids there are', () => {
    expect(selectEntries(entries, 'nope')).toEqual({ entries: [], unknownId: 'nope' });
    expect(unknownMachineMessage(entries, 'nope')).toBe(
      'No machine "nope" in machines/catalog.ts. Known machine ids: codeCheck',
    );
  });
});
