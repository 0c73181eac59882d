import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { compressedCopies } from '../../server/build/precompress.ts';
import { type MachineSpeed, machineSpeed } from './machine-speed.ts';

/** The repository root, where the benchmarks start the production server. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** A production server a benchmark runs on its own port and data folder, for one dealer. */
export interface BenchServer {
  port: number;
  /** `{tenant}.localhost:{port}`: the Host the dealer is picked by (Chromium resolves it to loopback). */
  host: string;
  origin: string;
  /** The server process, for its memory (`/proc/{pid}/status`). */
  pid: number;
  get(
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<{
    status: number;
    body: Buffer;
  }>;
  stop(): Promise<void>;
  /** Ends the server as a crash would: SIGKILL, no shutdown. */
  kill(): Promise<void>;
}

/** Node's fetch drops `Host`; the server picks the dealer by it, so ask 127.0.0.1 with the header. */
/** GETs (or sends) paths to the server on `port` as `host` asks for them: a dealer's site by its host. */
export function hostGetter(port: number, host: string) {
  return (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<{ status: number; body: Buffer }>((done, fail) => {
      const req = httpRequest(
        // A connection per request: a kept-alive socket the server has closed meanwhile (a long
        // Lighthouse run) would answer ECONNRESET.
        {
          host: '127.0.0.1',
          port,
          path,
          method: init.method ?? 'GET',
          headers: { host, ...init.headers },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', fail);
      req.end(init.body);
    });
}

function stopProcess(server: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((done) => {
    if (server.exitCode !== null) return done();
    server.once('exit', () => done());
    server.kill(signal);
  });
}

/**
 * Starts `server/cli/start.ts --no-build` in production mode (compression on, as shipped) on PGlite
 * in `.data/{dataDir}`, and waits for `/api/health`. Build first (`ensureBuild`).
 */
export async function startBenchServer(options: {
  port: number;
  tenant: string;
  dataDir: string;
  /** More settings for the server (`TRUST_PROXY`…). */
  env?: Record<string, string>;
  /** Node's own flags for the server process (`--cpu-prof`…). */
  nodeArgs?: readonly string[];
  /** The checkout to serve (another commit's worktree, for an A/B); this one by default. */
  root?: string;
}): Promise<BenchServer> {
  const { port, tenant, dataDir } = options;
  const host = `${tenant}.localhost:${port}`;
  // A server left on the port (a benchmark killed before it stopped its own) would answer in this
  // one's place, with its own code and build: refuse rather than measure it.
  try {
    await hostGetter(port, host)('/api/health');
    throw new Error(`port ${port} is already serving: stop the server left there first`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(`port ${port}`)) throw error;
  }
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/cli/start.ts', '--no-build'];
  const child = spawn(process.execPath, args, {
    cwd: options.root ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: `.data/${dataDir}`,
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exit: string | null = null;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  child.once('exit', (code, signal) => {
    exit = `exited (${signal ?? code})`;
  });
  // A benchmark stopped by a signal takes its server with it (else it keeps the port and the store).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      child.kill();
      process.exit(1);
    });
  }
  const server: BenchServer = {
    port,
    host,
    origin: `http://${host}`,
    pid: child.pid ?? 0,
    get: hostGetter(port, host),
    stop: () => stopProcess(child),
    kill: () => stopProcess(child, 'SIGKILL'),
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (exit) throw new Error(`the server ${exit} before it answered:\n${stderr}`);
    try {
      if ((await server.get('/api/health')).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`the server did not start:\n${stderr}`);
}

/** A car for sale with photos, found with the site's own search key. */
export async function findCarInStock(server: BenchServer): Promise<string> {
  const site = JSON.parse((await server.get('/api/site')).body.toString()) as {
    search_connection: { appId: string; apiKey: string; indices: { cars: string } };
  };
  const { appId, apiKey, indices } = site.search_connection;
  const answer = await server.get('/search-api/1/indexes/*/queries', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-algolia-application-id': appId,
      'x-algolia-api-key': apiKey,
    },
    body: JSON.stringify({
      requests: [{ indexName: indices.cars, filters: 'status:in_stock', hitsPerPage: 1 }],
    }),
  });
  const hit = (JSON.parse(answer.body.toString()) as { results: { hits: { slug: string }[] }[] }).results[0]
    ?.hits[0];
  if (!hit) throw new Error('the dealer has no car in stock');
  return hit.slug;
}

/** The JavaScript a first visit to a route fetches before it is interactive. */
export interface RouteJavaScript {
  files: { src: string; bytes: number; gzipBytes: number; brotliBytes: number }[];
  bytes: number;
  gzipBytes: number;
  /** What a browser that takes Brotli downloads: the build's `.br` copies (decision 135). */
  brotliBytes: number;
}

/**
 * The route's JavaScript as its HTML names it: the entry script and the modulepreloaded chunks, raw,
 * gzipped (level 9) and in Brotli as the build stores it. Chunks loaded later (another route's page, loaded on the shopper's intent;
 * a dialog or the toaster, loaded on use) are not counted: they are not needed to show or use the
 * route. `server` is anything that GETs a path from the storefront (the bench server; the e2e
 * tests' request context).
 */
export async function routeJavaScript(
  server: { get(path: string): Promise<{ body: Buffer }> },
  path: string,
): Promise<RouteJavaScript> {
  const html = (await server.get(path)).body.toString();
  const sources = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  if (sources.length === 0) throw new Error(`${path} has no module script`);
  // Vite's HTML modulepreloads the entry's own imports; the server adds the page's chunks.
  const files = await Promise.all(
    [...new Set(sources)].map(async (src) => {
      const body = (await server.get(src)).body;
      // The build's own copies (gzip at level 9, Brotli at 11); none where it would not be smaller.
      const { br, gz } = compressedCopies(body);
      return {
        src,
        bytes: body.length,
        gzipBytes: gz?.byteLength ?? body.length,
        brotliBytes: br?.byteLength ?? body.length,
      };
    }),
  );
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    brotliBytes: files.reduce((sum, file) => sum + file.brotliBytes, 0),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Requests a page a few times before measuring it: Lighthouse loads a page once per run, and a
 * freshly started server's first answers are slower (JIT, first searches) than a running shop's.
 */
export async function warmUp(server: BenchServer, path: string, times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await server.get(path);
}

/** The machine a benchmark ran on: cores, load average (1 / 5 / 15 min) and speed, at the end. */
export interface Machine {
  cpus: number;
  loadAverage: number[];
  speed: MachineSpeed;
}

export function machine(): Machine {
  return {
    cpus: cpus().length,
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
    speed: machineSpeed(),
  };
}

/** A report's words for its machine: `2 cores, load 1 / 1.6 / 2.4, speed 3.6 ms (…, lower is faster)`. */
export function machineText(ran: Machine): string {
  return `${ran.cpus} cores, load ${ran.loadAverage.join(' / ')}, speed ${ran.speed.ms} ms (\`bench/support/machine-speed.ts\`, lower is faster)`;
}

/** Writes `bench/reports/{name}.json` and `{name}.md`. */
export function writeReport(name: string, report: object, markdown: readonly string[]): void {
  const reports = join(ROOT, 'bench/reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(reports, `${name}.md`), markdown.join('\n'));
}
