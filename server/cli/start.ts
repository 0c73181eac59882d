import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { ensureBuild } from '../build/ensure-build.ts';
import { readEnv, type ServerEnv } from '../env.ts';
import { createLogger, type Logger } from '../logger.ts';
import { checkStart, ProductionStartRefused } from '../mode.ts';
import { serveClusterMetrics } from '../ops/metrics-port.ts';
import { builtAssets } from '../render/built-assets.ts';
import { productionRenderer } from '../render/renderer.ts';
import { exitOnSignals, startServer } from '../server.ts';
import { claimStore } from '../store/store-owner.ts';
import { loadTenants } from '../tenants/load.ts';

const root = resolve(import.meta.dirname, '../..');
const logger = createLogger();

/**
 * How many processes serve (issue 20 item 2, decision 092): `WORKERS` (a number, or `auto` for one per
 * core). Several need PostgreSQL; on the embedded PGlite the server stays one process and says so.
 */
function processCount(env: ServerEnv, log: Logger): number {
  const wanted = env.WORKERS === 'auto' ? availableParallelism() : env.WORKERS;
  if (wanted > 1 && !env.DATABASE_URL) {
    log.info(
      'Serving with one process: the embedded PGlite store admits one (set DATABASE_URL for several)',
      {
        workers: wanted,
      },
    );
    return 1;
  }
  return wanted;
}

async function serve(env: ServerEnv): Promise<void> {
  const server = await startServer({
    env,
    logger,
    renderer: await productionRenderer(root, { threads: env.RENDER_THREADS, logger }),
    mounts: [{ path: '/assets', app: new Hono().route('/', builtAssets('dist/client')) }],
  });
  exitOnSignals(server, logger);
}

/**
 * The primary of several processes: builds once, starts one worker (it migrates and seeds), then the
 * rest; they share the listening port (node:cluster). A worker that dies is replaced; SIGTERM and
 * SIGINT stop every worker cleanly, then the primary.
 */
function supervise(count: number): void {
  let stopping = false;
  const fork = () => cluster.fork();
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < count; i++) fork();
    logger.info('Forecourt is serving with several processes', { workers: count });
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error('A server process ended; starting another', { pid: worker.process.pid, code, signal });
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/**
 * The start check before building or forking (decision 113): a production start that cannot serve
 * says so at once, naming every missing setting, rather than after a build or in each worker.
 */
async function checkBeforeServing(env: ServerEnv): Promise<void> {
  if (env.FORECOURT_ENV !== 'production') return;
  // PGlite admits one process: the check holds the data folder's store while it reads it.
  const claim = claimStore(env.DATA_DIR, 'server', { shared: Boolean(env.DATABASE_URL) });
  try {
    await checkStart(env, loadTenants(env.TENANTS_DIR));
  } finally {
    claim.release();
  }
}

try {
  const env = readEnv();
  const worker = cluster.isWorker;
  if (!worker) await checkBeforeServing(env);
  // --no-build: serve dist/ as it is (deployments that ship only the build; tests beside a live build).
  if (!worker && !process.argv.includes('--no-build')) ensureBuild(root, logger);
  const count = worker ? 1 : processCount(env, logger);
  if (count > 1) {
    supervise(count);
    // The primary serves METRICS_PORT, summing what its workers count (decision 114).
    await serveClusterMetrics({ port: env.METRICS_PORT, host: env.HOST, logger });
  } else await serve(env);
} catch (error) {
  // A refusal is read by the operator at start: its lines as they are, not folded into one.
  if (error instanceof ProductionStartRefused) console.error(error.message);
  else logger.error('Forecourt could not start', error);
  process.exit(1);
}
