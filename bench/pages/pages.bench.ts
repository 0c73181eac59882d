import autocannon from 'autocannon';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import {
  type BenchServer,
  findCarInStock,
  machine,
  machineText,
  ROOT,
  startBenchServer,
  writeReport,
} from '../support/server.ts';
import { type CrowdRun, coldPaths, crowdOnce, rssMb, sitemapPaths } from './cold-pages.ts';

/**
 * Issue 20 items 1 and 6: server-rendered pages under a crowd. With the production build, 50
 * concurrent connections per route (`/`, `/search`, a refined `/search?…`, a car page), with gzip and
 * without, on every demo dealer; and once more with the page cache off, for what a crowd costs when
 * every request renders. Goal: p95 ≤ 100 ms, no request over 1 s, ≥ 500 pages per second for a warm
 * car page. Writes `bench/reports/pages.md` and `.json`.
 *
 * Issue 38 item 2, cold and kept side by side: pages nobody asked for before, on a fresh server as
 * shipped (page cache on, gzip on) for the largest dealer — one connection over never-asked car pages
 * (p50 ≤ 8 ms), 50 connections over every car page (≥ 200 pages/s, p99 ≤ 500 ms) and over distinct
 * listing refinements (≥ 120 pages/s, p99 ≤ 800 ms), no errors — and the server's memory across two
 * crawls of every page of every dealer (flat: the second no higher than the first).
 *
 * Settings: BENCH_PORT, BENCH_SECONDS (per run on the first dealer, default 10), BENCH_CONNECTIONS (50),
 * BENCH_PAGES_PARTS (which parts run: kept, cold, uncached, scaling; all by default), BENCH_CRAWL_PAGES
 * (caps each dealer's crawl, for a quick run; every page by default).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3231);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL = { p95Ms: 100, maxMs: 1000, carPagesPerSecond: 500 };
const REFINED = '/search?refinementList[car_type][0]=used&range[price]=10000:60000&sortBy=cars_price_asc';
const COLD_GOAL = {
  oneConnectionP50Ms: 8,
  carPagesPerSecond: 200,
  carP99Ms: 500,
  listingsPerSecond: 120,
  listingP99Ms: 800,
};
const CRAWL_CAP = Number(process.env.BENCH_CRAWL_PAGES ?? Number.POSITIVE_INFINITY);
const PARTS = new Set((process.env.BENCH_PAGES_PARTS ?? 'kept,cold,uncached,scaling').split(','));

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

ensureBuild(ROOT, createLogger({ quiet: true }));
const tenants = loadTenants().map((site) => site.slug);
const [first = 'bayside-mazda', ...others] = tenants;
const runs: Run[] = [];
let rss = { cached: 0, uncached: 0 };

/** Kept pages: a crowd on each route of every dealer, answered from the page cache. */
async function keptRuns(): Promise<void> {
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
}
if (PARTS.has('kept')) await keptRuns();

// Pages nobody asked for before (issue 38 item 2), on a fresh server as shipped.
const cold: {
  tenant: string;
  runs: CrowdRun[];
  memory: { pass: number; tenant: string; pages: number; rssMb: number }[];
} = {
  tenant: '',
  runs: [],
  memory: [],
};

/** Cold pages: every car page of the largest dealer and distinct refinements, each asked once. */
async function coldRuns(): Promise<void> {
  const server = await startBenchServer({
    port: PORT,
    tenant: first,
    dataDir: 'bench-pages',
    env: { TRUST_PROXY: '1' },
  });
  try {
    // One dealer after another: these searches are heavy, and the bench is one client to the server.
    const sized: { tenant: string; paths: Awaited<ReturnType<typeof coldPaths>> }[] = [];
    for (const tenant of tenants) sized.push({ tenant, paths: await coldPaths(asDealer(server, tenant)) });
    const largest = sized.reduce((a, b) => (b.paths.cars.length > a.paths.cars.length ? b : a));
    const dealer = asDealer(server, largest.tenant);
    const { cars, listings } = largest.paths;
    cold.tenant = largest.tenant;
    // A few pages first (none measured later), so the JIT and the first searches are behind us.
    await crowdOnce(dealer, 'warm-up', ['/', '/search', ...listings.slice(-40)], 2);
    const one = cars.slice(0, 200);
    cold.runs.push(await crowdOnce(dealer, 'car pages, one connection', one, 1));
    cold.runs.push(await crowdOnce(dealer, 'every car page', cars.slice(one.length), CONNECTIONS));
    cold.runs.push(await crowdOnce(dealer, 'listing refinements', listings.slice(0, -40), CONNECTIONS));
    for (const run of cold.runs) {
      console.log(
        `cold ${run.label}: ${run.pages} pages ${run.perSecond}/s p50 ${run.p50} p99 ${run.p99} ms, ${run.errors} errors ${JSON.stringify(run.statuses)}, ${run.cpuMsPerPage} ms CPU a page, load ${run.load}`,
      );
    }
    // Every page of every dealer, twice: what the server holds once its caches are full.
    for (const pass of [1, 2]) {
      for (const { tenant, paths } of sized) {
        const host = asDealer(server, tenant).host;
        const pages = [...(await sitemapPaths(server, host)), ...paths.listings.slice(0, 200)].slice(
          0,
          CRAWL_CAP,
        );
        await crowdOnce(server, `crawl ${tenant}`, pages, 8, host);
        cold.memory.push({ pass, tenant, pages: pages.length, rssMb: rssMb(server.pid) });
        console.log(`crawl ${pass} ${tenant}: ${pages.length} pages, RSS ${rssMb(server.pid)} MB`);
      }
    }
  } finally {
    await server.stop();
  }
}
if (PARTS.has('cold')) await coldRuns();

// The same crowd when every request renders (the page cache off): what the cache saves.
async function uncachedRuns(): Promise<void> {
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
}
if (PARTS.has('uncached')) await uncachedRuns();

// Several processes over PostgreSQL (issue 20 item 2): the car page and the listing with 1, 2 and 4
// processes, with kept pages and rendering every request. The load generator shares the machine.
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scaling: (Run & { processes: number })[] = [];
for (const processes of PARTS.has('scaling') ? [1, 2, 4] : []) {
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
const coldRun = (label: string) => cold.runs.find((run) => run.label === label);
const coldOne = coldRun('car pages, one connection');
const coldCars = coldRun('every car page');
const coldListings = coldRun('listing refinements');
const peak = (pass: number) => Math.max(0, ...cold.memory.filter((m) => m.pass === pass).map((m) => m.rssMb));
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const coldVerdict =
  coldOne && coldCars && coldListings
    ? {
        oneConnection: coldOne.p50 <= COLD_GOAL.oneConnectionP50Ms,
        carPages:
          coldCars.perSecond >= COLD_GOAL.carPagesPerSecond &&
          coldCars.p99 <= COLD_GOAL.carP99Ms &&
          coldCars.errors === 0,
        listings:
          coldListings.perSecond >= COLD_GOAL.listingsPerSecond &&
          coldListings.p99 <= COLD_GOAL.listingP99Ms &&
          coldListings.errors === 0,
        // Flat: the second crawl's peak within 5 % of the first's (the caches are full by then).
        memoryFlat: peak(2) <= peak(1) * 1.05,
      }
    : null;
const kept = (route: string) =>
  runs.find((run) => run.tenant === cold.tenant && run.route === route && run.gzip && run.cache);
const coldRow = (run: CrowdRun | undefined, keptRun: Run | undefined, what: string) =>
  `| ${what} | ${run ? `${run.pages} pages, ${run.connections} conn.` : '–'} | ${run?.perSecond ?? '–'} | ${run?.p50 ?? '–'} | ${run?.p99 ?? '–'} | ${run?.errors ?? '–'} | ${run?.cpuMsPerPage ?? '–'} | ${run?.load ?? '–'} | ${keptRun?.perSecond ?? '–'} | ${keptRun?.p50 ?? '–'} | ${keptRun?.p99 ?? '–'} |`;
const coldSection = coldVerdict
  ? [
      `## Cold and kept pages side by side (issue 38 item 2): ${cold.tenant}, the largest dealer`,
      '',
      'Cold: a fresh server as shipped (page cache on, gzip on), each page asked once, never before. Kept:',
      `the same route answered from the page cache (the crowds above, ${CONNECTIONS} connections on one page).`,
      'CPU a page is the server process’s own (user + system, `/proc`), so it holds under load; the',
      'latencies do not (the load average, 1 min, is given with each run).',
      '',
      `Goal: one connection p50 ≤ ${COLD_GOAL.oneConnectionP50Ms} ms (${met(coldVerdict.oneConnection)}); every car page ≥ ${COLD_GOAL.carPagesPerSecond}/s, p99 ≤ ${COLD_GOAL.carP99Ms} ms, no errors (${met(coldVerdict.carPages)}); listing refinements ≥ ${COLD_GOAL.listingsPerSecond}/s, p99 ≤ ${COLD_GOAL.listingP99Ms} ms, no errors (${met(coldVerdict.listings)}); memory flat across two crawls, the second's peak within 5 % of the first's (${met(coldVerdict.memoryFlat)}).`,
      '',
      '| pages | cold: asked | pages/s | p50 ms | p99 ms | errors | CPU a page, ms | load | kept: pages/s | p50 ms | p99 ms |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      coldRow(coldOne, kept('/cars/{slug}'), 'car page, one connection'),
      coldRow(coldCars, kept('/cars/{slug}'), 'every car page'),
      coldRow(coldListings, kept('/search?…'), 'listing refinements'),
      '',
      `Memory (RSS) after each dealer of two crawls of every page (the sitemap and 200 refinements, 8 connections${Number.isFinite(CRAWL_CAP) ? `; capped at ${CRAWL_CAP} pages a dealer` : ''}):`,
      '',
      '| crawl | dealer | pages | RSS MB |',
      '|---|---|---|---|',
      ...cold.memory.map((m) => `| ${m.pass} | ${m.tenant} | ${m.pages} | ${m.rssMb} |`),
      '',
    ]
  : [];
const row = (run: Run) =>
  `| ${run.tenant} | ${run.route} | ${run.gzip ? 'on' : 'off'} | ${run.cache ? 'on' : 'off'} | ${run.perSecond} | ${run.p50} | ${run.p95} | ${run.p99} | ${run.max} | ${run.over1s} | ${run.errors + run.non2xx} | ${run.kbPerAnswer} |`;
// One reading of the date and the machine, so the report's JSON and its text say the same.
const date = new Date().toISOString();
const ran = machine();
writeReport(
  'pages',
  {
    date,
    machine: ran,
    connections: CONNECTIONS,
    goal: GOAL,
    verdict,
    coldGoal: COLD_GOAL,
    coldVerdict,
    cold,
    rssMb: rss,
    runs,
    scaling,
  },
  [
    '# Pages under a crowd (issue 20)',
    '',
    `${date} · ${machineText(ran)} · production build · ${CONNECTIONS} connections · autocannon · one process unless said`,
    '',
    `Goal: p95 ≤ ${GOAL.p95Ms} ms and no request over ${GOAL.maxMs} ms on every route, ≥ ${GOAL.carPagesPerSecond} warm car pages per second.`,
    `Verdict: p95 ${verdict.p95 ? 'met' : 'MISSED'}; none over 1 s ${verdict.noneOver1s ? 'met' : 'MISSED'}; car pages per second ${verdict.carPagesPerSecond ? 'met' : 'MISSED'}; errors ${verdict.noErrors ? 'none' : 'SOME'}.`,
    `Server memory after the crowd (RSS): ${rss.cached} MB with the page cache, ${rss.uncached} MB without.`,
    '',
    ...coldSection,
    '## Kept pages, and every request rendered',
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
console.log(`pages: ${JSON.stringify({ ...verdict, cold: coldVerdict })}`);
