import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { percentile } from '../search/report.ts';
import {
  type BenchServer,
  findCarInStock,
  machine,
  ROOT,
  startBenchServer,
  warmUp,
  writeReport,
} from '../support/server.ts';

/**
 * Issue 14 items 1 and 2: shoppers keep their speed while an attacker floods the server.
 *
 * 1. Expensive searches: a stream of search requests crafted to cost (60,000 filters on unknown
 *    attributes, a 20,000-deep `optionalFilters`, the most filters and facets a request may ask for)
 *    alongside the storefront's normal searches. Reports the normal searches' p95 quiet and under
 *    the stream, and the server's memory (RSS) quiet, at its peak and after the stream.
 * 2. Sign-in flood: 200 sign-in attempts a second from rotating addresses (`TRUST_PROXY=1`, a new
 *    `X-Forwarded-For` each) while pages are fetched. Reports page p95 quiet and under the flood,
 *    and how the attempts were answered.
 *
 * Goal of both: p95 under attack within 2× the quiet p95; memory back to its quiet level. Writes
 * `bench/reports/floods.md` and `.json`; runs the production server on its own port and data folder.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3231);
const TENANT = process.env.BENCH_TENANT ?? 'bayside-mazda';
/** Requests timed per phase: about five seconds of a shopper's searches, past any burst the budgets allow. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const SIGN_INS_PER_SECOND = 200;

const round = (value: number) => Math.round(value * 10) / 10;
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return round(Number(line?.[1] ?? 0) / 1024);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times `count` calls of `request`, two at a time (a shopper's browser and another's). */
async function timed(count: number, request: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      await request(i);
      times.push(performance.now() - started);
    }
  };
  await Promise.all([lane(), lane()]);
  return times;
}

interface SearchKey {
  appId: string;
  apiKey: string;
  cars: string;
}

async function searchKey(server: BenchServer): Promise<SearchKey> {
  const site = JSON.parse((await server.get('/api/site')).body.toString()) as {
    search_connection: { appId: string; apiKey: string; indices: { cars: string } };
  };
  const { appId, apiKey, indices } = site.search_connection;
  return { appId, apiKey, cars: indices.cars };
}

/** A multi-query from one client address (`X-Forwarded-For`: the server trusts one proxy here). */
function search(server: BenchServer, key: SearchKey, body: string, address: string) {
  return server.get('/search-api/1/indexes/*/queries', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-algolia-application-id': key.appId,
      'x-algolia-api-key': key.apiKey,
      'x-forwarded-for': address,
    },
    body,
  });
}

/** What the search page sends: the hits with every facet, and a text search. */
const normalSearches = (cars: string) => [
  JSON.stringify({
    requests: [
      { indexName: cars, facets: ['*'], hitsPerPage: 21, filters: 'status:in_stock' },
      { indexName: cars, facets: ['make'], hitsPerPage: 0 },
    ],
  }),
  JSON.stringify({ requests: [{ indexName: cars, query: 'mazda suv', facets: ['*'], hitsPerPage: 21 }] }),
];

/** Requests crafted to be expensive (issue 14 item 1): 4 s and a 500 before the ceilings. */
const craftedSearches = (cars: string) => [
  JSON.stringify({
    requests: [{ indexName: cars, numericFilters: Array.from({ length: 60_000 }, (_, i) => `attr${i}>1`) }],
  }),
  `{"requests":[{"indexName":"${cars}","optionalFilters":${'['.repeat(20_000)}"make:Mazda"${']'.repeat(20_000)}}]}`,
  JSON.stringify({
    requests: [{ indexName: cars, numericFilters: Array.from({ length: 8000 }, (_, i) => `a${i}>1`) }],
  }),
];

/** The most a request may ask for within the ceilings: left to the per-client search time. */
const heaviestAllowed = (cars: string) => [
  JSON.stringify({
    requests: [
      {
        indexName: cars,
        query: 'a',
        numericFilters: Array.from({ length: 1000 }, (_, i) => `price>=${i}`),
        facets: ['*'],
        hitsPerPage: 1000,
      },
    ],
  }),
];

interface AttackPlan {
  path: string;
  headers: Record<string, string>;
  /** Bodies sent in turn; `{n}` becomes the request's number. */
  bodies: string[];
  /** `closed`: `lanes` requests at a time, each sent when the last is answered; `rate`: `perSecond`. */
  mode: 'closed' | 'rate';
  lanes?: number;
  perSecond?: number;
  /** The one address the attacker sends from; without it, a new address per request in 10.{network}/16. */
  address?: string;
  network?: number;
}

/** Starts the attacker in a process of its own under `nice`; `stop()` ends it and tells how it was answered. */
function startAttacker(server: BenchServer, plan: AttackPlan) {
  const script = fileURLToPath(new URL('./attacker.mjs', import.meta.url));
  const child = spawn('nice', ['-n', '10', process.execPath, script], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send({ port: server.port, host: server.host, ...plan });
  type Outcome = { sent: number; statuses: Record<string, number>; seconds: number };
  const done = new Promise<Outcome>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Outcome));
    child.once('error', reject);
  });
  return {
    stop: async () => {
      child.send('stop');
      const result = await done;
      if (child.exitCode === null) await new Promise((exit) => child.once('exit', exit));
      return result;
    },
  };
}

/**
 * Normal searches from shoppers' addresses, quiet and then beside a stream of `hostile` requests
 * that one attacker address sends two at a time, as fast as they are answered.
 */
async function searchScenario(server: BenchServer, key: SearchKey, hostile: readonly string[]) {
  const normal = normalSearches(key.cars);
  const normalSearch = (i: number) =>
    search(server, key, normal[i % normal.length] as string, `203.0.113.${(i % 200) + 1}`);
  // Warm until the heap has grown to what normal traffic needs, so the quiet memory is its level.
  await timed(SAMPLES, normalSearch);
  const quiet = await timed(SAMPLES, normalSearch);
  const rssQuiet = rssMb(server.pid);

  const rssPeak = { value: rssQuiet };
  const sampler = setInterval(() => {
    rssPeak.value = Math.max(rssPeak.value, rssMb(server.pid));
  }, 50);
  const attack = startAttacker(server, {
    path: '/search-api/1/indexes/*/queries',
    headers: {
      'content-type': 'application/json',
      'x-algolia-application-id': key.appId,
      'x-algolia-api-key': key.apiKey,
    },
    bodies: [...hostile],
    mode: 'closed',
    lanes: 2,
    address: '198.51.100.66',
  });
  await sleep(200);
  const underAttack = await timed(SAMPLES, normalSearch);
  const { sent, statuses } = await attack.stop();
  clearInterval(sampler);

  let rssAfter = rssMb(server.pid);
  for (let wait = 0; wait < 20 && rssAfter > rssQuiet * 1.1; wait++) {
    await sleep(500);
    rssAfter = rssMb(server.pid);
  }
  return {
    normalSearches: SAMPLES,
    sent,
    statuses,
    p95QuietMs: round(percentile(quiet, 95)),
    p95UnderAttackMs: round(percentile(underAttack, 95)),
    rssMb: { quiet: rssQuiet, peak: rssPeak.value, after: rssAfter },
  };
}

async function signInScenario(server: BenchServer, pages: readonly string[]) {
  const page = (i: number) => server.get(pages[i % pages.length] as string);
  const quiet = await timed(SAMPLES, page);

  // Two threads of 100 a second each: one thread cannot open 200 connections a second here.
  const floods = [1, 2].map((network) =>
    startAttacker(server, {
      path: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: server.origin, 'sec-fetch-site': 'same-origin' },
      bodies: [JSON.stringify({ email: 'guess-{n}@example.com', password: 'hunter22 guess' })],
      mode: 'rate',
      perSecond: SIGN_INS_PER_SECOND / 2,
      network,
    }),
  );
  await sleep(1000);
  const underFlood = await timed(SAMPLES, page);
  const results = await Promise.all(floods.map((flood) => flood.stop()));
  const sent = results.reduce((sum, r) => sum + r.sent, 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [status, count] of Object.entries(r.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  await sleep(2000);
  return {
    pages,
    pageRequests: SAMPLES,
    signInsSent: sent,
    signInsPerSecond: round(sent / seconds),
    signInStatuses: statuses,
    p95QuietMs: round(percentile(quiet, 95)),
    p95UnderFloodMs: round(percentile(underFlood, 95)),
  };
}

ensureBuild(ROOT, createLogger({ quiet: true }));
const server = await startBenchServer({
  port: PORT,
  tenant: TENANT,
  dataDir: 'bench-floods',
  env: { TRUST_PROXY: '1' },
});
let crafted: Awaited<ReturnType<typeof searchScenario>>;
let heaviest: Awaited<ReturnType<typeof searchScenario>>;
let craftedAgain: Awaited<ReturnType<typeof searchScenario>>;
let signIns: Awaited<ReturnType<typeof signInScenario>>;
try {
  const pages = ['/', '/search', `/cars/${await findCarInStock(server)}`];
  for (const path of pages) await warmUp(server, path);
  const key = await searchKey(server);
  crafted = await searchScenario(server, key, craftedSearches(key.cars));
  heaviest = await searchScenario(server, key, heaviestAllowed(key.cars));
  // The crafted stream once more: memory must not keep growing with each stream.
  craftedAgain = await searchScenario(server, key, craftedSearches(key.cars));
  signIns = await signInScenario(server, pages);
} finally {
  await server.stop();
}

const ratio = (under: number, quiet: number) => round(under / Math.max(quiet, 0.1));
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  tenant: TENANT,
  crafted,
  heaviest,
  signIns,
};
const searchRow = (label: string, run: typeof crafted) =>
  `| ${label} | ${run.p95QuietMs} ms | ${run.p95UnderAttackMs} ms | ${ratio(run.p95UnderAttackMs, run.p95QuietMs)}× |`;
const searchLines = (label: string, run: typeof crafted) => [
  `${label}: ${run.sent} sent, answered ${JSON.stringify(run.statuses)}; server memory (RSS) quiet ${run.rssMb.quiet} MB, peak ${run.rssMb.peak} MB, after ${run.rssMb.after} MB.`,
];
const signInRatio = ratio(signIns.p95UnderFloodMs, signIns.p95QuietMs);
writeReport('floods', report, [
  '# Floods: shoppers keep their speed (issue 14 items 1 and 2)',
  '',
  `${report.date} · ${report.machine.cpus} cores · load ${report.machine.loadAverage.join(' / ')} · ${TENANT}`,
  '',
  '| scenario | p95 quiet | p95 under attack | ratio (goal ≤ 2) |',
  '|---|---|---|---|',
  searchRow(
    'normal searches beside crafted ones (60,000 or 8,000 unknown filters, 20,000-deep nesting)',
    crafted,
  ),
  searchRow(
    'normal searches beside the heaviest allowed (1,000 filter terms, every facet, 1,000 hits)',
    heaviest,
  ),
  searchRow('normal searches beside crafted ones, a second stream', craftedAgain),
  `| pages beside ${SIGN_INS_PER_SECOND} sign-ins/s | ${signIns.p95QuietMs} ms | ${signIns.p95UnderFloodMs} ms | ${signInRatio}× |`,
  '',
  ...searchLines('Crafted searches', crafted),
  ...searchLines('Heaviest allowed searches', heaviest),
  ...searchLines('Crafted searches again', craftedAgain),
  '',
  `Sign-in attempts: ${signIns.signInsSent} (${signIns.signInsPerSecond}/s), answered ${JSON.stringify(signIns.signInStatuses)}.`,
  `Pages: ${signIns.pages.join(', ')}.`,
  '',
]);
console.log(readFileSync(`${ROOT}/bench/reports/floods.md`, 'utf8'));
