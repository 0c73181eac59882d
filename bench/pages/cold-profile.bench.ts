import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { machine, machineText, ROOT, startBenchServer, writeReport } from '../support/server.ts';
import { askOneByOne, coldPaths } from './cold-pages.ts';

/**
 * Issue 38 item 1: where a cold render's time goes. The production server (one process, gzip on,
 * the page cache off so every request renders) runs under `--cpu-prof` while one connection asks
 * for every car page of the largest demo dealer once, then for distinct listing refinements (make ×
 * body, make × fuel, with a price band and a sort), each never asked before. The profile's samples
 * are summed two ways: by what the code is (React's server renderer, xstate, the embedded search
 * engine, PGlite, Hono, zod, the app's own SSR bundle, Node's internals, garbage collection…), and by
 * the render's stages that run synchronously (`renderToString`, the boot data's serialisation, the
 * document's assembly, gzip). Writes `bench/reports/cold-pages.md` and `.json`.
 *
 * `BENCH_COLD_CARS` caps the car pages (every one by default), `BENCH_COLD_LISTINGS` the refinements (300).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3257);
const TENANT = 'harbour-auto-group';
const CAR_CAP = Number(process.env.BENCH_COLD_CARS ?? Number.POSITIVE_INFINITY);
const LISTING_CAP = Number(process.env.BENCH_COLD_LISTINGS ?? 300);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  /** When the profile started, µs on the monotonic clock (`process.hrtime`'s). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The cuts made from this profile, with the figures of the runs before and after them (kept here so
 * every new report carries them). Every run was on a machine loaded by other work (the load is given),
 * so absolute milliseconds moved with the load; a named cost going to nothing does not, nor does a
 * server's own CPU measured beside another asked the same pages in turn.
 */
const CUTS = [
  '| cut | before | after |',
  '| --- | ---: | ---: |',
  "| wouter's route patterns parsed once per pattern, not on every render and match (`views/ui/route-parser.ts`) | regexparam's `parse` 1.66 ms a car page, 1.58 a listing (3 %) | 0 ms |",
  "| the head read from the settled machine's own state, not from a second machine made and restored for it (`views/app/entry-server.tsx`) | xstate's `provide` 9 % of a car page | 8 % |",
  "| a render's own calls answered from a data cache apart from pages (`server/render/data-cache.ts`): server CPU a page, two servers asked page by page in turn, one connection | never asked: car page 35.4, listing 35.3 ms; the same 10 cars and 10 listings with a `gclid` each time: car 37.3 and 26.3, listing 34.5 ms (load 11–19) | never asked: 35.7 and 34.3 ms (nothing to share but the session read); with a `gclid`: car 27.0 and 22.2, listing 22.8 ms |",
  "| kept pages compressed at zlib's default level, not 9 (`server/render/gzip-with-nonce.ts`): CPU to compress a page as it is kept | car page (61 kB) 2.35 ms → 13,217 B; listing (166 kB) 2.18 ms → 18,344 B (load 17) | 1.22 ms → 13,261 B; 1.93 ms → 18,590 B |",
  "| the menus' route matches remembered per link path (`views/layout/navigation.ts`): CPU of a page's three menus | 0.28–0.34 ms of route matching (load 9–13) | 0.02 ms |",
  "| split-off modules loaded once (`views/app/load-once.ts`: each search and the car page's document loader went through Node's loader and tsx's hook again) and the server's shell made bare (`views/app/shell.tsx`: its actors never start there): the commit before and after, two servers asked page by page in turn, one connection, the medians of 5 rounds of 120 car pages and 60 listings (2026-11-29) | car page p50 9.42 ms, CPU 12.83; listing 11.43, 15.33 (`import()` 3.5 % and the shell's `provide` 6.5 % of the render) | car page 8.98, 12.00; listing 10.70, 14.17 |",
];

/** A stretch of the run, µs on the monotonic clock. */
interface Window {
  from: number;
  to: number;
}
const clock = () => Number(process.hrtime.bigint() / 1000n);

/** What a sample's code is, by its file (first match wins). */
const CATEGORIES: [string, (url: string, name: string) => boolean][] = [
  ['idle (waiting on the connection)', (_, name) => name === '(idle)'],
  ['garbage collection', (_, name) => name === '(garbage collector)'],
  ["React's server renderer (react-dom/server)", (url) => url.includes('/react-dom/')],
  ['React (react)', (url) => /\/node_modules\/react\//.test(url)],
  ['machines settling (xstate)', (url) => url.includes('/xstate/')],
  ['embedded database (PGlite)', (url) => url.includes('pglite')],
  ['search engine (server/search)', (url) => url.includes('/server/search/')],
  ['render pipeline (server/render)', (url) => url.includes('/server/render/')],
  ['head, SEO and JSON-LD (server/seo, vehicle-head)', (url) => /\/server\/seo\/|head\.ts/.test(url)],
  ["the app's SSR bundle (views, machines, domain)", (url) => url.includes('/dist/server/')],
  ['HTTP framework (Hono)', (url) => url.includes('/hono/')],
  ['validation (zod)', (url) => url.includes('/zod/')],
  ['gzip (zlib)', (url, name) => url.includes('zlib') || /gzip|deflate/i.test(name)],
  ['the server, other (server/)', (url) => url.includes('/server/')],
  ['domain (domain/)', (url) => url.includes('/domain/')],
  ['TypeScript loader (tsx)', (url) => url.includes('/tsx/')],
  ['other packages (node_modules)', (url) => url.includes('/node_modules/')],
  ["Node's internals (http, streams, timers)", (url) => url.startsWith('node:')],
  ['JSON (parse, stringify)', (_, name) => name === 'stringify' || name === 'parse'],
  ['native, other ((program), built-ins)', () => true],
];

/** Synchronous stages of a render, summed over their outermost calls (inclusive time). */
const STAGES: [string, string][] = [
  ["React's renderToString", 'renderToStringImpl'],
  ['boot data serialised (serialiseBoot)', 'serialiseBoot'],
  ['the settled snapshot persisted and copied (settle)', 'settle'],
  ['the document assembled (renderDocument)', 'renderDocument'],
  ["machines made with their implementations (xstate's provide)", 'provide'],
  ["route patterns parsed (regexparam's parse, wouter)", 'parse'],
];

/** The profile's samples within `window`, summed by code, by stage and by function. */
function summarise(profile: Profile, window: Window) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window.from || at > window.to) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const categories = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame ?? { url: '', functionName: '' };
    const [label] = CATEGORIES.find(([, test]) => test(frame.url, frame.functionName)) ?? ['?'];
    categories.set(label, (categories.get(label) ?? 0) + micros);
  }
  const inclusive = new Map<number, number>();
  const inclusiveOf = (id: number): number => {
    const known = inclusive.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const value =
      (self.get(id) ?? 0) + (node?.children ?? []).reduce((sum, child) => sum + inclusiveOf(child), 0);
    inclusive.set(id, value);
    return value;
  };
  const root = profile.nodes[0]?.id ?? 1;
  // Iteratively, deepest first, so a deep React tree does not overflow the stack.
  const order: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    order.push(id);
    stack.push(...(byId.get(id)?.children ?? []));
  }
  for (const id of order.reverse()) inclusiveOf(id);
  const stages = STAGES.map(([label, names]) => {
    const pattern = new RegExp(`^(${names})$`);
    let micros = 0;
    const walk = [root];
    while (walk.length > 0) {
      const id = walk.pop() as number;
      const node = byId.get(id);
      if (!node) continue;
      // regexparam's `parse` only: JSON's is a built-in of the same name.
      const named =
        pattern.test(node.callFrame.functionName) &&
        (names !== 'parse' || node.callFrame.url.includes('regexparam'));
      if (named) micros += inclusive.get(id) ?? 0;
      else walk.push(...(node.children ?? []));
    }
    return { label, ms: Math.round(micros / 1000) };
  });
  const functions = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const file = frame.url
      .replace(/^.*node_modules\//, '')
      .replace(/^file:\/\/.*?\/(server|dist|views|domain|machines)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'} · ${file || 'native'}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
  }
  return {
    totalMs: Math.round(total / 1000),
    categories: [...categories.entries()]
      .map(([label, micros]) => ({ label, ms: Math.round(micros / 1000) }))
      .sort((a, b) => b.ms - a.ms),
    stages,
    functions: [...functions.entries()]
      .map(([label, micros]) => ({ label, ms: Math.round(micros / 1000) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15),
  };
}

ensureBuild(ROOT, createLogger({ quiet: true }));
const profileDir = mkdtempSync(join(tmpdir(), 'forecourt-cold-profile-'));
const server = await startBenchServer({
  port: PORT,
  tenant: TENANT,
  dataDir: 'bench-cold-pages',
  // Every render on the main thread, whose profile is the one read (with render threads, decision
  // 136, a page's CPU is split across two profiles).
  env: { PAGE_CACHE_SECONDS: '0', RENDER_THREADS: '0' },
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=200'],
});

const paths = await coldPaths(server);
const carPaths = paths.cars.slice(0, CAR_CAP);
const listings = paths.listings.slice(0, LISTING_CAP);

console.log(`Cold pages of ${TENANT}: ${carPaths.length} car pages, ${listings.length} listing refinements…`);
const carWindow = { from: clock(), to: 0 };
const cars = await askOneByOne(server, carPaths);
carWindow.to = clock();
console.log(`  car pages: p50 ${cars.p50Ms} ms, p95 ${cars.p95Ms} ms`);
const listingWindow = { from: clock(), to: 0 };
const listed = await askOneByOne(server, listings);
listingWindow.to = clock();
console.log(`  listings: p50 ${listed.p50Ms} ms, p95 ${listed.p95Ms} ms`);
await server.stop();

// The main thread's profile (tsx's loader and PGlite's helpers write their own, thread ids 1 and up).
const file = readdirSync(profileDir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
if (!file) throw new Error(`the server wrote no profile in ${profileDir}`);
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile;
const carSummary = summarise(profile, carWindow);
const listingSummary = summarise(profile, listingWindow);
const busy = (summary: ReturnType<typeof summarise>) =>
  summary.totalMs - (summary.categories.find((c) => c.label.startsWith('idle'))?.ms ?? 0);
const host = machine();
const perPage = (ms: number, pages: number) => (ms / pages).toFixed(2);
const sideBySide = (
  label: string,
  rows: (summary: ReturnType<typeof summarise>) => { label: string; ms: number }[],
): string[] => {
  const carRows = rows(carSummary);
  const listingRows = rows(listingSummary);
  const labels = [...new Set([...carRows, ...listingRows].map((row) => row.label))].filter(
    (name) => !name.startsWith('idle'),
  );
  const of = (list: { label: string; ms: number }[], name: string) =>
    list.find((row) => row.label === name)?.ms ?? 0;
  return [
    `| ${label} | car page, ms | share | listing, ms | share |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...labels.map(
      (name) =>
        `| ${name} | ${perPage(of(carRows, name), cars.pages)} | ${Math.round((of(carRows, name) / busy(carSummary)) * 100)} % | ${perPage(of(listingRows, name), listed.pages)} | ${Math.round((of(listingRows, name) / busy(listingSummary)) * 100)} % |`,
    ),
  ];
};
writeReport(
  'cold-pages',
  {
    machine: host,
    tenant: TENANT,
    cars,
    listings: listed,
    profile: { cars: carSummary, listings: listingSummary },
  },
  [
    '# Cold pages: where a never-asked render spends its time (issue 38 item 1)',
    '',
    `${new Date().toISOString()} · ${machineText(host)} · production build, one process, gzip on, the page cache off · ${TENANT}`,
    '',
    'One connection asks for each page once, so every answer is a render nobody asked for before. The',
    'server runs under `--cpu-prof` (a sample every 200 µs); only the samples taken while the car pages,',
    'then the listings, were asked are counted (start-up and the seed are not).',
    '',
    '| pages | count | failed | p50 ms | p95 ms | kB (gzip) | server CPU a page, ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| car pages (every car, once) | ${cars.pages} | ${cars.failures} | ${cars.p50Ms} | ${cars.p95Ms} | ${cars.meanKb} | ${perPage(busy(carSummary), cars.pages)} |`,
    `| listing refinements (make × body or fuel, a price band, a sort) | ${listed.pages} | ${listed.failures} | ${listed.p50Ms} | ${listed.p95Ms} | ${listed.meanKb} | ${perPage(busy(listingSummary), listed.pages)} |`,
    '',
    `## The server's CPU a page, by what the code is`,
    '',
    ...sideBySide('code', (summary) => summary.categories),
    '',
    '## Stages and named costs (inclusive: the function and what it calls)',
    '',
    ...sideBySide('stage', (summary) => summary.stages),
    '',
    'Asynchronous work (the page machine waiting on its searches and the car query) is not a stage:',
    'its CPU shows by code above (the search engine, PGlite, xstate).',
    '',
    '## The 15 costliest functions (self time)',
    '',
    ...sideBySide('function · file', (summary) => summary.functions),
    '',
    '## Cuts so far, each measured before and after',
    '',
    ...CUTS,
    '',
    'Run: `npm run bench -- cold-profile` (caps: `BENCH_COLD_CARS`, `BENCH_COLD_LISTINGS`).',
    '',
  ],
);
console.log(
  `car page ${perPage(busy(carSummary), cars.pages)} ms CPU, listing ${perPage(busy(listingSummary), listed.pages)} ms CPU`,
);
