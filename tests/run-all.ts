import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { ensureChromium } from './e2e/support/ensure-chromium.ts';

/**
 * `npm test`: every rung of the test ladder, in order, and one closing line `N passed, N failed`
 * summing every suite. Type check, lint and build count as one check each; vitest (unit, paths,
 * views; then ops) and Playwright count their tests. A later rung still runs when an earlier one fails, so one
 * run shows everything that is red.
 *
 * Rungs that do not need each other run side by side, so both cores stay busy (issue 32 item 11):
 * the build beside lint, then the type check beside vitest (which waits on its servers and stores),
 * then vitest's `ops` project alone (checks that start whole server processes: they would starve
 * the other tests of the cores), then the end-to-end tests on the build. A rung that runs beside another prints its output when it
 * ends, so the two do not interleave.
 */
const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped?: number;
}
const total: Required<Tally> = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

/**
 * Runs a command to its end. `buffered`: its output is held and printed in one piece at the end,
 * under its rung's heading, for a rung that runs beside another.
 */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  buffered: string | null = null,
): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered === null ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, ...(buffered === null ? {} : { FORCE_COLOR: '1' }) },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const end = (code: number) => {
      if (buffered !== null) {
        console.log(`\n── ${buffered} (ended) ──`);
        process.stdout.write(Buffer.concat(output));
      }
      done(code);
    };
    child.on('close', (code) => end(code ?? 1));
    child.on('error', () => end(1));
  });
}

const startedAt = performance.now();

/** A rung's wall time, for its closing line: `1 m 42 s`. */
function since(start: number): string {
  const seconds = Math.round((performance.now() - start) / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} m ${seconds % 60} s` : `${seconds} s`;
}

async function check(name: string, command: string, args: string[], beside = false): Promise<void> {
  console.log(`\n── ${name}${beside ? ' (its output when it ends)' : ''} ──`);
  const start = performance.now();
  const code = await run(command, args, {}, beside ? name : null);
  if (code === 0) total.passed += 1;
  else total.failed += 1;
  lines.push(`${name}: ${code === 0 ? 'passed' : 'FAILED'} (${since(start)})`);
}

/**
 * The store's tests run on PGlite always and on PostgreSQL when `DATABASE_URL` is set (ARCHITECTURE
 * §6). When it is not set but the project machines' PostgreSQL answers on 127.0.0.1:5432, use it, so
 * a plain `npm test` covers both drivers; otherwise the PostgreSQL-only tests report as skipped.
 */
async function postgresForStoreTests(): Promise<NodeJS.ProcessEnv> {
  if (process.env.DATABASE_URL) return {};
  const reachable = await new Promise<boolean>((done) => {
    const socket = connect(5432, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(false));
  });
  if (!reachable) {
    console.log('PostgreSQL is not reachable on 127.0.0.1:5432: its store tests will be skipped.');
    return {};
  }
  return { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function suite(
  name: string,
  command: string,
  args: string[],
  report: string,
  count: (json: never) => Tally,
  env: NodeJS.ProcessEnv = {},
) {
  console.log(`\n── ${name} ──`);
  const start = performance.now();
  const code = await run(command, args, env);
  const json = readJson<never>(report);
  const tally = json ? count(json) : { passed: 0, failed: 0 };
  if (code !== 0 && tally.failed === 0) tally.failed = 1;
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped ?? 0;
  lines.push(
    `${name}: ${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''} (${since(start)})`,
  );
}

interface TimedTest {
  name: string;
  ms: number;
}

/** Every test's time from vitest's and Playwright's JSON reports, for the slowest-tests list. */
function timedTests(): TimedTest[] {
  const tests: TimedTest[] = [];
  for (const report of ['vitest.json', 'vitest-ops.json']) {
    const vitest = readJson<{
      testResults?: { name: string; assertionResults?: { fullName: string; duration?: number | null }[] }[];
    }>(join(reports, report));
    for (const file of vitest?.testResults ?? []) {
      const path = file.name.replace(`${root}/`, '');
      for (const test of file.assertionResults ?? []) {
        tests.push({ name: `${path} › ${test.fullName}`, ms: test.duration ?? 0 });
      }
    }
  }
  interface PwSuite {
    file?: string;
    suites?: PwSuite[];
    specs?: { title: string; file: string; tests: { results: { duration: number }[] }[] }[];
  }
  const walk = (suite: PwSuite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.reduce((sum, t) => sum + t.results.reduce((a, r) => a + r.duration, 0), 0);
      tests.push({ name: `tests/e2e/${spec.file} › ${spec.title}`, ms });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson<{ suites?: PwSuite[] }>(join(reports, 'playwright.json'))?.suites ?? []) {
    walk(suite);
  }
  return tests;
}

// The build regenerates styled-system (panda codegen), which the type check and the view tests
// read, so it runs before them; lint ignores styled-system and runs beside it.
await Promise.all([
  check('build', 'npm', ['run', 'build']),
  check('lint', 'npx', ['biome', 'check', '.'], true),
]);

const storeEnv = await postgresForStoreTests();
const typeCheck = check('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], true);
/** A vitest run's counts from its JSON report. */
const vitestCounts = (json: {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}) => ({
  passed: json.numPassedTests,
  failed: json.numFailedTests + json.numTodoTests,
  skipped: json.numPendingTests,
});
const vitestRun = (report: string, options: string[]) => [
  'vitest',
  'run',
  ...options,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, report)}`,
];
await suite(
  'vitest (unit, paths, views)',
  'npx',
  vitestRun('vitest.json', [
    '--project',
    'unit',
    '--project',
    'unit-isolated',
    '--project',
    'paths',
    '--project',
    'views',
  ]),
  join(reports, 'vitest.json'),
  vitestCounts,
  storeEnv,
);
await typeCheck;
// The operator's checks start whole server processes (a production install, kill -9 during a burst):
// alone, one file at a time, they have the cores to themselves and starve no other test.
await suite(
  'vitest ops (server processes)',
  'npx',
  vitestRun('vitest-ops.json', ['--project', 'ops', '--no-file-parallelism']),
  join(reports, 'vitest-ops.json'),
  vitestCounts,
  storeEnv,
);

const chromium = await ensureChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  total.failed += 1;
  lines.push(`e2e: FAILED (${chromium.message})`);
} else {
  await suite(
    'e2e (Playwright, Chromium)',
    'npx',
    ['playwright', 'test'],
    join(reports, 'playwright.json'),
    (json: { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }) => ({
      passed: json.stats.expected + json.stats.flaky,
      failed: json.stats.unexpected + json.stats.skipped,
    }),
    { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'), E2E_AFTER_LADDER: '1' },
  );
}

// QA's view of what the browser covers: each machine's transitions taken by the generated paths and
// through the real UI (recorded by the end-to-end run). A report, not a check.
console.log('\n── transition coverage ──');
await run('npx', ['tsx', 'machines/catalog.cli.ts', '--coverage']);

console.log('\n── the 20 slowest tests ──');
for (const test of timedTests()
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 20)) {
  console.log(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.name}`);
}

console.log('\n── summary ──');
// In the ladder's order, whichever rung ended first.
const ladder = ['type check', 'lint', 'vitest', 'build', 'e2e'];
const rank = (line: string) => ladder.findIndex((rung) => line.startsWith(rung));
for (const line of [...lines].sort((a, b) => rank(a) - rank(b))) console.log(`  ${line}`);
console.log(`  all rungs: ${since(startedAt)}`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed === 0 ? 0 : 1);
