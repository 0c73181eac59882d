/** What `npm run catalog` says about each machine: the report (also its `--json` shape) and its text. */
import { type CatalogEntry, catalogJson } from '../catalog.types.ts';
import { transitionKey } from '../shared/transition-key.ts';
import { type Coverage, coverageOf, type TransitionInfo, validateEntry } from './coverage.ts';
import { buildPathModel } from './graph.ts';

/** `source ──event [guard]──▶ target` on one line (the source padded to `sourceWidth`). */
export function transitionLabel(transition: TransitionInfo, sourceWidth = 0): string {
  const guard = transition.guard ? ` [${transition.guard}]` : transition.otherwise ? ' [otherwise]' : '';
  const delay = transition.delay ? ` (${transition.delay})` : '';
  const target = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays; actions only)';
  const reenter = transition.reenter && transition.targets.length > 0 ? ' (re-enters)' : '';
  return `${transition.source.padEnd(sourceWidth)} ──${transition.event}${delay}${guard}──▶ ${target}${reenter}`;
}

/**
 * A transition's name in a catalog entry's `notThroughUi`: `source event`, with ` [guard]` or
 * ` [otherwise]` when it has one.
 */
export function transitionName(transition: TransitionInfo): string {
  const guard = transition.guard ? ` [${transition.guard}]` : transition.otherwise ? ' [otherwise]' : '';
  return `${transition.source} ${transition.event}${guard}`;
}

/** One state as `npm run catalog` shows it. */
export interface StateRow {
  path: string;
  key: string;
  depth: number;
  type: string;
  initial: boolean;
  tags: string[];
  /** `id` or `id (src)`, with `[controlled]` when the paths settle it. */
  invokes: string[];
  covered: boolean;
}

/** One transition as `npm run catalog` shows it. */
export interface TransitionRow {
  source: string;
  event: string;
  guard: string | undefined;
  /** Unguarded fallback after guarded candidates for the same event. */
  otherwise: boolean;
  targets: string[];
  delay: string | undefined;
  label: string;
  covered: boolean;
  /** The transition's key, as the end-to-end runs record it. */
  key: string;
  /** Whether an end-to-end test drove it through the real UI; absent without a record of a run. */
  e2e?: boolean;
  /** Why no end-to-end test can drive it through the page (the entry's `notThroughUi`), if so. */
  notThroughUi?: string;
}

/** How much of a machine's transitions the generated paths and the end-to-end tests take. */
export interface CoverageSummary {
  transitions: number;
  byPaths: number;
  /** Absent without a record of an end-to-end run. */
  byE2e?: number;
  /** Transitions the entry explains as out of the page's reach (not driven, with a reason). */
  explained: number;
}

/** Everything `npm run catalog` says about one machine (also its `--json` shape). */
export interface MachineReport {
  id: string;
  summary: string;
  states: StateRow[];
  transitions: TransitionRow[];
  /** The generated paths, from `inputs` first states (the entry's inputs: usually one). */
  paths: { shortest: string[]; simple: string[]; tests: number; inputs: number };
  coverage: CoverageSummary;
  /** States and transitions no generated path reaches, and disagreements between entry and machine. */
  findings: string[];
  /** Worth a look but not wrong: payload variants the traversal never sends. */
  notes: string[];
  /** Why the graph could not be built, if it could not. */
  error?: string;
}

function findingsOf(coverage: Coverage): string[] {
  const findings: string[] = [];
  const unreached = new Set(coverage.states.filter((item) => !item.covered).map((item) => item.state.node));
  for (const { state, covered } of coverage.states) {
    if (covered) continue;
    const own = coverage.transitions.filter(
      (item) => item.transition.definition.source === state.node,
    ).length;
    const tail = own > 0 ? ` (nor its ${own} transition${own === 1 ? '' : 's'})` : '';
    findings.push(`state "${state.path}" is never reached by any generated path${tail}`);
  }
  for (const { transition, covered } of coverage.transitions) {
    if (covered || unreached.has(transition.definition.source)) continue;
    findings.push(`transition ${transitionLabel(transition)} is never taken by any generated path`);
  }
  return findings;
}

/** Builds the machine's graph and paths, and measures what they cover. Never throws. */
export function buildReport(entry: CatalogEntry, e2e: ReadonlySet<string> | null = null): MachineReport {
  const base = { id: entry.id, summary: entry.summary };
  const problems = validateEntry(entry);
  let pathModel: ReturnType<typeof buildPathModel>;
  try {
    pathModel = buildPathModel(entry);
  } catch (error) {
    return {
      ...base,
      states: [],
      transitions: [],
      paths: { shortest: [], simple: [], tests: 0, inputs: entry.inputs.length },
      coverage: { transitions: 0, byPaths: 0, explained: 0 },
      findings: problems,
      notes: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const coverage = coverageOf(pathModel);
  const states = coverage.states
    .filter(({ state }) => state.depth > 0)
    .map(({ state, covered }) => ({
      path: state.path,
      key: state.key,
      depth: state.depth,
      type: state.type,
      initial: state.initial,
      tags: state.tags,
      invokes: state.invokes.map((invoke) => {
        const name = invoke.id === invoke.src ? invoke.id : `${invoke.id} (${invoke.src})`;
        return invoke.id in entry.promiseInvokes ? `${name} [controlled]` : name;
      }),
      covered,
    }));
  const sourceWidth = Math.max(0, ...coverage.transitions.map(({ transition }) => transition.source.length));
  const transitions = coverage.transitions.map(({ transition, covered }) => ({
    source: transition.source,
    event: transition.event,
    guard: transition.guard,
    otherwise: transition.otherwise,
    targets: transition.targets,
    delay: transition.delay,
    label: transitionLabel(transition, sourceWidth),
    covered,
    key: transitionKey(transition.definition),
    ...(e2e ? { e2e: e2e.has(transitionKey(transition.definition)) } : {}),
    ...(entry.notThroughUi[transitionName(transition)] === undefined
      ? {}
      : { notThroughUi: entry.notThroughUi[transitionName(transition)] }),
  }));
  const names = new Set(coverage.transitions.map(({ transition }) => transitionName(transition)));
  const unknownReasons = Object.keys(entry.notThroughUi)
    .filter((name) => !names.has(name))
    .map((name) => `notThroughUi names "${name}", which is no transition of the machine`);
  const count = (test: (row: (typeof transitions)[number]) => boolean) => transitions.filter(test).length;
  const notes = entry.events
    .filter((event) => !pathModel.sentEvents.has(catalogJson(event)))
    .map((event) => `payload ${catalogJson(event)} is never sent: no reachable state accepts it`);
  return {
    ...base,
    states,
    transitions,
    paths: {
      shortest: pathModel.shortest.map((path) => path.description),
      simple: pathModel.simple.map((path) => path.description),
      tests: pathModel.paths.length,
      inputs: entry.inputs.length,
    },
    coverage: {
      transitions: transitions.length,
      byPaths: count((row) => row.covered),
      ...(e2e ? { byE2e: count((row) => row.e2e === true) } : {}),
      explained: count((row) => row.notThroughUi !== undefined && row.e2e !== true),
    },
    findings: [...problems, ...unknownReasons, ...findingsOf(coverage)],
    notes,
  };
}

/** How reports are printed. */
export interface RenderOptions {
  color: boolean;
  /** List every path test, not only the shortest paths. */
  allPaths: boolean;
}

type Style = (text: string) => string;

function styles(color: boolean): Record<'bold' | 'dim' | 'green' | 'red' | 'yellow' | 'cyan', Style> {
  const wrap =
    (open: number, close: number): Style =>
    (text) =>
      color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

const MAX_LISTED_PATHS = 12;

function renderMachine(report: MachineReport, options: RenderOptions): string[] {
  const s = styles(options.color);
  const mark = (covered: boolean) => (covered ? s.green('✓') : s.red('✗'));
  const lines = [s.bold(s.cyan(report.id)), `  ${report.summary}`, ''];
  if (report.error) {
    lines.push(`  ${s.red(s.bold('ERROR'))}  ${report.error}`);
  } else {
    lines.push(`  ${s.bold('States')}`);
    const width = Math.max(...report.states.map((state) => (state.depth - 1) * 2 + state.key.length), 0);
    for (const state of report.states) {
      const name = `${'  '.repeat(state.depth - 1)}${state.key}`;
      const notes = [
        state.initial ? 'initial' : '',
        state.type === 'atomic' || state.type === 'compound' ? '' : state.type,
        state.tags.length > 0 ? `tags: ${state.tags.join(', ')}` : '',
        ...state.invokes.map((invoke) => `invokes ${invoke}`),
      ].filter(Boolean);
      lines.push(`    ${mark(state.covered)} ${name.padEnd(width)}  ${s.dim(notes.join(' · '))}`.trimEnd());
    }
    const withE2e = report.coverage.byE2e !== undefined;
    lines.push('', `  ${s.bold('Transitions')}${withE2e ? s.dim('  (paths, end-to-end)') : ''}`);
    for (const transition of report.transitions) {
      const marks = withE2e
        ? `${mark(transition.covered)}${mark(transition.e2e === true)}`
        : mark(transition.covered);
      lines.push(`    ${marks} ${transition.label}`);
    }
    if (report.transitions.length === 0) lines.push(`    ${s.dim('(none)')}`);
    const { shortest, simple, tests, inputs } = report.paths;
    lines.push(
      '',
      `  ${s.bold('Paths')}  ${shortest.length} shortest · ${simple.length} simple · ${tests} test${tests === 1 ? '' : 's'}` +
        (inputs > 1 ? ` · from ${inputs} inputs` : ''),
    );
    const extra = simple.filter((description) => !shortest.includes(description));
    const listed = [
      ...shortest.map((description) => ({ kind: 'shortest', description })),
      ...extra.map((description) => ({ kind: 'simple', description })),
    ];
    const shown =
      options.allPaths || listed.length <= MAX_LISTED_PATHS ? listed : listed.slice(0, shortest.length);
    for (const path of shown) lines.push(`    ${s.dim(path.kind.padEnd(8))} ${path.description}`);
    if (shown.length < listed.length) {
      lines.push(`    ${s.dim(`… and ${listed.length - shown.length} simple paths (--paths lists them)`)}`);
    }
    const statesCovered = report.states.filter((state) => state.covered).length;
    const transitionsCovered = report.transitions.filter((transition) => transition.covered).length;
    lines.push(
      '',
      `  ${s.bold('Coverage')}  ${statesCovered}/${report.states.length} states · ` +
        `${transitionsCovered}/${report.transitions.length} transitions by generated paths` +
        (withE2e
          ? ` · ${report.coverage.byE2e}/${report.transitions.length} through the UI (end-to-end)`
          : ''),
    );
    if (withE2e) {
      const missing = report.transitions.filter((transition) => !transition.e2e);
      if (missing.length > 0) lines.push(`  ${s.bold('Not driven through the UI by any end-to-end test')}`);
      for (const transition of missing) {
        const why = transition.notThroughUi
          ? s.dim(`  — not through the UI: ${transition.notThroughUi}`)
          : '';
        lines.push(`    ${s.yellow('•')} ${transition.label}${why}`);
      }
    }
  }
  for (const finding of report.findings) lines.push(`  ${s.red(s.bold('✗ FINDING'))}  ${finding}`);
  for (const note of report.notes) lines.push(`  ${s.yellow('• note')}  ${note}`);
  if (!report.error && report.findings.length === 0) lines.push(`  ${s.green('✓ no findings')}`);
  return lines;
}

/** The catalog as QA reads it: per machine its states, transitions, paths and findings. */
export function renderReports(reports: readonly MachineReport[], options: RenderOptions): string {
  const s = styles(options.color);
  const tests = reports.reduce((sum, report) => sum + report.paths.tests, 0);
  const findings = reports.reduce((sum, report) => sum + report.findings.length, 0);
  const errors = reports.filter((report) => report.error).length;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [s.bold(`Forecourt machine catalog · ${count(reports.length, 'machine')}`), ''];
  for (const report of reports) lines.push(...renderMachine(report, options), '');
  lines.push(...coverageTable(reports), '');
  const totals = [count(reports.length, 'machine'), count(tests, 'path test'), count(findings, 'finding')];
  if (errors > 0) totals.push(count(errors, 'error'));
  const summary = totals.join(' · ');
  lines.push(findings + errors > 0 ? s.red(s.bold(summary)) : s.green(summary));
  return lines.join('\n');
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`;

/** Per machine: its transitions, and the share the generated paths and the end-to-end tests take. */
export function coverageTable(reports: readonly MachineReport[]): string[] {
  const withE2e = reports.some((report) => report.coverage.byE2e !== undefined);
  const width = Math.max(7, ...reports.map((report) => report.id.length));
  const header = `${'machine'.padEnd(width)}  transitions  by paths${withE2e ? '  through the UI  not in the UI' : ''}`;
  const rows = reports.map((report) => {
    const { transitions, byPaths, byE2e, explained } = report.coverage;
    const e2e =
      byE2e === undefined
        ? ''
        : `  ${`${byE2e} (${percent(byE2e, transitions)})`.padStart(14)}  ${String(explained).padStart(13)}`;
    return `${report.id.padEnd(width)}  ${String(transitions).padStart(11)}  ${`${byPaths} (${percent(byPaths, transitions)})`.padStart(8)}${e2e}`;
  });
  const note = withE2e
    ? []
    : ['(no end-to-end record: run `npm run test:e2e` for the column "through the UI")'];
  return ['Transition coverage', header, ...rows, ...note];
}
