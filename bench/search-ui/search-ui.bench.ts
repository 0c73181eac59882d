import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import {
  LIGHTHOUSE,
  type LighthouseSeries,
  lighthouseRows,
  lighthouseSeries,
} from '../support/lighthouse.ts';
import {
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
import { type FacetClickResult, measureFacetClicks, PHASES } from './facet-click.ts';
import { type FrameSeries, measureFrames } from './frames.ts';

/**
 * Issue 4 item 8 and issue 20 items 3 and 4, on the production build in Chromium: facet click to
 * results painted (p95 over at least 30 clicks, goal ≤ 50 ms on loopback), the search route's
 * JavaScript gzipped (goal ≤ 120 kB)
 * and Lighthouse mobile performance of `/search` (goal ≥ 95). Writes `bench/reports/search-ui.md`
 * and `.json`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3231);
const TENANT = process.env.BENCH_TENANT ?? 'bayside-mazda';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 40);
/** A shopper's press: a mouse button or finger is down about 100 ms before the click. */
const PRESS_MS = 100;
/** A mouse shopper's pointer resting on a value before the press (the search starts after 80 ms). */
const REST_MS = 150;
// Issue 20 items 3 and 4 (issue 4 item 8 asked 100 ms and 150 kB).
// Frames: "stays at 60 fps" read as 95 % of frame intervals within one vsync (bench/search-ui/frames.ts).
const GOALS = { clickP95Ms: 50, routeJsGzipKb: 120, lighthouse: 95, framesOnTimePercent: 95 };

ensureBuild(ROOT, createLogger({ quiet: true }));
const server = await startBenchServer({ port: PORT, tenant: TENANT, dataDir: 'bench-search-ui' });
let clicks: FacetClickResult;
let heldClicks: FacetClickResult;
let restedClicks: FacetClickResult;
let frames: FrameSeries[];
let js: RouteJavaScript;
let lighthouse: LighthouseSeries;
try {
  js = await routeJavaScript(server, '/search');
  clicks = await measureFacetClicks({ origin: server.origin, clicks: CLICKS });
  heldClicks = await measureFacetClicks({ origin: server.origin, clicks: CLICKS, pressMs: PRESS_MS });
  restedClicks = await measureFacetClicks({ origin: server.origin, clicks: CLICKS, restMs: REST_MS });
  frames = await measureFrames({ origin: server.origin });
  await warmUp(server, '/search');
  lighthouse = lighthouseSeries(`${server.origin}/search`, 'search', RUNS);
} finally {
  await server.stop();
}

const { runs, median, best, withoutJavaScript } = lighthouse;
const jsKb = Math.round((js.gzipBytes / 1024) * 10) / 10;
const verdict = (met: boolean) => (met ? 'met' : 'not met');
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  tenant: TENANT,
  goals: GOALS,
  facetClick: clicks,
  facetClickHeld: { pressMs: PRESS_MS, ...heldClicks },
  facetClickRested: { restMs: REST_MS, ...restedClicks },
  frames,
  routeJavaScript: js,
  lighthouse: { version: LIGHTHOUSE, runs, median, lcpElement: best.lcpElement, withoutJavaScript },
};
writeReport('search-ui', report, [
  '# Search page in the browser: facet click, route JavaScript, Lighthouse',
  '',
  `${report.date} · production build (gzip) · Chromium · ${TENANT} \`/search\``,
  `Machine: ${machineText(report.machine)}, at the end (load over 1 / 5 / 15 min).`,
  '',
  '| measure | figure | goal | |',
  '|---|---|---|---|',
  `| facet click → results painted, p95 over ${clicks.clicks} clicks | **${clicks.p95Ms} ms** (p50 ${clicks.p50Ms}, max ${clicks.maxMs}) | ≤ ${GOALS.clickP95Ms} ms | ${verdict(clicks.p95Ms <= GOALS.clickP95Ms)} |`,
  `| the same with a shopper's ${PRESS_MS} ms press, from the release | ${heldClicks.p95Ms} ms (p50 ${heldClicks.p50Ms}, max ${heldClicks.maxMs}) | (diagnostic) | |`,
  `| the same with the mouse resting ${REST_MS} ms on the value first, from the press | ${restedClicks.p95Ms} ms (p50 ${restedClicks.p50Ms}, max ${restedClicks.maxMs}) | (diagnostic) | |`,
  ...frames.map(
    (series) =>
      `| frames while ${series.gesture} (${series.searches} searches loading) | **${series.onTimePercent} %** on time (p95 ${series.p95Ms} ms, longest ${series.maxMs}, ${series.dropped} dropped of ${series.frames}) | 60 fps | ${verdict(series.onTimePercent >= GOALS.framesOnTimePercent)} |`,
  ),
  `| route JavaScript, gzipped | **${jsKb} kB** (${kb(js.bytes)} raw, ${js.files.length} files) | ≤ ${GOALS.routeJsGzipKb} kB | ${verdict(jsKb <= GOALS.routeJsGzipKb)} |`,
  `| the same in Brotli, as a browser downloads it (decision 135) | ${kb(js.brotliBytes)} | (diagnostic) | |`,
  `| Lighthouse mobile performance, median of ${RUNS} | **${median.score}** | ≥ ${GOALS.lighthouse} | ${verdict(median.score >= GOALS.lighthouse)} |`,
  '',
  `Facet clicked: ${clicks.facet}. Each sample runs from the click to the frame after the new results`,
  'are in the page (double requestAnimationFrame); the search goes over loopback to the embedded endpoint.',
  `The press is Playwright's (released 2 ms later) and the sample starts at it; in the diagnostic row the press`,
  `is held ${PRESS_MS} ms, as a shopper's is, and the sample starts at the release, when the value is ticked: the`,
  'search starts at the press (decision 102), so the request may be answered before the click. In the row after',
  `it the mouse rests ${REST_MS} ms on the value before a quick click, and a mouse that rests 80 ms starts the search.`,
  'Frames: a requestAnimationFrame loop records each frame while the price thumb is dragged six times (each',
  'release a search) and four makes are typed into the search box a key every 80 ms (each then searched);',
  'an interval within 1.25 vsyncs (20.8 ms) is on time.',
  '',
  "## Where a facet click's time goes",
  '',
  "Each phase's own p50 and p95 over the same clicks (they do not add up to the total's percentiles).",
  '',
  '| phase | p50 ms | p95 ms |',
  '|---|---|---|',
  ...Object.entries(PHASES).map(([name, label]) => {
    const phase = clicks.phases[name as keyof typeof PHASES];
    return `| ${label} | ${phase.p50Ms} | ${phase.p95Ms} |`;
  }),
  '',
  '## Route JavaScript',
  '',
  ...js.files.map((f) => `- \`${f.src}\`: ${kb(f.gzipBytes)} gzipped, ${kb(f.brotliBytes)} Brotli`),
  '',
  `## Lighthouse (${LIGHTHOUSE}, mobile emulation, simulated throttling)`,
  '',
  ...lighthouseRows(runs.map((r, i) => [String(i + 1), r])),
  '',
  `Median LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms. LCP element: \`${best.lcpElement.replace(/`/g, "'")}\``,
  '',
  'Diagnostic, the server-rendered HTML alone (JavaScript blocked):',
  '',
  ...lighthouseRows([['JavaScript blocked', withoutJavaScript]]),
  '',
]);
console.log(
  `search page: click p95 ${clicks.p95Ms} ms, JS ${jsKb} kB gz, Lighthouse ${median.score} (LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms)`,
);
