import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { percentile } from '../search/report.ts';
import {
  type BenchServer,
  findCarInStock,
  hostGetter,
  machine,
  machineText,
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
 * 3. Upload flood (issue 31 item 1): 40 trade-in photo uploads of 9.5 MB at once, sent again as
 *    each is answered, from one address — and from a new address each — to a dealer that takes
 *    photos, while shoppers fetch kept pages. Reports page p95 quiet and under the flood, the
 *    server's memory, and how the uploads were answered.
 *
 * Goal of all: p95 under attack within 2× the quiet p95; memory back to its quiet level. Writes
 * `bench/reports/floods.md` and `.json`; runs the production server on its own port and data folder.
 * `BENCH_FLOODS=uploads` (or `search`, `sign-in`, comma-separated) runs only those scenarios and keeps
 * the others' last figures from `floods.json`.
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

/**
 * Times `count` calls of `request`, two at a time (a shopper's browser and another's), and more
 * until `minMs` have passed.
 */
async function timed(count: number, request: (i: number) => Promise<unknown>, minMs = 0): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const until = performance.now() + minMs;
  const lane = async () => {
    while (next < count || performance.now() < until) {
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
  /** The Host sent (the bench's dealer by default). */
  host?: string;
  path: string;
  headers: Record<string, string>;
  /** Bodies sent in turn; `{n}` becomes the request's number. */
  bodies: string[];
  /** Files whose bytes are the bodies instead (an upload's multipart form). */
  bodyFiles?: string[];
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
  // The attacker's first message says it has begun, its second how it went.
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
  });
  const done = ready.then(
    () => new Promise<Outcome>((resolve) => child.once('message', (message) => resolve(message as Outcome))),
  );
  return {
    /** Resolves once the attack is under way. */
    ready,
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

/** The dealer whose photos the upload flood sends (it takes photos of trade-ins). */
const UPLOAD_TENANT = 'harbour-auto-group';
const UPLOAD_BOUNDARY = '----floodsBenchBoundary';
const UPLOAD_LANES = 40;
/** How long shoppers' pages are timed beside the upload flood. */
const UPLOAD_FLOOD_MS = 10_000;

/**
 * A 9.5 MB JPEG as a phone writes it: the bench's own small JPEG header, then entropy-coded data
 * (random bytes, each 0xFF stuffed with a 0x00, as an encoder writes them) and the end of the image.
 */
function largeJpeg(): Buffer {
  const header = Buffer.from(
    'ffd8ffe000104a46494600010100000100010000ffdb004300' +
      '01'.repeat(64) +
      'ffc0000b080010001001011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00',
    'hex',
  );
  const data = randomBytes(9.5 * 1024 * 1024);
  const stuffed: Buffer[] = [];
  let from = 0;
  for (let at = data.indexOf(0xff); at >= 0; at = data.indexOf(0xff, at + 1)) {
    stuffed.push(data.subarray(from, at + 1), Buffer.from([0]));
    from = at + 1;
  }
  stuffed.push(data.subarray(from));
  return Buffer.concat([header, ...stuffed, Buffer.from([0xff, 0xd9])]);
}

/** The multipart body the trade-in wizard sends: the EvalID, then the photo. */
function uploadBody(evalid: string, photo: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="evalid"\r\n\r\n${evalid}\r\n` +
        `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`),
  ]);
}

/**
 * Kept pages, quiet and beside 40 uploads at once (each sent again when answered) to valuations of
 * the photo-taking dealer: from one address, or (`fromMany`) from a new address each.
 */
async function uploadScenario(server: BenchServer, pages: readonly string[], fromMany: boolean) {
  const page = (i: number) => server.get(pages[i % pages.length] as string);
  const dealer = `${UPLOAD_TENANT}.localhost:${server.port}`;
  const sameOrigin = { origin: `http://${dealer}`, 'sec-fetch-site': 'same-origin' };
  const dealerGet = hostGetter(server.port, dealer);
  // Four valuations: room for 40 photos, as the 40 uploads of the issue.
  const evalids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await dealerGet('/api/eval-expert/enter-vin', {
      method: 'POST',
      headers: { ...sameOrigin, 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
      body: JSON.stringify({ rego: 'TEST02', state: 'qld' }),
    });
    const [record] = JSON.parse(answer.body.toString()) as { EvalID?: string }[];
    if (!record?.EvalID) throw new Error(`enter-vin answered ${answer.status}`);
    evalids.push(record.EvalID);
  }
  const photo = largeJpeg();
  const bodyFiles = evalids.map((evalid, i) => {
    const file = join(tmpdir(), `forecourt-floods-upload-${process.pid}-${i}.bin`);
    writeFileSync(file, uploadBody(evalid, photo));
    return file;
  });
  const quiet = await timed(SAMPLES, page);
  const rssQuiet = rssMb(server.pid);
  const rssPeak = { value: rssQuiet };
  const sampler = setInterval(() => {
    rssPeak.value = Math.max(rssPeak.value, rssMb(server.pid));
  }, 50);
  const flood = startAttacker(server, {
    host: dealer,
    path: '/api/eval-expert/image-upload',
    headers: { ...sameOrigin, 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
    bodies: [],
    bodyFiles,
    mode: 'closed',
    lanes: UPLOAD_LANES,
    ...(fromMany ? { network: 3 } : { address: '198.51.100.77' }),
  });
  await flood.ready;
  // Long enough for the accepted uploads to stream and the refused to come back for more.
  const underFlood = await timed(SAMPLES, page, UPLOAD_FLOOD_MS);
  const { sent, statuses, seconds } = await flood.stop();
  for (const file of bodyFiles) rmSync(file, { force: true });
  clearInterval(sampler);
  let rssAfter = rssMb(server.pid);
  for (let wait = 0; wait < 20 && rssAfter > rssQuiet * 1.1; wait++) {
    await sleep(500);
    rssAfter = rssMb(server.pid);
  }
  return {
    pages,
    pageRequests: underFlood.length,
    from: fromMany ? 'a new address each' : 'one address',
    uploadsSent: sent,
    uploadMb: round(photo.length / 1024 / 1024),
    seconds: round(seconds),
    uploadStatuses: statuses,
    p95QuietMs: round(percentile(quiet, 95)),
    p95UnderFloodMs: round(percentile(underFlood, 95)),
    rssMb: { quiet: rssQuiet, peak: rssPeak.value, after: rssAfter },
  };
}

/** Which scenarios run (`BENCH_FLOODS`); the others keep their last figures from `floods.json`. */
const only = process.env.BENCH_FLOODS?.split(',').map((name) => name.trim());
const runs = (name: 'search' | 'sign-in' | 'uploads') => !only || only.includes(name);
const REPORT_JSON = `${ROOT}/bench/reports/floods.json`;
type SearchRun = Awaited<ReturnType<typeof searchScenario>>;
type SignInRun = Awaited<ReturnType<typeof signInScenario>>;
type UploadRun = Awaited<ReturnType<typeof uploadScenario>>;
/** What an earlier run wrote to `floods.json` (runs before issue 31 have no uploads nor a second stream). */
interface EarlierReport {
  date?: string;
  earlierDate?: string;
  crafted?: SearchRun;
  heaviest?: SearchRun;
  craftedAgain?: SearchRun;
  signIns?: SignInRun;
  uploads?: UploadRun;
  uploadsFromMany?: UploadRun;
}
const previous: EarlierReport = existsSync(REPORT_JSON) ? JSON.parse(readFileSync(REPORT_JSON, 'utf8')) : {};
const kept = <T>(value: T | undefined, name: string): T => {
  if (value === undefined) throw new Error(`no earlier figures for ${name} in floods.json: run it too`);
  return value;
};

ensureBuild(ROOT, createLogger({ quiet: true }));
const server = await startBenchServer({
  port: PORT,
  tenant: TENANT,
  dataDir: 'bench-floods',
  env: { TRUST_PROXY: '1' },
});
let crafted: SearchRun;
let heaviest: SearchRun;
let craftedAgain: SearchRun | undefined;
let signIns: SignInRun;
let uploads: UploadRun;
let uploadsFromMany: UploadRun;
try {
  const pages = ['/', '/search', `/cars/${await findCarInStock(server)}`];
  for (const path of pages) await warmUp(server, path);
  const key = await searchKey(server);
  if (runs('search')) {
    crafted = await searchScenario(server, key, craftedSearches(key.cars));
    heaviest = await searchScenario(server, key, heaviestAllowed(key.cars));
    // The crafted stream once more: memory must not keep growing with each stream.
    craftedAgain = await searchScenario(server, key, craftedSearches(key.cars));
  } else {
    crafted = kept(previous.crafted, 'search');
    heaviest = kept(previous.heaviest, 'search');
    craftedAgain = previous.craftedAgain;
  }
  signIns = runs('sign-in') ? await signInScenario(server, pages) : kept(previous.signIns, 'sign-in');
  if (runs('uploads')) {
    uploads = await uploadScenario(server, pages, false);
    uploadsFromMany = await uploadScenario(server, pages, true);
  } else {
    uploads = kept(previous.uploads, 'uploads');
    uploadsFromMany = kept(previous.uploadsFromMany, 'uploads');
  }
} finally {
  await server.stop();
  // The flood's photos are the bench's own: they do not stay in its data folder.
  rmSync(`${ROOT}/.data/bench-floods/media`, { recursive: true, force: true });
}

const ratio = (under: number, quiet: number) => round(under / Math.max(quiet, 0.1));
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  tenant: TENANT,
  /** The scenarios this run measured; the others' figures are from `earlierDate`. */
  ran: only ?? ['search', 'sign-in', 'uploads'],
  earlierDate: only ? (previous.earlierDate ?? previous.date) : undefined,
  crafted,
  heaviest,
  craftedAgain,
  signIns,
  uploads,
  uploadsFromMany,
};
const searchRow = (label: string, run: typeof crafted) =>
  `| ${label} | ${run.p95QuietMs} ms | ${run.p95UnderAttackMs} ms | ${ratio(run.p95UnderAttackMs, run.p95QuietMs)}× |`;
const searchLines = (label: string, run: typeof crafted) => [
  `${label}: ${run.sent} sent, answered ${JSON.stringify(run.statuses)}; server memory (RSS) quiet ${run.rssMb.quiet} MB, peak ${run.rssMb.peak} MB, after ${run.rssMb.after} MB.`,
];
const signInRatio = ratio(signIns.p95UnderFloodMs, signIns.p95QuietMs);
const uploadRow = (run: typeof uploads) =>
  `| kept pages beside ${UPLOAD_LANES} uploads of ${run.uploadMb} MB at once, from ${run.from} | ${run.p95QuietMs} ms | ${run.p95UnderFloodMs} ms | ${ratio(run.p95UnderFloodMs, run.p95QuietMs)}× |`;
const uploadLines = (run: typeof uploads) =>
  `Uploads from ${run.from}: ${run.uploadsSent} sent in ${run.seconds} s (${run.pageRequests} pages timed meanwhile), answered ${JSON.stringify(run.uploadStatuses)}; server memory (RSS) quiet ${run.rssMb.quiet} MB, peak ${run.rssMb.peak} MB, after ${run.rssMb.after} MB.`;
writeReport('floods', report, [
  '# Floods: shoppers keep their speed (issue 14 items 1 and 2, issue 31 item 1)',
  '',
  `${report.date} · ${machineText(report.machine)} · ${TENANT}`,
  ...(only
    ? ['', `This run measured ${only.join(', ')}; the other rows are from ${report.earlierDate}.`]
    : []),
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
  ...(craftedAgain ? [searchRow('normal searches beside crafted ones, a second stream', craftedAgain)] : []),
  `| pages beside ${SIGN_INS_PER_SECOND} sign-ins/s | ${signIns.p95QuietMs} ms | ${signIns.p95UnderFloodMs} ms | ${signInRatio}× |`,
  uploadRow(uploads),
  uploadRow(uploadsFromMany),
  '',
  ...searchLines('Crafted searches', crafted),
  ...searchLines('Heaviest allowed searches', heaviest),
  ...(craftedAgain ? searchLines('Crafted searches again', craftedAgain) : []),
  '',
  `Sign-in attempts: ${signIns.signInsSent} (${signIns.signInsPerSecond}/s), answered ${JSON.stringify(signIns.signInStatuses)}.`,
  `Pages: ${signIns.pages.join(', ')}.`,
  '',
  uploadLines(uploads),
  uploadLines(uploadsFromMany),
  `Uploads go to ${UPLOAD_TENANT}; the pages are ${TENANT}'s, kept by the page cache. An upload is refused before its body is read past its limits (12, then one per 5 s per address; 3 at once per address, 16 in all; 10 photos per valuation); every refused upload is answered a second late.`,
  '',
]);
console.log(readFileSync(`${ROOT}/bench/reports/floods.md`, 'utf8'));
