import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { stretched } from './machine-load.ts';
import { E2E_PORT } from './server.ts';
import { installTransitionRecorder } from './transition-recorder.ts';

/**
 * Where each test leaves the machine transitions its pages took (issue 13 item 8), one JSON file per
 * test: `npm run catalog` reads them to report what the browser covers.
 */
export const E2E_TRANSITIONS_DIR = resolve(import.meta.dirname, '../../../test-results/e2e-transitions');

/** Console errors and uncaught page errors seen during a test. Any of them fails it. */
interface ConsoleWatch {
  errors: string[];
  /** Expects console errors matching `pattern` (Chromium logs a 404 page load as an error). */
  allow(pattern: RegExp): void;
  /** The errors no `allow` expected. */
  unexpected(): string[];
}

/**
 * The test with the house fixtures: console errors fail the test, and the transitions the app's
 * actors take are recorded (the page's recorder reports them through `__forecourtRecord`). Both ride
 * on the browser context and page, so a test that only sends requests opens no browser context.
 */
export const test = base.extend<{ consoleWatch: ConsoleWatch; transitions: Set<string> }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  transitions: async ({}, use) => use(new Set<string>()),
  context: async ({ context, transitions }, use, testInfo) => {
    await context.exposeFunction('__forecourtRecord', (key: string) => {
      transitions.add(key);
    });
    await context.addInitScript(installTransitionRecorder);
    await use(context);
    mkdirSync(E2E_TRANSITIONS_DIR, { recursive: true });
    writeFileSync(
      join(E2E_TRANSITIONS_DIR, `${testInfo.testId}.json`),
      JSON.stringify({ title: testInfo.titlePath.join(' › '), transitions: [...transitions].sort() }),
    );
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  consoleWatch: async ({}, use) => {
    const allowed: RegExp[] = [];
    const errors: string[] = [];
    await use({
      errors,
      allow: (pattern) => allowed.push(pattern),
      unexpected: () => errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
    });
  },
  page: async ({ page, consoleWatch }, use) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleWatch.errors.push(message.text());
    });
    page.on('pageerror', (error) => consoleWatch.errors.push(`Uncaught: ${error.message}`));
    await use(page);
    expect(consoleWatch.unexpected(), 'console errors on the page').toEqual([]);
  },
});

export { expect };

/** What a later scan at an address takes: the page's main part and whatever opens over it. */
const STEP_PARTS = ['main', '[role="dialog"]', '[role="alertdialog"]', '[data-sonner-toaster]'];

/** The pages a test has scanned whole, by page: a later scan of the same address scans `<main>`. */
const scannedWhole = new WeakMap<Page, Set<string>>();

/**
 * Runs axe on the page and fails on any moderate, serious or critical violation, naming them; a
 * minor one (a best practice) is left to review (decision 140). The first scan of an address in a
 * test takes the whole page; a later one at the same address (the next step of a wizard, a form with
 * its errors) takes `<main>` and any dialog or toast over it, where the step changed: the header and
 * footer around it were scanned a moment ago (issue 32 item 11). The scan is the slowest step of a
 * test on a busy machine, so it brings its own time: the test's limit grows by a stretched 30 s.
 *
 * axe runs in the page as one `axe.run` (legacy mode) and reports only violations (decision 140): by
 * default the integration opens a blank page for every scan to merge each frame's results, and
 * builds a selector for every node that passed. The same violations come back 2.5–5.5× sooner (an
 * idle machine, 2026-11-29: a listing 5.3–7.4 s → 1.1–1.2 s, a car page 2.1 → 0.7, home 3.0 → 0.8).
 * Our pages have no cross-origin frames, the one thing legacy mode leaves unscanned.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const info = base.info();
  info.setTimeout(info.timeout + stretched(30_000));
  await page.waitForLoadState('load');
  const address = page.url().split('#')[0] ?? page.url();
  const scanned = scannedWhole.get(page) ?? new Set<string>();
  scannedWhole.set(page, scanned);
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  // An open dialog or toast sits outside `<main>`, so it is scanned with it.
  if (scanned.has(address)) for (const part of STEP_PARTS) axe.include(part);
  else scanned.add(address);
  const results = await axe.analyze();
  const found = results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, 'moderate, serious or critical accessibility violations').toEqual([]);
}

/**
 * Records every browser dialog and accepts it at once. Register it before the click that opens one:
 * awaiting a click while an `alert` is open can block until the test times out.
 */
export function recordDialogs(page: Page): { type: string; message: string }[] {
  const dialogs: { type: string; message: string }[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  return dialogs;
}

let emails = 0;
/** An email address no other test (nor an earlier run against this store) has used. */
export const freshEmail = (label: string) => `${label}-${E2E_PORT}-${Date.now()}-${++emails}@example.com`;

/**
 * Fails the browser's next call matching `pattern` as a dropped connection would, then lets calls
 * through again: the server stays real, only the network fails once.
 */
export async function dropNextCall(page: Page, pattern: string): Promise<void> {
  let dropped = false;
  await page.route(pattern, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.abort('connectionfailed');
  });
}

let shoppers = 0;
/**
 * Gives a page its own client address (`X-Forwarded-For`; the e2e server trusts one proxy), so the
 * per-address limits — 10 leads, then one per 30 s — apply to this shopper alone, as they do to
 * shoppers on their own connections.
 */
export async function asOwnShopper(page: Page): Promise<void> {
  const n = ++shoppers;
  const worker = base.info().workerIndex % 250;
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `10.${worker}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
  });
}
