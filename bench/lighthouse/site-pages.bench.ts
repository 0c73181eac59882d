import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '../../server/build/ensure-build.ts';
import { createLogger } from '../../server/logger.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { matchPageRoute } from '../../views/app/pages.ts';
import { LIGHTHOUSE, type LighthouseRun, runLighthouse, summarise } from '../support/lighthouse.ts';
import { hostGetter, machine, machineText, ROOT, startBenchServer, writeReport } from '../support/server.ts';

/**
 * Issue 20 item 6: Lighthouse mobile ≥ 95 on every page the site serves, the new ones included. For
 * each demo dealer the bench walks the site from `/` as a shopper's links lead (as the dead-link
 * crawl does) and takes the first address of every route it meets — home, listings, a car, each
 * content page, each form, a promotion, sign-in, the watchlist — then runs Lighthouse on each
 * (`BENCH_RUNS` times, default 1; a page under the goal is run twice more and its median kept).
 * Writes `bench/reports/site-pages.md` and `.json`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3251);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const GOAL = 95;
/**
 * Routes measured on every dealer: their page differs by the dealer's template (a franchise's
 * listing, a used-car dealer's). Any other route is the same code on each dealer's theme, measured on
 * the first dealer that has it (Lighthouse takes ~20 s a page; every route of every dealer would
 * take an hour on this machine). `BENCH_ALL=1` measures every route of every dealer.
 */
const EVERY_DEALER = new Set(['home', 'search', 'vehicle']);
/** How many pages the walk reads per dealer looking for routes not met yet. */
const MAX_PAGES = 150;

/** A page's status and HTML, as `host` serves it (a connection of its own: see `hostGetter`). */
async function getHtml(host: string, path: string): Promise<{ status: number; body: string }> {
  const { status, body } = await hostGetter(PORT, host)(path);
  return { status, body: body.toString() };
}

/** The first address of each route reached from `/` on `host`, by route id. */
async function routesOf(host: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  // The bare listing stands for the search route (a model's listing, met first in the menu, is lighter).
  const queue = ['/', '/search', '/sign-in', '/watchlist'];
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const path = queue.shift() ?? '/';
    if (seen.has(path)) continue;
    seen.add(path);
    const route = matchPageRoute(path.split('?')[0] ?? path);
    const { status, body } = await getHtml(host, path);
    if (status !== 200) continue;
    if (route && !found.has(route.id)) found.set(route.id, path);
    for (const match of body.matchAll(/href="(\/[^"#]*)"/g)) {
      const link = (match[1] ?? '').replace(/&amp;/g, '&');
      if (/^\/(assets|media|api|search-api)\//.test(link) || link.startsWith('//')) continue;
      // A listing's refinements and pages are the same route as the listing.
      if (link.includes('?')) continue;
      if (!seen.has(link) && !queue.includes(link)) queue.push(link);
    }
  }
  return found;
}

ensureBuild(ROOT, createLogger({ quiet: true }));
// `BENCH_DEALERS=slug,slug` measures those dealers only.
const only = process.env.BENCH_DEALERS?.split(',');
const tenants = loadTenants().filter((tenant) => !only || only.includes(tenant.slug));
const first = tenants[0];
if (!first) throw new Error('no demo tenant');
const server = await startBenchServer({ port: PORT, tenant: first.slug, dataDir: 'bench-site-pages' });
const dir = join(tmpdir(), 'forecourt-lighthouse-site');
mkdirSync(dir, { recursive: true });
const rows: {
  dealer: string;
  route: string;
  path: string;
  run: ReturnType<typeof summarise>;
  runs: LighthouseRun[];
}[] = [];
try {
  for (const tenant of tenants) {
    const host = `${tenant.slug}.localhost:${PORT}`;
    const routes = await routesOf(host);
    console.log(`${tenant.slug}: ${routes.size} routes`);
    for (const [route, path] of routes) {
      if (!process.env.BENCH_ALL && !EVERY_DEALER.has(route) && rows.some((row) => row.route === route))
        continue;
      // A running shop's answers, not a fresh server's first ones (JIT, first searches).
      for (let i = 0; i < 3; i++) await getHtml(host, path);
      const url = `http://${host}${path}`;
      const name = `${tenant.slug}-${route.replace(/[^a-z0-9]+/gi, '-')}`;
      const runs = Array.from({ length: RUNS }, (_, i) => runLighthouse(url, join(dir, `${name}-${i}.json`)));
      if (summarise(runs).score < GOAL)
        for (let i = runs.length; i < Math.max(3, RUNS); i++)
          runs.push(runLighthouse(url, join(dir, `${name}-${i}.json`)));
      const run = summarise(runs);
      rows.push({ dealer: tenant.slug, route, path, run, runs });
      console.log(`  ${run.score} ${path} (LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls})`);
    }
  }
} finally {
  await server.stop();
}

const under = rows.filter((row) => row.run.score < GOAL);
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  goal: GOAL,
  lighthouse: LIGHTHOUSE,
  pages: rows,
};
writeReport('site-pages', report, [
  '# Lighthouse on every page the demo dealers serve',
  '',
  `${report.date} · production build · ${LIGHTHOUSE}, mobile emulation, simulated throttling · ${RUNS} run(s) a page, 3 when under ${GOAL}`,
  `Machine: ${machineText(report.machine)}, at the end (load over 1 / 5 / 15 min).`,
  '',
  `**${rows.length} pages, ${rows.length - under.length} at ${GOAL} or more**${under.length ? `; under: ${under.map((row) => `${row.dealer} ${row.path} (${row.run.score})`).join(', ')}` : ''}.`,
  'Each dealer is walked from `/` through its own links; the first address of each route is measured:',
  'home, listing and car page on every dealer (their layout follows the dealer’s template), any other route on the first dealer that has it.',
  '',
  '| dealer | route | page | score | LCP | TBT | CLS |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.dealer} | ${row.route} | \`${row.path}\` | ${row.run.score} | ${row.run.lcpMs} ms | ${row.run.tbtMs} ms | ${row.run.cls} |`,
  ),
  '',
]);
console.log(`site pages: ${rows.length} measured, ${under.length} under ${GOAL}`);
