import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Console errors and uncaught page errors seen during a test. Any of them fails it. */
interface ConsoleWatch {
  errors: string[];
  /** Expects console errors matching `pattern` (Chromium logs a 404 page load as an error). */
  allow(pattern: RegExp): void;
}

/** The test with the house fixtures: console errors fail the test. */
export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  consoleWatch: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const watch: ConsoleWatch = { errors: [], allow: (pattern) => allowed.push(pattern) };
      page.on('console', (message) => {
        if (message.type() === 'error') watch.errors.push(message.text());
      });
      page.on('pageerror', (error) => watch.errors.push(`Uncaught: ${error.message}`));
      await use(watch);
      const unexpected = watch.errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe on the page and fails on any serious or critical violation, naming them. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, 'serious or critical accessibility violations').toEqual([]);
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
