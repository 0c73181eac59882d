/**
 * Page renders take turns, first come first served (issue 38 item 2). A render on the embedded store
 * runs from its request to its markup without waiting on the network, so the event loop polled its
 * sockets only between whole batches of renders: with 50 shoppers each batch took a second, and
 * Node accepts one new connection a poll (libuv since 1.45), so a shopper whose connection arrived
 * with the crowd waited for the crowd to pass (p99 16 s at p50 0.6 s). Here a render starts in a turn
 * of the event loop of its own (`setImmediate`), at most `limit` at once, in the order they were
 * asked: between renders the loop accepts connections and reads requests, which queue behind the
 * renders already asked for.
 */
export class RenderQueue {
  /** Renders running or given their turn. */
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** How many renders run at once (`RENDER_CONCURRENCY`). */
    private readonly limit: number,
    /** Gives a render its turn in a later turn of the event loop (tests step it by hand). */
    private readonly later: (start: () => void) => void = (start) => setImmediate(start),
  ) {}

  /** Renders waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `render` in its turn: after every render asked before it has started. `render` is told
   * whether it starts in a crowd: another render running or waiting (decision 136: a crowd's renders
   * go to the render threads, a lone one stays where it is).
   */
  async run<T>(render: (crowded: boolean) => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push(start);
      this.startNext();
    });
    try {
      return await render(this.active > 1 || this.waiting.length > 0);
    } finally {
      this.active -= 1;
      this.startNext();
    }
  }

  private startNext(): void {
    while (this.active < this.limit) {
      const start = this.waiting.shift();
      if (!start) return;
      this.active += 1;
      this.later(start);
    }
  }
}
