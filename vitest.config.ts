import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The vitest levels of the test ladder (ARCHITECTURE §6):
 * - unit: domain tables, machines on bare actors, services against a real server, server routes (node)
 * - paths: tests generated from every machine in machines/catalog.ts (node)
 * - views: Testing Library through providers with fake logic, and the views' helpers (jsdom)
 * End-to-end tests run in Playwright (tests/e2e), not here.
 *
 * The three projects share one pool of workers, one per core (vitest's default leaves a core idle,
 * half of a 2-core machine, while most server tests wait on I/O). Unit tests open their in-memory
 * PGlite stores from one migrated template (tests/setup/pglite-template*.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          globalSetup: ['tests/setup/pglite-template.global.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/pglite-template.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
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
