import { availableParallelism, loadavg } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './tests/e2e/support/ensure-chromium.ts';
import { E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/server.ts';

/**
 * How busy this machine is when the run starts: the load average per core (1 = every core busy).
 * Timeouts stretch with it (up to 4×), so a run beside other work waits longer rather than failing on
 * the clock; a quiet machine is unchanged. Workers follow the cores (at most 2: one server serves
 * them); the load at the start is mostly the suite's own earlier rungs, so it does not cut them.
 */
const cores = availableParallelism();
const busy = (loadavg()[0] ?? 0) / cores;
const stretch = Math.min(4, Math.max(1, 1 + busy));
const workers = Math.max(1, Math.min(2, cores));

/**
 * End-to-end tests in Debian's Chromium against the real production server (built by `npm test`
 * before this runs), with its embedded backends in a data folder of its own.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers,
  retries: 0,
  forbidOnly: true,
  timeout: Math.round(30_000 * stretch),
  expect: { timeout: Math.round(7_000 * stretch) },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }],
  ],
  outputDir: `test-results/playwright-${E2E_PORT}`,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx server/cli/start.ts --no-build',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      FORECOURT_TEST_MODE: '1',
      DATA_DIR: E2E_DATA_DIR,
      // The end-to-end tests run the product as shipped: embedded PGlite, even when CI sets DATABASE_URL.
      DATABASE_URL: '',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
