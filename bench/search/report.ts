import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Figures for one stock size. */
export interface SizeReport {
  records: number;
  /** The scale run: how many dealerships the records spread over, and how many the key allows. */
  dealers?: number;
  tenantDealerships?: number;
  /** Heap the index adds per record, beyond the records themselves (after a collection, with `--expose-gc`). */
  bytesPerRecord: number;
  buildMs: { first: number; rebuild: number };
  processingTimeMS: { p50: number; p95: number; max: number };
  engineMs: { p50: number; p95: number };
  naiveMs: { p50: number; p95: number };
  naiveRatio: { p50: number; p95: number };
  roundTripMs: { p50: number; p95: number };
  throughput: { sequentialRps: number; concurrentRps: number; concurrency: number };
  goalMs: number | null;
  goalMet: boolean | null;
}

/** The whole run. */
export interface SearchBenchReport {
  generatedAt: string;
  node: string;
  cpus: number;
  /** The machine's speed (`bench/support/machine-speed.ts`), ms: lower is faster. */
  speedMs: number;
  iterations: number;
  warmup: number;
  request: string;
  sizes: SizeReport[];
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const f = (n: number, digits = 1) => n.toFixed(digits);

/** Writes the report as JSON and markdown. */
export function writeReport(report: SearchBenchReport, jsonPath: string, markdownPath: string): void {
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  const rows = report.sizes.map(
    (s) =>
      `| ${s.records.toLocaleString('en-AU')}${s.dealers ? ` across ${s.dealers} dealers (key: ${s.tenantDealerships})` : ''} | ${s.processingTimeMS.p50} | ${s.processingTimeMS.p95} | ${s.goalMs === null ? '–' : `≤ ${s.goalMs} ${s.goalMet ? '✅' : '❌'}`} | ${f(s.engineMs.p50, 2)} / ${f(s.engineMs.p95, 2)} | ${f(s.naiveMs.p50)} / ${f(s.naiveMs.p95)} | ${f(s.naiveRatio.p50)}× / ${f(s.naiveRatio.p95)}× | ${f(s.roundTripMs.p50)} / ${f(s.roundTripMs.p95)} | ${f(s.throughput.sequentialRps, 0)} / ${f(s.throughput.concurrentRps, 0)} | ${f(s.buildMs.first, 0)} / ${f(s.buildMs.rebuild, 0)} | ${f(s.bytesPerRecord / 1024)} |`,
  );
  const markdown = [
    '# Search endpoint benchmark',
    '',
    `Generated ${report.generatedAt} on Node ${report.node}, ${report.cpus} CPUs, speed ${report.speedMs} ms (\`bench/support/machine-speed.ts\`, lower is faster). ${report.iterations} measured requests per size after ${report.warmup} warm-up requests.`,
    '',
    `Request: ${report.request}`,
    '',
    '| records | p50 processingTimeMS | p95 processingTimeMS | goal (p95) | engine in-process p50 / p95 ms | naive scan p50 / p95 ms | naive ÷ engine (p50 / p95) | round trip p50 / p95 ms | req/s sequential / concurrent | index build first / rebuild ms | index heap per car kB (beyond the records) |',
    '|---:|---:|---:|:---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'processingTimeMS is the sum of the four results\' `processingTimeMS` of one multi-query (each rounded to whole ms by the endpoint, as Algolia does). "engine in-process" times the same four queries by calling the registry directly (sub-millisecond resolution); "naive scan" runs the same filters, text test, facet counts and page sort over the plain array with no index. Round trip is the real `algoliasearch` client over loopback HTTP. "rebuild" is `replaceAll` of the same records into a warm index (the cost a stock import pays).',
    '',
  ].join('\n');
  writeFileSync(markdownPath, markdown);
}
