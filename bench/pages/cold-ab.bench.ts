import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import {
  type BenchServer,
  machine,
  machineText,
  ROOT,
  startBenchServer,
  writeReport,
} from '../support/server.ts';
import { askOneByOne, coldPaths } from './cold-pages.ts';

/**
 * A cut to the server's render, measured against the commit before it (issue 38 items 1 and 2):
 * two production servers — this checkout and `BENCH_AB_BASE` (a git revision, `HEAD` by default:
 * the working tree's changes against the last commit) built in a worktree of its own — each asked
 * the same never-asked pages one at a time, in turn, round by round, so a drift in the machine's
 * speed falls on both. Every render on the main thread and the page cache off, as in the profile
 * (`cold-profile.bench.ts`). Reports each round and the medians: the server's CPU a page (its
 * process, from `/proc`) and the answer's p50. Writes `bench/reports/cold-ab.md` and `.json`.
 *
 * `BENCH_AB_ROUNDS` (5), `BENCH_AB_CARS` car pages a round (120; half as many listings).
 */
const TENANT = 'harbour-auto-group';
const BASE = process.env.BENCH_AB_BASE ?? 'HEAD';
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 5);
const CARS = Number(process.env.BENCH_AB_CARS ?? 120);
const LISTINGS = Math.floor(CARS / 2);
const WORKTREE = join(ROOT, '.data/cold-ab-base');

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The base revision's checkout, built, sharing this one's installed packages. */
function baseCheckout(revision: string): string {
  if (existsSync(WORKTREE)) git('worktree', 'remove', '--force', WORKTREE);
  git('worktree', 'add', '--detach', WORKTREE, revision);
  symlinkSync(join(ROOT, 'node_modules'), join(WORKTREE, 'node_modules'), 'dir');
  ensureBuild(WORKTREE, createLogger({ quiet: true }));
  return WORKTREE;
}

interface Side {
  label: string;
  server: BenchServer;
  carCpu: number[];
  carP50: number[];
  listingCpu: number[];
  listingP50: number[];
}

/** Asks each path once, one at a time; every answer must be a page. */
async function askInTurn(server: BenchServer, paths: readonly string[]) {
  const asked = await askOneByOne(server, paths);
  if (asked.failures > 0) throw new Error(`${asked.failures} of ${paths.length} pages did not answer 200`);
  return { cpu: asked.cpuMsPerPage, p50: asked.p50Ms };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN) * 100) / 100;
};
const round = (value: number) => Math.round(value * 100) / 100;

ensureBuild(ROOT, createLogger({ quiet: true }));
const baseRevision = git('rev-parse', '--short', BASE);
const head = git('rev-parse', '--short', 'HEAD');
const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
const thisLabel = `${head}${changed ? ' + working tree' : ''}`;
const baseRoot = baseCheckout(BASE);
const env = { PAGE_CACHE_SECONDS: '0', RENDER_THREADS: '0' };
const sides: Side[] = [];
try {
  const checkouts: [label: string, root: string][] = [
    [baseRevision, baseRoot],
    [thisLabel, ROOT],
  ];
  for (const [index, [label, root]] of checkouts.entries()) {
    const server = await startBenchServer({
      port: 3261 + index,
      tenant: TENANT,
      dataDir: `bench-cold-ab-${index}`,
      env,
      root,
    });
    sides.push({ label, server, carCpu: [], carP50: [], listingCpu: [], listingP50: [] });
  }
  const [first] = sides;
  if (!first) throw new Error('no server');
  const paths = await coldPaths(first.server);
  if (paths.cars.length < CARS * ROUNDS + 30)
    throw new Error(`${TENANT} has too few cars for ${ROUNDS} rounds`);
  // Warm both on pages no round asks.
  for (const side of sides) {
    await askInTurn(side.server, paths.cars.slice(-30));
    await askInTurn(side.server, paths.listings.slice(-30));
  }
  for (let r = 0; r < ROUNDS; r++) {
    const cars = paths.cars.slice(r * CARS, (r + 1) * CARS);
    const listings = paths.listings.slice(r * LISTINGS, (r + 1) * LISTINGS);
    // Each round starts with the other side, so neither always runs second.
    for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
      const car = await askInTurn(side.server, cars);
      const listing = await askInTurn(side.server, listings);
      side.carCpu.push(car.cpu);
      side.carP50.push(car.p50);
      side.listingCpu.push(listing.cpu);
      side.listingP50.push(listing.p50);
      console.log(
        `round ${r + 1} ${side.label}: car page ${round(car.cpu)} ms CPU, p50 ${round(car.p50)} | listing ${round(listing.cpu)}, ${round(listing.p50)}`,
      );
    }
  }
} finally {
  for (const side of sides) await side.server.stop();
  git('worktree', 'remove', '--force', WORKTREE);
  rmSync(WORKTREE, { recursive: true, force: true });
}

const host = machine();
const rows = sides.map((side) => ({
  label: side.label,
  carCpuMs: median(side.carCpu),
  carP50Ms: median(side.carP50),
  listingCpuMs: median(side.listingCpu),
  listingP50Ms: median(side.listingP50),
  rounds: side.carCpu.map((_, r) => ({
    carCpuMs: round(side.carCpu[r] ?? 0),
    carP50Ms: round(side.carP50[r] ?? 0),
    listingCpuMs: round(side.listingCpu[r] ?? 0),
    listingP50Ms: round(side.listingP50[r] ?? 0),
  })),
}));
writeReport('cold-ab', { machine: host, tenant: TENANT, base: baseRevision, this: thisLabel, rows }, [
  '# A cut to the render against the commit before it (issue 38 items 1 and 2)',
  '',
  `${new Date().toISOString()} · ${machineText(host)} · production build, one process each, gzip on, the page cache off, every render on the main thread · ${TENANT}`,
  '',
  `Two servers, \`${baseRevision}\` and ${thisLabel}, each asked the same never-asked pages one at a time, in`,
  `turn: ${ROUNDS} rounds of ${CARS} car pages and ${LISTINGS} listing refinements, each round a new set, the side that`,
  'goes first alternating. CPU a page is the server process’s own (user + system, `/proc`).',
  '',
  '| server | car page CPU, ms | car page p50, ms | listing CPU, ms | listing p50, ms |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.label} (median) | ${row.carCpuMs} | ${row.carP50Ms} | ${row.listingCpuMs} | ${row.listingP50Ms} |`,
  ),
  '',
  '| round | server | car page CPU, ms | car page p50, ms | listing CPU, ms | listing p50, ms |',
  '| ---: | --- | ---: | ---: | ---: | ---: |',
  ...rows.flatMap((row) =>
    row.rounds.map(
      (r, index) =>
        `| ${index + 1} | ${row.label} | ${r.carCpuMs} | ${r.carP50Ms} | ${r.listingCpuMs} | ${r.listingP50Ms} |`,
    ),
  ),
  '',
  'Run: `npm run bench -- cold-ab` (`BENCH_AB_BASE`: the revision to compare with, `HEAD` by default;',
  '`BENCH_AB_ROUNDS`, `BENCH_AB_CARS`).',
  '',
]);
for (const row of rows) {
  console.log(
    `${row.label}: car page ${row.carCpuMs} ms CPU, p50 ${row.carP50Ms}; listing ${row.listingCpuMs}, ${row.listingP50Ms}`,
  );
}
