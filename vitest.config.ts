import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The vitest levels of the test ladder (ARCHITECTURE §6):
 * - unit: domain tables, machines on bare actors, services against a real server, server routes (node)
 * - paths: tests generated from every machine in machines/catalog.ts (node)
 * - views: Testing Library through providers with fake logic (jsdom)
 * End-to-end tests run in Playwright (tests/e2e), not here.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
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
          include: ['tests/views/**/*.test.tsx'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/jsdom.ts'],
        },
      },
    ],
  },
});
