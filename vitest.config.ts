import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The vitest levels of the test ladder (ARCHITECTURE §6):
 * - unit: domain tables, machines on bare actors, services against a real server, server routes (node);
 *   its files share their worker's modules, but for the few in `unit-isolated`
 * - paths: tests generated from every machine in machines/catalog.ts (node)
 * - views: Testing Library through providers with fake logic, and the views' helpers (jsdom)
 * - ops: the operator's checks that start whole server processes (a clean production install, kill -9
 *   during a burst of reservations); `npm test` runs them after the others, one file at a time, so the
 *   processes they start never starve the other projects' tests of the two cores
 * End-to-end tests run in Playwright (tests/e2e), not here.
 *
 * The three projects share one pool of workers, one per core (vitest's default leaves a core idle,
 * half of a 2-core machine, while most server tests wait on I/O). Unit tests open their in-memory
 * PGlite stores from one migrated template (tests/setup/pglite-template*.ts).
 */
/** The unit level's environment, shared by its two projects. */
const unit: {
  environment: 'node';
  globalSetup: string[];
  setupFiles: string[];
  testTimeout: number;
  hookTimeout: number;
} = {
  environment: 'node',
  globalSetup: ['tests/setup/pglite-template.global.ts'],
  setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/pglite-template.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

/**
 * Unit files that run in modules of their own: the development server runs Vite's middleware inside
 * the test, and on modules another file has used it logs ERR_HTTP_HEADERS_SENT.
 */
const ISOLATED = ['tests/unit/server/dev-server.test.ts'];

/** The operator's checks that start server processes of their own (the `ops` project). */
const OPS = 'tests/unit/ops/**/*.test.ts';

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          ...unit,
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...ISOLATED, OPS],
          // Files share a worker's modules (issue 32 item 11): each test builds its own server and
          // store, and re-importing the server for each of 140 files was a third of the rung.
          isolate: false,
        },
      },
      {
        test: { name: 'unit-isolated', ...unit, include: ISOLATED },
      },
      {
        test: { name: 'ops', ...unit, include: [OPS] },
      },
      {
        test: {
          name: 'paths',
          environment: 'node',
          include: ['tests/paths/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/jsdom.ts'],
        },
      },
    ],
  },
});
