import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import {
  LIGHTHOUSE,
  type LighthouseSeries,
  lighthouseRows,
  lighthouseSeries,
} from '../support/lighthouse.ts';
import {
  findCarInStock,
  kb,
  machine,
  machineText,
  ROOT,
  type RouteJavaScript,
  routeJavaScript,
  startBenchServer,
  warmUp,
  writeReport,
} from '../support/server.ts';

/**
 * Issue 5 item 8: Lighthouse mobile performance of a vehicle page on the production build (goal ≥ 95),
 * its Largest Contentful Paint element and time, and the route's gzipped JavaScript. Writes
 * `bench/reports/vehicle.md` and `.json`. Runs the production server on its own port and data folder.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3221);
const TENANT = process.env.BENCH_TENANT ?? 'bayside-mazda';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL = 95;

ensureBuild(ROOT, createLogger({ quiet: true }));
const server = await startBenchServer({ port: PORT, tenant: TENANT, dataDir: 'bench-vehicle' });
let path: string;
let js: RouteJavaScript;
let lighthouse: LighthouseSeries;
try {
  path = `/cars/${await findCarInStock(server)}`;
  js = await routeJavaScript(server, path);
  await warmUp(server, path);
  lighthouse = lighthouseSeries(`${server.origin}${path}`, 'vehicle', RUNS);
} finally {
  await server.stop();
}

const { runs, median, best, withoutJavaScript } = lighthouse;
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  lighthouse: LIGHTHOUSE,
  url: `${server.origin}${path}`,
  goal: GOAL,
  runs,
  median,
  lcpElement: best.lcpElement,
  diagnostics: { withoutJavaScript },
  routeJavaScript: js,
};
writeReport('vehicle', report, [
  '# Vehicle page: Lighthouse mobile performance',
  '',
  `${report.date} · ${LIGHTHOUSE} (mobile emulation, simulated throttling) · production build (gzip) · ${RUNS} runs`,
  `Page: \`${path}\` on ${TENANT}`,
  '',
  `Machine: ${machineText(report.machine)}, at the end (load over 1 / 5 / 15 min). Lighthouse`,
  'simulates a slow phone from a trace taken on this machine: with other work running, main-thread',
  'time (TBT) and so the score vary from run to run.',
  '',
  ...lighthouseRows(runs.map((r, i) => [String(i + 1), r])),
  '',
  `Median score **${median.score}** (goal ≥ ${GOAL}: ${median.score >= GOAL ? 'met' : 'not met'}), median LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms.`,
  '',
  `LCP element: \`${best.lcpElement.replace(/`/g, "'")}\``,
  '',
  `Route JavaScript on first load: **${kb(js.gzipBytes)} gzipped** (${kb(js.bytes)} raw; ${kb(js.brotliBytes)} in Brotli, as a browser downloads it) in ${js.files.length} files:`,
  ...js.files.map((f) => `- \`${f.src}\`: ${kb(f.gzipBytes)} gzipped, ${kb(f.brotliBytes)} Brotli`),
  '',
  '## Diagnostic (not the product as shipped)',
  '',
  ...lighthouseRows([['JavaScript blocked (the server-rendered HTML alone)', withoutJavaScript]]),
  '',
]);
console.log(
  `vehicle page: score ${median.score}, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, JS ${kb(js.gzipBytes)} gz`,
);
