import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { machine, machineText, ROOT, startBenchServer, writeReport } from '../support/server.ts';
import { type CrowdRun, coldPaths, crowdOnce } from './cold-pages.ts';

/**
 * Decision 136: a crowd's renders on a render thread, against every render on the main thread.
 * A fresh production server per run (so every page is one nobody asked for), `RENDER_THREADS` 1
 * then 0, `BENCH_ROUNDS` times in turn (the machine's speed drifts; alternating shows it): one
 * connection over car pages, 50 over every other car page, 50 over 700 listing refinements.
 * Writes `bench/reports/render-threads.md` and `.json`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3241);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TENANT = 'harbour-auto-group';

ensureBuild(ROOT, createLogger({ quiet: true }));
const runs: (CrowdRun & { threads: number; round: number })[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const threads of [1, 0]) {
    const server = await startBenchServer({
      port: PORT,
      tenant: TENANT,
      dataDir: 'bench-render-threads',
      env: { TRUST_PROXY: '1', RENDER_THREADS: String(threads) },
    });
    try {
      const { cars, listings } = await coldPaths(server);
      await crowdOnce(server, 'warm-up', ['/', '/search', ...listings.slice(-40)], 2);
      for (const run of [
        await crowdOnce(server, 'car pages, one connection', cars.slice(0, 150), 1),
        await crowdOnce(server, 'every other car page, 50 connections', cars.slice(150), 50),
        await crowdOnce(server, '700 listing refinements, 50 connections', listings.slice(0, 700), 50),
      ]) {
        runs.push({ ...run, threads, round });
        console.log(
          `round ${round}, threads ${threads}, ${run.label}: ${run.perSecond}/s p50 ${run.p50} p99 ${run.p99} ms, ${run.errors} errors, ${run.cpuMsPerPage} ms CPU a page`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}

const date = new Date().toISOString();
const ran = machine();
writeReport('render-threads', { date, machine: ran, tenant: TENANT, runs }, [
  '# Render threads: a crowd of never-asked pages with and without them (decision 136)',
  '',
  `${date} · ${machineText(ran)} at the end · production build, one process, gzip on · ${TENANT}, a fresh server per run`,
  '',
  '`RENDER_THREADS=1`: a render that starts while others run or wait goes to the render thread, a lone',
  'one stays on the main thread. `0`: every render on the main thread. Runs alternate, so a drift in',
  "the machine's speed shows in both columns.",
  '',
  '| round | threads | pages | asked | pages/s | p50 ms | p99 ms | errors | CPU a page, ms |',
  '| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...runs.map(
    (run) =>
      `| ${run.round} | ${run.threads} | ${run.label} | ${run.pages} | ${run.perSecond} | ${run.p50} | ${run.p99} | ${run.errors} | ${run.cpuMsPerPage} |`,
  ),
  '',
  'Run: `npm run bench -- render-threads` (`BENCH_ROUNDS`, default 2).',
  '',
]);
