import { Worker } from 'node:worker_threads';
import type { RenderRequest, RenderResult } from '../../views/app/entry-server.tsx';
import type { Logger } from '../logger.ts';

/**
 * Page renders on threads of their own (issue 38 item 2, decision 136). A never-asked page's render
 * (settling its machine, React's render) is CPU the event loop could spend answering: on one thread
 * a crowd of such pages had one core busy and the other idle. Here the main thread keeps the
 * connections, the API, the store and the search engine, and hands each page render to a render
 * thread, which runs the built SSR entry and sends the page's calls to its own site back to the main
 * thread (so they are answered as before: in-process, through the data cache, upstream rules kept).
 * A thread that dies fails only the renders it held and is replaced.
 *
 * Only a crowd's renders come here (`RenderQueue` says when a render starts in one, the production
 * renderer sends it): a render alone stays on the main thread.
 */

/** A request on the wire between threads: what `Request` holds, cloneable. */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** A response on the wire between threads. */
export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** What a render thread is asked to render: the request less its `fetch`, which stays here. */
export type ThreadRenderRequest = Omit<RenderRequest, 'fetch'>;

export type FromMain =
  | { type: 'render'; id: number; request: ThreadRenderRequest }
  | { type: 'fetched'; call: number; response: WireResponse }
  | { type: 'fetchFailed'; call: number; message: string };

export type ToMain =
  | { type: 'ready' }
  | { type: 'rendered'; id: number; result: RenderResult }
  | { type: 'failed'; id: number; message: string; stack?: string | undefined }
  | { type: 'fetch'; render: number; call: number; request: WireRequest };

interface InFlight {
  fetch: RenderRequest['fetch'];
  resolve(result: RenderResult): void;
  reject(error: Error): void;
}

interface RenderThread {
  worker: Worker;
  renders: Map<number, InFlight>;
}

const THREAD_SCRIPT = new URL('./render-thread.ts', import.meta.url);

/**
 * A thread runs the TypeScript thread script through tsx, registered in the thread itself: tsx's
 * loader, inherited from the main thread's flags, does not reach worker threads on Node 20.
 */
const THREAD_START = new URL(
  `data:text/javascript,${encodeURIComponent(
    `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
register();
await import(${JSON.stringify(THREAD_SCRIPT.href)});`,
  )}`,
);

export class RenderThreads {
  private readonly threads: RenderThread[] = [];
  private lastId = 0;
  private closing = false;

  private constructor(
    private readonly entryUrl: string,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  /** Starts `count` render threads on the built SSR entry; resolves once each has loaded every page. */
  static async start(options: {
    entryUrl: string;
    count: number;
    logger: Pick<Logger, 'error'>;
  }): Promise<RenderThreads> {
    const pool = new RenderThreads(options.entryUrl, options.logger);
    await Promise.all(Array.from({ length: options.count }, () => pool.spawn()));
    return pool;
  }

  /** How many threads are running (none only while every one has died and none could be replaced). */
  get running(): number {
    return this.threads.length;
  }

  /** How many renders each thread holds now. */
  get load(): number[] {
    return this.threads.map((thread) => thread.renders.size);
  }

  /** Renders one page on the thread holding the fewest renders. */
  render(request: RenderRequest): Promise<RenderResult> {
    const thread = this.threads.reduce((least, next) =>
      next.renders.size < least.renders.size ? next : least,
    );
    const { fetch, ...rest } = request;
    this.lastId += 1;
    const id = this.lastId;
    return new Promise<RenderResult>((resolve, reject) => {
      thread.renders.set(id, { fetch, resolve, reject });
      thread.worker.postMessage({ type: 'render', id, request: rest } satisfies FromMain);
    });
  }

  /** Stops every thread; renders they held fail. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private spawn(): Promise<void> {
    const worker = new Worker(THREAD_START, { workerData: { entryUrl: this.entryUrl } });
    // A render thread never keeps the process alive on its own: the server's connections do.
    worker.unref();
    const thread: RenderThread = { worker, renders: new Map() };
    this.threads.push(thread);
    return new Promise<void>((ready, fail) => {
      let started = false;
      worker.on('message', (message: ToMain) => {
        if (message.type === 'ready') {
          started = true;
          ready();
        } else this.receive(thread, message);
      });
      // A thread that fails to start fails the start, which says so; a running one's failure is logged.
      worker.on('error', (error) => {
        if (!started) fail(error);
        else this.logger.error('A render thread failed', error);
      });
      worker.on('exit', (code) => {
        this.threads.splice(this.threads.indexOf(thread), 1);
        const failed = thread.renders.size;
        for (const render of thread.renders.values()) {
          render.reject(new Error(`The render thread stopped (exit code ${code}) during the render`));
        }
        thread.renders.clear();
        if (!started) fail(new Error(`A render thread stopped while starting (exit code ${code})`));
        else if (!this.closing) {
          this.logger.error('A render thread stopped; starting another', undefined, {
            code,
            renders: failed,
          });
          this.spawn().catch((error: unknown) =>
            this.logger.error('A render thread could not be replaced', error),
          );
        }
      });
    });
  }

  private receive(thread: RenderThread, message: Exclude<ToMain, { type: 'ready' }>): void {
    if (message.type === 'fetch') {
      const render = thread.renders.get(message.render);
      if (!render) return;
      void this.answer(thread, message.call, render.fetch, message.request);
      return;
    }
    const render = thread.renders.get(message.id);
    if (!render) return;
    thread.renders.delete(message.id);
    if (message.type === 'rendered') render.resolve(message.result);
    else {
      const error = new Error(message.message);
      if (message.stack) error.stack = message.stack;
      render.reject(error);
    }
  }

  /** Answers a render's call to its site on this thread, as a render here would have it answered. */
  private async answer(
    thread: RenderThread,
    call: number,
    fetch: RenderRequest['fetch'],
    wire: WireRequest,
  ): Promise<void> {
    let reply: FromMain;
    let transfer: ArrayBuffer[] = [];
    try {
      const response = await fetch(
        new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body }),
      );
      const body = await response.arrayBuffer();
      transfer = [body];
      reply = {
        type: 'fetched',
        call,
        response: {
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          body,
        },
      };
    } catch (error) {
      reply = { type: 'fetchFailed', call, message: error instanceof Error ? error.message : String(error) };
    }
    // The thread may have stopped meanwhile; its renders have failed already.
    if (this.threads.includes(thread)) thread.worker.postMessage(reply, transfer);
  }
}
