import { describe, expect, it } from 'vitest';
import { RenderQueue } from '../../../server/render/render-queue.ts';

/**
 * Page renders take turns, first come first served, each in a turn of the event loop of its own
 * (issue 38 item 2): a page asked while others render waits behind them, never behind pages asked
 * after it, and the server reads its sockets between renders. The turns are stepped by hand here.
 */

/** A queue whose turns run only when `step()` is called (in the server, `setImmediate`). */
function steppedQueue(limit: number) {
  const turns: (() => void)[] = [];
  const queue = new RenderQueue(limit, (start) => turns.push(start));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    queue,
    /** Lets renders go as far as they can, runs the turns given by then, and lets those renders go. */
    step: async () => {
      await settle();
      for (const start of turns.splice(0)) start();
      await settle();
    },
    pending: () => turns.length,
  };
}

/** A render that records its start and ends when told. */
function heldRender(name: string, log: string[]) {
  let finish: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`start ${name}`);
      await ended;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

describe('RenderQueue', () => {
  it('starts no render in its caller’s turn: the event loop runs first', async () => {
    const { queue, step, pending } = steppedQueue(2);
    const log: string[] = [];
    const render = heldRender('a', log);
    const answer = queue.run(render.run);
    await Promise.resolve();
    expect(log).toEqual([]);
    expect(pending()).toBe(1);
    await step();
    expect(log).toEqual(['start a']);
    render.finish();
    expect(await answer).toBe('a');
  });

  it('runs at most `limit` renders at once and the others in the order they were asked', async () => {
    const { queue, step } = steppedQueue(2);
    const log: string[] = [];
    const renders = ['a', 'b', 'c', 'd', 'e'].map((name) => heldRender(name, log));
    const answers = renders.map((render) => queue.run(render.run));
    await step();
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.queued).toBe(3);

    // A page asked now waits behind every page asked before it.
    const late = heldRender('late', log);
    const lateAnswer = queue.run(late.run);
    renders[1]?.finish();
    await step();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    renders[0]?.finish();
    await step();
    renders[2]?.finish();
    await step();
    renders[3]?.finish();
    await step();
    expect(log).toEqual([
      'start a',
      'start b',
      'end b',
      'start c',
      'end a',
      'start d',
      'end c',
      'start e',
      'end d',
      'start late',
    ]);
    renders[4]?.finish();
    late.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await lateAnswer).toBe('late');
    expect(queue.queued).toBe(0);
  });

  it('gives the next render its turn when one fails', async () => {
    const { queue, step } = steppedQueue(1);
    const failed = queue.run(async () => {
      throw new Error('render failed');
    });
    const refused = expect(failed).rejects.toThrow('render failed');
    const next = queue.run(async () => 'next');
    await step();
    await refused;
    await step();
    expect(await next).toBe('next');
  });
});
