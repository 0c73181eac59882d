import { describe, expect, test } from 'vitest';
import { emit } from 'xstate';
import { coverageOf } from '../../../machines/catalog/coverage.ts';
import { buildPathModel, type GeneratedPath, type PathModel } from '../../../machines/catalog/graph.ts';
import { defineCatalogEntry } from '../../../machines/catalog.types.ts';
import { type ReplayOptions, replayPath } from '../../paths/replay.ts';
import { codeCheckCatalogEntry } from './fixtures/code-check.catalog.ts';
import { codeCheckMachine } from './fixtures/code-check.machine.ts';

async function failures(
  pathModel: PathModel,
  paths: GeneratedPath[],
  options: ReplayOptions,
): Promise<string[]> {
  const messages: string[] = [];
  for (const path of paths) {
    await replayPath(pathModel, path, options).then(
      () => undefined,
      (error: Error) => messages.push(error.message),
    );
  }
  return messages;
}

const takes = (prefix: string) => (generated: GeneratedPath) =>
  generated.path.steps.some((step) => step.event.type.startsWith(prefix));

describe('the path runner on a machine with input, guards, an invoke, a delay and a counter', () => {
  const pathModel = buildPathModel(codeCheckCatalogEntry);

  test('generates 7 shortest and 16 simple paths, 19 tests once duplicates are dropped', () => {
    expect(pathModel.shortest).toHaveLength(7);
    expect(pathModel.simple).toHaveLength(16);
    expect(pathModel.paths).toHaveLength(19);
    expect(new Set(pathModel.paths.map((path) => path.description)).size).toBe(19);
  });

  test('its paths reach every state and take every transition, delays and guard branches included', () => {
    const coverage = coverageOf(pathModel);
    expect(coverage.states.filter((item) => !item.covered).map((item) => item.state.path)).toEqual([]);
    expect(coverage.transitions.filter((item) => !item.covered).map((item) => item.transition.event)).toEqual(
      [],
    );
    expect(pathModel.paths.some(takes('xstate.after.noticeTimeout.'))).toBe(true);
    expect(pathModel.paths.some(takes('xstate.error.actor.checkCode'))).toBe(true);
  });

  test('stopWhen bounds the counter: no path goes beyond the second failed attempt', () => {
    const attempts = pathModel.paths.flatMap((path) =>
      path.path.steps.map((step) => step.state.context.attempts),
    );
    expect(Math.max(...attempts)).toBe(2);
  });

  test('every path replays on the real machine and checks every step', async () => {
    for (const path of pathModel.paths) {
      await expect(replayPath(pathModel, path)).resolves.toEqual({ checkedSteps: path.path.steps.length });
    }
  });

  test('an implementation whose guard is inverted fails every path that submits a code', async () => {
    const inverted = codeCheckMachine.provide({
      guards: {
        isWellFormed: ({ context, event }) =>
          !(event.type === 'code.submit' && new RegExp(`^\\d{${context.codeLength}}$`).test(event.code)),
      },
    });
    const submitting = pathModel.paths.filter(takes('code.submit'));
    const messages = await failures(pathModel, submitting, { implementation: inverted });
    expect(messages).toHaveLength(submitting.length);
    expect(messages[0]).toMatch(
      /^Step 2\/\d+ \(code\.submit \(code: "(1234|abc)"\)\): state "(malformed|checking)", expected/,
    );
  });

  test('an implementation with another delay fails the paths that wait for it', async () => {
    const slower = codeCheckMachine.provide({ delays: { noticeTimeout: 5000 } });
    const waiting = pathModel.paths.filter(takes('xstate.after.'));
    const messages = await failures(pathModel, waiting, { implementation: slower });
    expect(waiting.length).toBeGreaterThan(0);
    expect(messages).toHaveLength(waiting.length);
    expect(messages[0]).toContain(
      'timers started [xstate.after.noticeTimeout.codeCheck.malformed@5000ms], ' +
        'expected [xstate.after.noticeTimeout.codeCheck.malformed@3000ms]',
    );
  });

  test('an implementation that emits another notice fails the paths through "malformed"', async () => {
    const other = codeCheckMachine.provide({
      actions: { announceMalformed: emit({ type: 'notice', text: 'Try again' }) },
    });
    const malformed = pathModel.paths.filter((path) =>
      path.path.steps.some((step) => step.state.matches('malformed')),
    );
    const messages = await failures(pathModel, malformed, { implementation: other });
    expect(messages).toHaveLength(malformed.length);
    expect(messages[0]).toContain(
      'emitted [{"type":"notice","text":"Try again"}], expected [{"type":"notice","text":"Enter the digits of your code"}]',
    );
  });

  test('a failing replay names the step and prints the path with the failed step marked', async () => {
    const broken = codeCheckMachine.provide({ guards: { isValid: () => false } });
    const accepted = pathModel.shortest.find((path) => path.path.state.matches('accepted'));
    if (!accepted) throw new Error('the fixture has a path to "accepted"');
    const [message] = await failures(pathModel, [accepted], { implementation: broken });
    expect(message).toContain('state "editing", expected "accepted"');
    expect(message).toContain(`Path ${accepted.description}`);
    expect(message).toMatch(/✗ 3\. xstate\.done\.actor\.checkCode/);
  });
});

describe('the graph bounds', () => {
  test('an unbounded counter fails loudly and names the remedy instead of hanging', () => {
    const unbounded = defineCatalogEntry(codeCheckMachine, {
      summary: 'Fixture without stopWhen',
      input: { codeLength: 4 },
      promiseInvokes: { checkCode: 'checkCode' },
      events: [
        { type: 'code.submit', code: '1234' },
        { type: 'xstate.error.actor.checkCode', error: new Error('Service unavailable') },
      ],
      limit: 300,
    });
    expect(() => buildPathModel(unbounded)).toThrow(/codeCheck: the graph cannot be built .*stopWhen/s);
  });
});
