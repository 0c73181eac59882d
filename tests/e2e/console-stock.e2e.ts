import type { Page } from '@playwright/test';
import { signInToConsole } from './support/console.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { siteOrigin } from './support/server.ts';

/**
 * The console's stock (issue 36 item 5) through the real pages: a manager uploads a CSV, maps its
 * columns, reads the report and finds the new car on the storefront; then changes its price by hand
 * and the car page shows it; axe on the stock page. The car is this test's own (a fresh id and stock
 * number); the upload never replaces the shared stock.
 */
const BAYSIDE = 'bayside-mazda';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a manager uploads a CSV through the mapping step, and reprices the new car', async ({ page }) => {
  const id = 8_000_000 + (Date.now() % 1_000_000);
  const stocknum = `E2E${id}`;
  const csv = [
    'ID,Stock No,Year,Make,Model,Condition,Kms,Asking,Internal note',
    `${id},${stocknum},2021,Mazda,CX-30,used,21000,28990,keep`,
  ].join('\n');

  await signInToConsole(page, { site: BAYSIDE, role: 'manager', returnTo: '/dealer/stock' });
  await expect(heading(page)).toHaveText('Stock');
  await expectAccessible(page);

  await page.getByLabel('Stock file (JSON or CSV)').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns of stock.csv' })).toBeVisible();
  await page.getByLabel('Car field for Asking').selectOption('price');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import with this mapping' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('Added');
  await expect(report.locator('dd').first()).toHaveText('1');

  const slug = `2021-mazda-cx-30-${stocknum.toLowerCase()}`;
  const shopper = await page.context().newPage();
  await shopper.goto(`${siteOrigin(BAYSIDE)}/cars/${slug}`);
  await expect(shopper.getByRole('heading', { level: 1 })).toContainText('2021 Mazda CX-30');
  await expect(shopper.getByText('$28,990').first()).toBeVisible();

  const search = page.getByRole('form', { name: 'Search the cars' });
  await search.getByLabel(/Search by name/).fill(stocknum);
  await search.getByRole('button', { name: 'Search' }).click();
  const car = page.getByRole('listitem', { name: '2021 Mazda CX-30' });
  await expect(car).toHaveCount(1);
  await car.getByLabel('Price of 2021 Mazda CX-30').fill('26990');
  await car.getByRole('button', { name: 'Change price' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the price is changed' })).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByText('$26,990').first()).toBeVisible();
  await shopper.close();
});
