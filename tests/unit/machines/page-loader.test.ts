import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createPageLoader } from '../../../machines/shared/page-loader.ts';

const pageMachine = createPageLoader<{ slug: string }, { title: string }, 'loadThing'>({
  id: 'thingPage',
  actor: 'loadThing',
});

describe('createPageLoader', () => {
  it('loads with its input and is ready with the data', async () => {
    const seen: string[] = [];
    const actor = createActor(
      pageMachine.provide({
        actors: {
          loadThing: fromPromise(async ({ input }) => {
            seen.push(input.slug);
            return { title: input.slug.toUpperCase() };
          }),
        },
      }),
      { input: { slug: 'abc' } },
    ).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(seen).toEqual(['abc']);
    expect(actor.getSnapshot().context).toEqual({
      input: { slug: 'abc' },
      data: { title: 'ABC' },
      error: null,
    });
    expect(pageMachine.id).toBe('thingPage');
  });

  it('keeps a failure as a message and loads again on retry', async () => {
    let calls = 0;
    const actor = createActor(
      pageMachine.provide({
        actors: {
          loadThing: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new Error('Network error');
            return { title: 'ok' };
          }),
        },
      }),
      { input: { slug: 'abc' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network error');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.data).toEqual({ title: 'ok' });
  });

  it('names its actor `load` by default', () => {
    const machine = createPageLoader<void, number>({ id: 'plain' });
    expect(Object.keys(machine.implementations.actors)).toEqual(['load']);
  });
});
