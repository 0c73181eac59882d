import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from '../../../server/jobs/every.ts';

/** A run that waits until the test lets it end. */
function gate() {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open: () => open() };
}

/** The server's one job runner (issue 32 item 6), on fake timers: no assertion waits for a clock. */
describe('every(interval, run)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then the interval after each run ends', async () => {
    let runs = 0;
    const job = every(1000, async () => ++runs, { onError: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(5);
    await job.stop();
  });

  it('never overlaps a run: ticks and runNow during a run make one more run after it', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let current = gate();
    const job = every(
      10,
      async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        await current.closed;
        active -= 1;
        return runs;
      },
      { onError: () => {} },
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    const first = job.runNow();
    const second = job.runNow();
    expect(second).toBe(first);
    const ended = current;
    current = gate();
    ended.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    current.open();
    expect(await first).toBe(2);
    expect(most).toBe(1);
    await job.stop();
  });

  it('reports a failed run and goes on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = every(
      1000,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('store down');
        return runs;
      },
      { onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('store down')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(await job.runNow()).toBe(3);
    expect(errors).toHaveLength(1);
    await job.stop();
  });

  it('a run that throws before it awaits is reported the same way', async () => {
    const errors: unknown[] = [];
    const job = every(
      1000,
      (() => {
        throw new Error('at once');
      }) as () => Promise<void>,
      { onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(2);
    await job.stop();
  });

  it('stop() waits for the run in progress, and nothing runs after it', async () => {
    const run = gate();
    let runs = 0;
    let ended = false;
    const job = every(
      1000,
      async () => {
        runs += 1;
        await run.closed;
        ended = true;
      },
      { onError: () => {} },
    );
    await vi.advanceTimersByTimeAsync(0);
    void job.runNow();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    run.open();
    await stopping;
    expect(ended).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
    expect(await job.runNow()).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
