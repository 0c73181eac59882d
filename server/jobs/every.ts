/** A background loop started by `every`. */
export interface Job<T> {
  /**
   * Runs now, or once more right after the run in progress (a change that arrives during a run is
   * never missed); resolves with that run's result, `undefined` when it failed or the job stopped.
   */
  runNow(): Promise<T | undefined>;
  /** Stops the timer and waits for the run in progress; nothing runs after. */
  stop(): Promise<void>;
}

export interface EveryOptions {
  /** Hears a run that failed; the loop goes on and the next run tries again. */
  onError: (error: unknown) => void;
}

/**
 * The server's one job runner (issue 32 item 6): runs `run` at once, then `intervalMs` after each run
 * ends, until `stop()`. Single flight: a run never overlaps the one before, and `runNow()` during a
 * run asks for one more after it, never two at once. A failed run is reported to `onError` and the
 * loop goes on. The timer does not keep the process alive.
 */
export function every<T>(intervalMs: number, run: () => Promise<T>, options: EveryOptions): Job<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<T | undefined> | null = null;
  let again: Promise<T | undefined> | null = null;
  let stopped = false;

  const once = async (): Promise<T | undefined> => {
    clearTimeout(timer);
    try {
      // Awaited first, so `running` is set before a synchronous throw could end the run.
      await null;
      return await run();
    } catch (error) {
      options.onError(error);
      return undefined;
    } finally {
      running = null;
      if (!stopped && !again) {
        timer = setTimeout(() => void runNow(), intervalMs);
        timer.unref?.();
      }
    }
  };

  const runNow = (): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    if (!running) {
      running = once();
      return running;
    }
    again ??= running.then(() => {
      again = null;
      return runNow();
    });
    return again;
  };

  void runNow();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await again;
      await running;
    },
  };
}
