import { parentPort, workerData } from 'node:worker_threads';
import type { RenderRequest, RenderResult } from '../../views/app/entry-server.tsx';
import type { FromMain, ToMain, WireRequest } from './render-threads.ts';

/**
 * A render thread (decision 136): loads the built SSR entry and renders the pages the main thread
 * sends it. The page's calls to its own site go back to the main thread, which answers them as it
 * answers a render on the main thread (in-process app, data cache, upstream rules).
 */
type Entry = {
  render: (request: RenderRequest) => Promise<RenderResult>;
  preloadPages: () => Promise<void>;
};

const main = parentPort;
if (!main) throw new Error('render-thread.ts runs as a worker thread');
const post = (message: ToMain, transfer: ArrayBuffer[] = []) => main.postMessage(message, transfer);

const entry = (await import((workerData as { entryUrl: string }).entryUrl)) as Entry;
await entry.preloadPages();

const calls = new Map<number, { resolve(response: Response): void; reject(error: Error): void }>();
let lastCall = 0;

/** A page's call to its site, answered by the main thread. */
async function callMain(render: number, request: Request): Promise<Response> {
  const body = request.body ? await request.arrayBuffer() : null;
  const wire: WireRequest = {
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body,
  };
  lastCall += 1;
  const call = lastCall;
  return new Promise<Response>((resolve, reject) => {
    calls.set(call, { resolve, reject });
    post({ type: 'fetch', render, call, request: wire }, body ? [body] : []);
  });
}

/** A response has no body for these statuses (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

main.on('message', (message: FromMain) => {
  if (message.type === 'render') {
    const { id, request } = message;
    entry.render({ ...request, fetch: (call) => callMain(id, call) }).then(
      (result) => post({ type: 'rendered', id, result }),
      (error: unknown) =>
        post({
          type: 'failed',
          id,
          message: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        }),
    );
    return;
  }
  const waiting = calls.get(message.call);
  if (!waiting) return;
  calls.delete(message.call);
  if (message.type === 'fetchFailed') {
    waiting.reject(new Error(message.message));
    return;
  }
  const { status, statusText, headers, body } = message.response;
  waiting.resolve(
    new Response(NULL_BODY.has(status) ? null : body, { status, statusText, headers: new Headers(headers) }),
  );
});

post({ type: 'ready' });
