import { readE2eTransitions } from './catalog/e2e.ts';
import { selectEntries, unknownMachineMessage } from './catalog/graph.ts';
import { buildReport, coverageTable, renderReports } from './catalog/report.ts';

// `npm run catalog`. The graph, coverage and report code lives in machines/catalog/ (ADR 004).

const USAGE = `Usage: npm run catalog -- [machine id] [--json] [--strict] [--paths]

Prints every machine in machines/catalog.ts: its states, transitions, generated path tests and
FINDINGs (states or transitions no generated path reaches, entries that disagree with their machine).

  machine id   only this machine (e.g. homePage)
  --json       machine-readable output
  --strict     exit 1 when there is any finding
  --paths      list every path test, not only the shortest paths
  --coverage   only the table of transition coverage: by generated paths and, after an end-to-end
               run (test-results/e2e-transitions), through the real UI`;

const FLAGS = new Set(['--json', '--strict', '--paths', '--coverage', '--help', '-h']);

async function main(argv: readonly string[]): Promise<number> {
  const flags = new Set(argv.filter((arg) => arg.startsWith('-')));
  const positional = argv.filter((arg) => !arg.startsWith('-'));
  const unknown = [...flags].filter((flag) => !FLAGS.has(flag));
  if (flags.has('--help') || flags.has('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (unknown.length > 0 || positional.length > 1) {
    console.error(
      `${unknown.length > 0 ? `Unknown option ${unknown.join(', ')}` : 'Too many arguments'}\n\n${USAGE}`,
    );
    return 2;
  }
  const { catalog } = await import('./catalog.ts');
  const selection = selectEntries(catalog, positional[0]);
  if (selection.unknownId !== undefined) {
    console.error(unknownMachineMessage(catalog, selection.unknownId));
    return 2;
  }
  const e2e = readE2eTransitions();
  const reports = selection.entries.map((entry) => buildReport(entry, e2e));
  if (flags.has('--coverage')) {
    console.log(coverageTable(reports).join('\n'));
    return 0;
  }
  if (flags.has('--json')) {
    console.log(JSON.stringify({ machines: reports }, null, 2));
  } else {
    const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
    console.log(renderReports(reports, { color, allPaths: flags.has('--paths') }));
  }
  if (reports.some((report) => report.error)) return 1;
  if (flags.has('--strict') && reports.some((report) => report.findings.length > 0)) return 1;
  return 0;
}

const runAsScript = decodeURIComponent(new URL(import.meta.url).pathname) === process.argv[1];
if (runAsScript) process.exitCode = await main(process.argv.slice(2));
