import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './tests/e2e/support/ensure-chromium.ts';
import { stretched, WORKERS } from './tests/e2e/support/machine-load.ts';
import { E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/server.ts';

/**
 * End-to-end tests in Debian's Chromium against the real production server (built by `npm test`
 * before this runs), with its embedded backends in a data folder of its own.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  // Limits follow the machine's load (tests/e2e/support/machine-load.ts).
  timeout: stretched(30_000),
  expect: { timeout: stretched(7_000) },
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
    // A trace records every step of every test, which cost a fifth of the run on two cores: it is
    // kept for a run that asks (`E2E_TRACE=1`, e.g. to chase a failure); a failure always leaves its
    // screenshot and the page's accessibility snapshot (error-context.md) in test-results/.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The product as `npm start` runs it, sending its mail over SMTP to the tests' mail server. As
    // `npm start` does, it builds first when `dist/` is missing or older than its sources (a check of
    // file times when `npm test` has just built): Playwright run on its own once served a build left
    // from an earlier change, and failed tests the sources pass.
    command: 'node --import tsx tests/e2e/support/serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      FORECOURT_TEST_MODE: '1',
      // As behind one reverse proxy: a test that sends many leads gives each shopper its own address
      // (`asOwnShopper`), so the per-address limits stay the shipped ones.
      TRUST_PROXY: '1',
      DATA_DIR: E2E_DATA_DIR,
      // The end-to-end tests run the product as shipped: embedded PGlite, even when CI sets DATABASE_URL.
      DATABASE_URL: '',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
