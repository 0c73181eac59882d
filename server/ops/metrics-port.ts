import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import type { ServerMetrics } from './metrics.ts';

/** The IPC message a primary sends a worker for its metrics, and the worker's answer. */
const METRICS_MESSAGE = 'forecourt:metrics';
/** How long a primary waits for its workers' metrics before answering 503. */
const CLUSTER_SCRAPE_TIMEOUT_MS = 3000;

/** One worker's metrics as prom-client passes them between processes. */
type WorkerMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
interface MetricsRequest {
  type: typeof METRICS_MESSAGE;
  id: number;
}
interface MetricsAnswer extends MetricsRequest {
  metrics: WorkerMetrics;
}

/** A listener that answers `GET /metrics` with `read()`'s text and anything else 404 (no token). */
async function listenForScrapes(
  port: number,
  host: string,
  read: () => Promise<{ text: string; contentType: string }>,
  logger: Pick<Logger, 'error'>,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('Not found');
      return;
    }
    read().then(
      ({ text, contentType }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text);
      },
      (error: unknown) => {
        logger.error('Collecting metrics failed', error);
        response
          .writeHead(503, { 'content-type': 'text/plain', 'cache-control': 'no-store' })
          .end('Unavailable');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Closes a listener and its open connections. */
export function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The port a listener is bound to (the real one when asked for port 0). */
export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/**
 * `METRICS_PORT` for one process: this server's metrics on `GET /metrics`, without the admin token
 * (bind it where only the scraper reaches: `HOST`, a private interface).
 */
export function serveMetricsPort(
  metrics: ServerMetrics,
  options: { port: number; host: string; logger: Pick<Logger, 'error'> },
): Promise<Server> {
  return listenForScrapes(
    options.port,
    options.host,
    async () => ({ text: await metrics.text(), contentType: metrics.contentType }),
    options.logger,
  );
}

/**
 * In a worker of several (`WORKERS` > 1): answers the primary's requests for this server's metrics,
 * which the primary sums on its `METRICS_PORT`. Returns the function that stops answering.
 */
export function answerPrimaryScrapes(metrics: ServerMetrics): () => void {
  const onMessage = (message: unknown) => {
    const request = message as Partial<MetricsRequest> | null;
    if (request?.type !== METRICS_MESSAGE || typeof request.id !== 'number') return;
    const id = request.id;
    metrics.registry.getMetricsAsJSON().then(
      (values) => process.send?.({ type: METRICS_MESSAGE, id, metrics: values } satisfies MetricsAnswer),
      () => process.send?.({ type: METRICS_MESSAGE, id, metrics: [] } satisfies MetricsAnswer),
    );
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

/**
 * The primary of several processes (`WORKERS` > 1) serves `METRICS_PORT`: each scrape asks every
 * worker for its metrics and answers their sum (counters and histograms add up; the store's gauges,
 * which every worker reads alike, take the largest). A worker that does not answer within three
 * seconds fails the scrape rather than hiding its share. Resolves with the listener, or null without
 * `METRICS_PORT`.
 */
export async function serveClusterMetrics(options: {
  port: number | undefined;
  host: string;
  logger: Pick<Logger, 'error' | 'info'>;
}): Promise<Server | null> {
  if (options.port === undefined) return null;
  let nextId = 0;
  const scrape = async () => {
    const id = nextId++;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    const answers = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<WorkerMetrics>((resolve, reject) => {
            if (!worker) return resolve([]);
            const timer = setTimeout(() => {
              worker.off('message', onMessage);
              reject(new Error(`worker ${worker.process.pid} sent no metrics`));
            }, CLUSTER_SCRAPE_TIMEOUT_MS);
            const onMessage = (message: unknown) => {
              const answer = message as Partial<MetricsAnswer> | null;
              if (answer?.type !== METRICS_MESSAGE || answer.id !== id) return;
              clearTimeout(timer);
              worker.off('message', onMessage);
              resolve(answer.metrics ?? []);
            };
            worker.on('message', onMessage);
            worker.send({ type: METRICS_MESSAGE, id } satisfies MetricsRequest);
          }),
      ),
    );
    const registry = AggregatorRegistry.aggregate(answers);
    return { text: await registry.metrics(), contentType: registry.contentType };
  };
  const server = await listenForScrapes(options.port, options.host, scrape, options.logger);
  options.logger.info('Metrics of every process', {
    url: `http://${options.host}:${portOf(server)}/metrics`,
  });
  return server;
}
