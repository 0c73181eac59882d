import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Lighthouse version the project runs with `npm exec` (12.x: 13 needs Node 22; toolchain guide). */
export const LIGHTHOUSE = 'lighthouse@12.8.2';

const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

/** What the report keeps of one Lighthouse run (mobile, performance only). */
export interface LighthouseRun {
  score: number;
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

interface Audit {
  numericValue?: number;
  details?: { items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[] };
}

/** Runs Lighthouse (mobile emulation and throttling, its defaults) on `url` and reads the figures. */
export function runLighthouse(
  url: string,
  outputPath: string,
  extraArgs: readonly string[] = [],
  attempts = 3,
): LighthouseRun {
  let status = launch(url, outputPath, extraArgs);
  // Chromium now and then fails to record the trace (NO_NAVSTART); Lighthouse says to run it again.
  for (let attempt = 1; attempt < attempts && status !== 0; attempt++)
    status = launch(url, outputPath, extraArgs);
  if (status !== 0) throw new Error(`lighthouse exited with ${status}`);
  return readRun(outputPath);
}

function launch(url: string, outputPath: string, extraArgs: readonly string[]): number | null {
  return spawnSync(
    'npm',
    [
      'exec',
      '--yes',
      `--package=${LIGHTHOUSE}`,
      '--',
      'lighthouse',
      url,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
      ...extraArgs,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: 'inherit',
    },
  ).status;
}

function readRun(outputPath: string): LighthouseRun {
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, Audit>;
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const node = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    lcpElement: node?.snippet ?? node?.selector ?? 'unknown',
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(audit('speed-index')),
  };
}

/** The middle run's figures, each taken on its own. */
export function summarise(runs: readonly LighthouseRun[]) {
  const mid = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return {
    score: mid(runs.map((r) => r.score)),
    lcpMs: mid(runs.map((r) => r.lcpMs)),
    fcpMs: mid(runs.map((r) => r.fcpMs)),
    tbtMs: mid(runs.map((r) => r.tbtMs)),
    cls: mid(runs.map((r) => r.cls)),
    speedIndexMs: mid(runs.map((r) => r.speedIndexMs)),
  };
}

/** A Markdown table of labelled runs. */
export function lighthouseRows(rows: readonly [string, LighthouseRun][]): string[] {
  return [
    '| run | score | LCP | FCP | TBT | CLS | Speed Index |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      ([label, r]) =>
        `| ${label} | ${r.score} | ${r.lcpMs} ms | ${r.fcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.speedIndexMs} ms |`,
    ),
  ];
}

/** A page's Lighthouse runs, their medians and best run, and the same page with JavaScript blocked. */
export interface LighthouseSeries {
  runs: LighthouseRun[];
  median: ReturnType<typeof summarise>;
  best: LighthouseRun;
  /** Diagnostic: what the server-rendered HTML alone scores. */
  withoutJavaScript: LighthouseRun;
}

/** Runs Lighthouse `count` times on `url`, then once with its JavaScript blocked. */
export function lighthouseSeries(url: string, name: string, count: number): LighthouseSeries {
  const dir = join(tmpdir(), 'forecourt-lighthouse');
  mkdirSync(dir, { recursive: true });
  const runs = Array.from({ length: count }, (_, run) =>
    runLighthouse(url, join(dir, `${name}-${run}.json`)),
  );
  const withoutJavaScript = runLighthouse(url, join(dir, `${name}-no-js.json`), [
    '--blocked-url-patterns=*.js',
  ]);
  const best = [...runs].sort((a, b) => b.score - a.score)[0];
  if (!best) throw new Error('no Lighthouse run');
  return { runs, median: summarise(runs), best, withoutJavaScript };
}
