import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { apiError } from '../api/api-error.ts';
import type { ServerEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { SearchIndexRegistry } from '../search/engine/registry.ts';
import type { Db } from '../store/db.ts';
import { ServerMetrics } from './metrics.ts';
import { answerPrimaryScrapes, closeListener, portOf, serveMetricsPort } from './metrics-port.ts';
import { probeRoutes } from './probes.ts';
import { backendChecks, Readiness } from './readiness.ts';

/** What the app needs of the operator's side: the probes' readiness and, in a server, its metrics. */
export interface AppOps {
  readiness: Readiness;
  metrics?: ServerMetrics;
}

/** What the listener hands each request: the app's `fetch` with the node adapter's bindings. */
type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/** Until the app is attached: the probes, and 503 with `Retry-After` for everything else. */
function startingApp(readiness: Readiness): Hono {
  return new Hono().route('/', probeRoutes(readiness)).all('*', (c) => {
    c.header('retry-after', '5');
    c.header('cache-control', 'no-store');
    if (c.req.path.startsWith('/api/')) return apiError(c, 503, 'starting', 'The server is starting');
    return c.text('The server is starting', 503);
  });
}

/**
 * A server's operating side (issue 33 items 2 and 4): its readiness, its metrics, and its listener.
 * A single process listens as soon as it starts, so `/healthz` answers and `/readyz` says `starting`
 * while migrations, the seed and the search index run (everything else is 503 with `Retry-After`);
 * a worker of several (`node:cluster`) listens only once its app is attached, since the primary would
 * hand it shoppers as soon as it listens. Shutdown flips `/readyz` to `draining` first.
 */
export class ServerOps implements AppOps {
  readonly readiness = new Readiness();
  readonly metrics = new ServerMetrics();
  private attached: FetchHandler | null = null;
  private listener: Server | null = null;
  private metricsListener: Server | null = null;
  private stopAnsweringPrimary: (() => void) | null = null;

  private constructor(
    private readonly env: ServerEnv,
    private readonly logger: Logger,
  ) {}

  /** The operating side of a server starting now: listening at once, unless in a cluster worker. */
  static async start(env: ServerEnv, logger: Logger): Promise<ServerOps> {
    const ops = new ServerOps(env, logger);
    if (!cluster.isWorker) await ops.listen();
    return ops;
  }

  private async listen(): Promise<Server> {
    if (this.listener) return this.listener;
    const starting = startingApp(this.readiness);
    const server = createAdaptorServer({
      fetch: (request: Request, env: unknown) => (this.attached ?? starting.fetch)(request, env),
    }) as Server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.env.PORT, this.env.HOST, () => resolve());
    });
    this.listener = server;
    return server;
  }

  /** The port the server listens on, once it does (the real one when `PORT` is 0). */
  get port(): number | undefined {
    return this.listener ? portOf(this.listener) : undefined;
  }

  /**
   * Attaches the app to the listener (listening now in a cluster worker), reports ready with the
   * backends' checks, adds the store's gauges and opens `METRICS_PORT`. Resolves with the listener.
   */
  async serve(fetch: FetchHandler, backends: { db: Db; search: SearchIndexRegistry }): Promise<Server> {
    this.metrics.watchStore(backends.db, this.logger);
    this.attached = fetch;
    this.readiness.ready(backendChecks(backends));
    const listener = await this.listen();
    if (cluster.isWorker) this.stopAnsweringPrimary = answerPrimaryScrapes(this.metrics);
    else if (this.env.METRICS_PORT !== undefined) {
      this.metricsListener = await serveMetricsPort(this.metrics, {
        port: this.env.METRICS_PORT,
        host: this.env.HOST,
        logger: this.logger,
      });
    }
    return listener;
  }

  /** Shutdown begins: `/readyz` answers 503 `draining`, for `DRAIN_DELAY_MS` before the listener closes. */
  async drain(): Promise<void> {
    this.readiness.drain();
    if (this.env.DRAIN_DELAY_MS > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.env.DRAIN_DELAY_MS));
    }
  }

  /**
   * Releases what the operating side holds: the metrics port, the primary's requests, and the
   * listener if the app never got it (a start that failed); `RunningServer.close` drains an attached
   * listener itself.
   */
  async close(): Promise<void> {
    this.stopAnsweringPrimary?.();
    if (this.metricsListener) await closeListener(this.metricsListener);
    if (this.listener && !this.attached) await closeListener(this.listener);
  }
}
