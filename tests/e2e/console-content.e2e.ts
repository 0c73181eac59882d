import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInToConsole } from './support/console.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { siteOrigin } from './support/server.ts';

/**
 * The console's offers and hours (issue 36 item 6) through the real pages: a manager adds an offer
 * with a picture and the storefront's offers page shows it at once; adds a holiday closure for a
 * location and that location's page shows it; a sales member is offered neither page; axe on both.
 * The offer and the day are this test's own (a fresh title and label); the seeded ones stay.
 */
const BAYSIDE = 'bayside-mazda';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const run = Date.now() % 1_000_000;

/** A banner-shaped JPEG (1600 × 450), as a manager's camera roll would hold one. */
function bannerJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 450, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .jpeg()
    .toBuffer();
}

/** A `YYYY-MM-DD` day `days` after another. */
function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('a manager adds an offer with a picture, and the offers page shows it at once', async ({ page }) => {
  const title = `E2E offer ${run}`;
  await signInToConsole(page, { site: BAYSIDE, role: 'manager', returnTo: '/dealer/offers' });
  await expect(heading(page)).toHaveText('Offers');
  await expect(page.getByRole('list', { name: 'Offers' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add an offer' }).click();
  const form = page.getByRole('region', { name: 'Add an offer' });
  await form.getByRole('button', { name: 'Add offer' }).click();
  await expect(form.getByText('Please enter a title')).toBeVisible();

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Words under the picture (optional)').fill('Made by the console test.');
  await form.getByLabel(/^Picture/).setInputFiles({
    name: 'banner.jpg',
    mimeType: 'image/jpeg',
    buffer: await bannerJpeg(),
  });
  await expect(form.getByRole('img', { name: "The offer's picture, as the site shows it" })).toBeVisible();
  const starts = await form.getByLabel('First day').inputValue();
  await form.getByLabel('Last day').fill(dayAfter(starts, 30));
  await form.getByLabel(/^Where “See the offer” leads/).fill('/search');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add offer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is added` })).toBeVisible();
  const card = page.getByRole('listitem', { name: title });
  await expect(card).toContainText('Running');
  await expect(card).toContainText('Every dealership');

  const shopper = await page.context().newPage();
  await shopper.goto(`${siteOrigin(BAYSIDE)}/special-offers`);
  await expect(shopper.getByText(title).first()).toBeVisible();
  await shopper.close();
});

test('a manager adds a holiday closure, and the location page shows it', async ({ page }) => {
  const label = `E2E closure ${run}`;
  await signInToConsole(page, { site: BAYSIDE, role: 'manager', returnTo: '/dealer/hours' });
  await expect(heading(page)).toHaveText('Opening hours');
  await expectAccessible(page);

  const location = page.getByRole('region', { name: 'Bayside Mazda Service' });
  await expect(location.getByText('Regular week')).toBeVisible();
  await expect(location.getByText("From the site's settings").first()).toBeVisible();
  const date = location.getByLabel('Date');
  const today = await date.getAttribute('min');
  if (!today) throw new Error('The date field has no earliest day');
  const day = dayAfter(today, 60 + (run % 200));
  await date.fill(day);
  await location.getByLabel('What the day is').fill(label);
  await location.getByRole('button', { name: 'Add day' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${label} is set for Bayside Mazda Service` }),
  ).toBeVisible();
  await expect(location.getByRole('listitem').filter({ hasText: label })).toContainText('Closed');
  await expect(location.getByRole('button', { name: new RegExp(`^Remove ${label}`) })).toBeVisible();
  await expectAccessible(page);

  const shopper = await page.context().newPage();
  await shopper.goto(`${siteOrigin(BAYSIDE)}/locations/bayside-mazda-service`);
  await expect(shopper.locator('html[data-hydrated="true"]')).toBeAttached();
  await shopper.getByRole('button', { name: 'Holiday Opening Hours' }).first().click();
  const dialog = shopper.getByRole('dialog', { name: 'Holiday Opening Hours' });
  await expect(dialog.getByRole('row').filter({ hasText: label })).toContainText('Closed');
  await shopper.close();
});

test('a sales member is offered neither offers nor hours', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 403/);
  await signInToConsole(page, { site: BAYSIDE, role: 'sales' });
  const navigation = page.getByRole('navigation', { name: 'Console' });
  await expect(navigation.getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Offers' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Hours' })).toHaveCount(0);
  const response = await page.goto(`${siteOrigin(BAYSIDE)}/dealer/offers`);
  expect(response?.status()).toBe(403);
});

test('both pages fit a phone’s width without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await signInToConsole(page, { site: BAYSIDE, role: 'manager', returnTo: '/dealer/offers' });
  await expect(heading(page)).toHaveText('Offers');
  await page.getByRole('button', { name: 'Add an offer' }).click();
  await expect(page.getByRole('region', { name: 'Add an offer' })).toBeVisible();
  expect(await sideways()).toBe(false);
  await page.goto(`${siteOrigin(BAYSIDE)}/dealer/hours`);
  await expect(heading(page)).toHaveText('Opening hours');
  expect(await sideways()).toBe(false);
});
