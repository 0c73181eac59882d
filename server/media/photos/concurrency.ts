/**
 * Runs at most `limit` of the given works at once, the others waiting their turn in order: decoding a
 * photo is seconds of CPU and tens of MB, so a burst of uploads takes turns rather than the memory.
 */
export function concurrencyLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
