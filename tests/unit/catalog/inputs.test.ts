import { describe, expect, test } from 'vitest';
import { assign, setup } from 'xstate';
import { coverageOf } from '../../../machines/catalog/coverage.ts';
import { buildPathModel } from '../../../machines/catalog/graph.ts';
import { buildReport, renderReports } from '../../../machines/catalog/report.ts';
import { defineCatalogEntry } from '../../../machines/catalog.types.ts';
import { replayPath } from '../../paths/replay.ts';

/**
 * A catalog entry with several inputs: a machine whose first state depends on its input (a
 * pass-through `always`, as the payment step opens fresh or back from the card issuer) gets paths
 * from each input's first state, replayed with that input, and its coverage counts both starts.
 */
const doorMachine = setup({
  types: {} as {
    context: { returned: boolean; knocks: number };
    events: { type: 'door.knock' } | { type: 'door.open' };
    input: { returned: boolean };
  },
  guards: { hasReturned: ({ context }) => context.returned },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ returned: input.returned, knocks: 0 }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'hasReturned', target: 'welcomingBack' }, { target: 'closed' }] },
    closed: { on: { 'door.knock': { target: 'knocked', actions: assign({ knocks: 1 }) } } },
    knocked: { on: { 'door.open': 'open' } },
    welcomingBack: { on: { 'door.open': 'open' } },
    open: { type: 'final' },
  },
});

const twoStarts = defineCatalogEntry(doorMachine, {
  summary: 'Fixture: a door that opens closed, or welcomes back whoever returns',
  inputs: [{ returned: false }, { returned: true }],
  promiseInvokes: {},
  events: [],
});

describe('a catalog entry with several inputs', () => {
  const pathModel = buildPathModel(twoStarts);

  test('the graph starts from each input: paths for both first states, each naming its input', () => {
    expect(pathModel.shortest.map((path) => path.description)).toEqual([
      'Reaches "open": xstate.init (input 1) → door.knock → door.open',
      'Reaches "open": xstate.init (input 2) → door.open',
    ]);
    expect(pathModel.shortest.map((path) => path.input)).toEqual([{ returned: false }, { returned: true }]);
  });

  test('each path replays on an actor started with its own input', async () => {
    for (const path of pathModel.paths) {
      await expect(replayPath(pathModel, path)).resolves.toEqual({ checkedSteps: path.path.steps.length });
    }
  });

  test('coverage counts every start: the pass-through first state and both of its branches', () => {
    const coverage = coverageOf(pathModel);
    expect(coverage.states.filter((item) => !item.covered).map((item) => item.state.path)).toEqual([]);
    expect(coverage.transitions.filter((item) => !item.covered)).toEqual([]);
    const report = buildReport(twoStarts);
    expect(report.findings).toEqual([]);
    expect(report.coverage).toMatchObject({ transitions: 5, byPaths: 5 });
    expect(renderReports([report], { color: false, allPaths: false })).toContain(
      'Paths  2 shortest · 2 simple · 2 tests · from 2 inputs',
    );
  });

  test('with one of them only, the other start is a finding', () => {
    const oneStart = defineCatalogEntry(doorMachine, {
      summary: 'Fixture: the door from one input only',
      input: { returned: false },
      promiseInvokes: {},
      events: [],
    });
    expect(buildReport(oneStart).findings).toEqual([
      'state "welcomingBack" is never reached by any generated path (nor its 1 transition)',
      'transition opening ──always [hasReturned]──▶ welcomingBack is never taken by any generated path',
    ]);
  });

  test('the inputs are typed by the machine', () => {
    const build = () =>
      defineCatalogEntry(doorMachine, {
        summary: 'wrong input',
        // @ts-expect-error `returned` is a boolean
        inputs: [{ returned: false }, { returned: 'yes' }],
        promiseInvokes: {},
        events: [],
      });
    expect(build().inputs).toHaveLength(2);
  });
});
