import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import {
  type BenchServer,
  findCarInStock,
  machine,
  ROOT,
  startBenchServer,
  writeReport,
} from '../support/server.ts';

/**
 * Issue 20 items 1 and 6: server-rendered pages under a crowd. With the production build, 50
 * concurrent connections per route (`/`, `/search`, a refined `/search?…`, a car page), with gzip and
 * without, on every demo dealer; and once more with the page cache off, for what a crowd costs when
 * every request renders. Goal: p95 ≤ 100 ms, no request over 1 s, ≥ 500 pages per second for a warm
 * car page. Writes `bench/reports/pages.md` and `.json`.
 *
 * Settings: BENCH_PORT, BENCH_SECONDS (per run on the first dealer, default 10), BENCH_CONNECTIONS (50).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3231);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL = { p95Ms: 100, maxMs: 1000, carPagesPerSecond: 500 };
const REFINED = '/search?refinementList[car_type][0]=used&range[price]=10000:60000&sortBy=cars_price_asc';

interface Run {
  tenant: string;
  route: string;
  path: string;
  gzip: boolean;
  cache: boolean;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  over1s: number;
  errors: number;
  non2xx: number;
  /** Kilobytes per answer on the wire. */
  kbPerAnswer: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const round = (value: number) => Math.round(value * 10) / 10;

async function crowd(
  server: BenchServer,
  tenant: string,
  route: string,
  path: string,
  options: { gzip: boolean; cache: boolean; seconds: number },
): Promise<Run> {
  const host = `${tenant}.localhost:${server.port}`;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${server.port}${path}`,
        connections: CONNECTIONS,
        duration: options.seconds,
        headers: { host, ...(options.gzip ? { 'accept-encoding': 'gzip' } : {}) },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    tenant,
    route,
    path,
    gzip: options.gzip,
    cache: options.cache,
    seconds: options.seconds,
    requests: result.requests.total,
    perSecond: round(result.requests.total / options.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    over1s: latencies.filter((ms) => ms > 1000).length,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    kbPerAnswer: round(result.throughput.total / Math.max(1, result.requests.total) / 1024),
  };
}

/** The same server, asked as another dealer (by its Host). */
function asDealer(server: BenchServer, tenant: string): BenchServer {
  const host = `${tenant}.localhost:${server.port}`;
  return {
    ...server,
    host,
    origin: `http://${host}`,
    get: (path, init) => server.get(path, { ...init, headers: { ...init?.headers, host } }),
  };
}

/** The routes of one dealer: its home page, listing, a refined listing and a car page. */
async function routesOf(server: BenchServer, tenant: string) {
  const dealer = asDealer(server, tenant);
  const routes = [
    { route: '/', path: '/' },
    { route: '/search', path: '/search' },
    { route: '/search?…', path: REFINED },
    { route: '/cars/{slug}', path: `/cars/${await findCarInStock(dealer)}` },
  ];
  for (const { path } of routes) {
    const answer = await dealer.get(path);
    if (answer.status !== 200) throw new Error(`${tenant} ${path} answered ${answer.status}`);
  }
  return routes;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

ensureBuild(ROOT, createLogger({ quiet: true }));
const tenants = loadTenants().map((site) => site.slug);
const [first = 'bayside-mazda', ...others] = tenants;
const runs: Run[] = [];
let rss = { cached: 0, uncached: 0 };

const cached = await startBenchServer({ port: PORT, tenant: first, dataDir: 'bench-pages' });
try {
  for (const tenant of [first, ...others]) {
    const routes = await routesOf(cached, tenant);
    const seconds = tenant === first ? SECONDS : Math.max(3, Math.round(SECONDS / 2));
    for (const { route, path } of routes) {
      for (const gzip of tenant === first ? [false, true] : [true]) {
        const run = await crowd(cached, tenant, route, path, { gzip, cache: true, seconds });
        runs.push(run);
        console.log(
          `${tenant} ${route} gzip ${gzip ? 'on' : 'off'}: ${run.perSecond}/s p50 ${run.p50} p95 ${run.p95} max ${run.max} ms`,
        );
      }
    }
  }
  rss.cached = rssMb(cached.pid);
} finally {
  await cached.stop();
}

// The same crowd when every request renders (the page cache off): what the cache saves.
const uncached = await startBenchServer({
  port: PORT,
  tenant: first,
  dataDir: 'bench-pages',
  env: { PAGE_CACHE_SECONDS: '0' },
});
try {
  for (const { route, path } of await routesOf(uncached, first)) {
    const run = await crowd(uncached, first, route, path, { gzip: true, cache: false, seconds: SECONDS });
    runs.push(run);
    console.log(`${first} ${route} (no cache): ${run.perSecond}/s p95 ${run.p95} max ${run.max} ms`);
  }
  rss = { ...rss, uncached: rssMb(uncached.pid) };
} finally {
  await uncached.stop();
}

// Several processes over PostgreSQL (issue 20 item 2): the car page and the listing with 1, 2 and 4
// processes, with kept pages and rendering every request. The load generator shares the machine.
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scaling: (Run & { processes: number })[] = [];
for (const processes of [1, 2, 4]) {
  for (const cache of [true, false]) {
    const server = await startBenchServer({
      port: PORT,
      tenant: first,
      dataDir: `bench-pages-pg-${processes}`,
      env: {
        DATABASE_URL,
        DATABASE_SCHEMA: 'bench_pages',
        WORKERS: String(processes),
        ...(cache ? {} : { PAGE_CACHE_SECONDS: '0' }),
      },
    });
    try {
      const routes = (await routesOf(server, first)).filter(
        (r) => r.route === '/cars/{slug}' || r.route === '/search',
      );
      for (const { route, path } of routes) {
        // Every process answers the route once before the crowd (each renders and keeps its own page).
        for (let i = 0; i < processes * 4; i++) await server.get(path);
        const run = await crowd(server, first, route, path, { gzip: true, cache, seconds: SECONDS });
        scaling.push({ ...run, processes });
        console.log(
          `${processes} process(es) ${route} cache ${cache ? 'on' : 'off'}: ${run.perSecond}/s p95 ${run.p95} ms`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}

const withCache = runs.filter((run) => run.cache);
const carPages = withCache.filter((run) => run.route === '/cars/{slug}');
const verdict = {
  p95: withCache.every((run) => run.p95 <= GOAL.p95Ms),
  noneOver1s: withCache.every((run) => run.over1s === 0 && run.max <= GOAL.maxMs),
  carPagesPerSecond: Math.min(...carPages.map((run) => run.perSecond)) >= GOAL.carPagesPerSecond,
  noErrors: runs.every((run) => run.errors === 0 && run.non2xx === 0),
};
const row = (run: Run) =>
  `| ${run.tenant} | ${run.route} | ${run.gzip ? 'on' : 'off'} | ${run.cache ? 'on' : 'off'} | ${run.perSecond} | ${run.p50} | ${run.p95} | ${run.p99} | ${run.max} | ${run.over1s} | ${run.errors + run.non2xx} | ${run.kbPerAnswer} |`;
writeReport(
  'pages',
  {
    date: new Date().toISOString(),
    machine: machine(),
    connections: CONNECTIONS,
    goal: GOAL,
    verdict,
    rssMb: rss,
    runs,
    scaling,
  },
  [
    '# Pages under a crowd (issue 20)',
    '',
    `${new Date().toISOString()} · ${machine().cpus} cores, load ${machine().loadAverage.join(' / ')} · production build · ${CONNECTIONS} connections · autocannon · one process unless said`,
    '',
    `Goal: p95 ≤ ${GOAL.p95Ms} ms and no request over ${GOAL.maxMs} ms on every route, ≥ ${GOAL.carPagesPerSecond} warm car pages per second.`,
    `Verdict: p95 ${verdict.p95 ? 'met' : 'MISSED'}; none over 1 s ${verdict.noneOver1s ? 'met' : 'MISSED'}; car pages per second ${verdict.carPagesPerSecond ? 'met' : 'MISSED'}; errors ${verdict.noErrors ? 'none' : 'SOME'}.`,
    `Server memory after the crowd (RSS): ${rss.cached} MB with the page cache, ${rss.uncached} MB without.`,
    '',
    '| dealer | route | gzip | page cache | pages/s | p50 ms | p95 ms | p99 ms | max ms | over 1 s | errors | kB/answer |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(row),
    '',
    '## Several processes over PostgreSQL (`WORKERS`, gzip on)',
    '',
    'The load generator (autocannon, one process) runs on the same 2 cores, so with kept pages it, not the',
    'server, is the limit; rendering every request shows what more processes buy.',
    '',
    '| processes | route | page cache | pages/s | p50 ms | p95 ms | p99 ms | max ms | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...scaling.map(
      (run) =>
        `| ${run.processes} | ${run.route} | ${run.cache ? 'on' : 'off'} | ${run.perSecond} | ${run.p50} | ${run.p95} | ${run.p99} | ${run.max} | ${run.errors + run.non2xx} |`,
    ),
    '',
  ],
);
console.log(`pages: ${JSON.stringify(verdict)}`);
