import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LeadFormPage } from './pages/leads.page.ts';
import { signInToConsole } from './support/console.ts';
import { expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { siteOrigin } from './support/server.ts';

/**
 * The leads inbox (issue 36 item 3) through the real pages: a shopper's enquiry on the storefront
 * reaches the sales member's inbox; filtered and searched (the filters in the address), opened, its
 * status set and a note added; the CSV of the filtered list holds it; axe on both pages.
 */
const BAYSIDE = 'bayside-mazda';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a shopper’s enquiry reaches the sales inbox, is worked there, and is in the CSV', async ({
  page,
  browser,
}) => {
  const email = freshEmail('inbox');
  const shopper = await browser.newPage();
  const form = new LeadFormPage(shopper, BAYSIDE);
  await form.open('/contact-us');
  await form.fillContact({ name: 'Inbox Tester', email, postcode: '4000' });
  await form.chooseFirst('Dealership');
  if ((await form.field('Message').count()) > 0) await form.field('Message').fill('Please call me, "soon"');
  await form.submit.click();
  await expect(shopper).toHaveURL(/\/success$/);
  await shopper.close();

  await signInToConsole(page, { site: BAYSIDE, role: 'sales', returnTo: '/dealer/leads' });
  await expect(heading(page)).toHaveText('Leads');
  await expect(page.getByRole('link', { name: 'Inbox Tester' }).first()).toBeVisible();
  await expectAccessible(page);

  const filters = page.getByRole('form', { name: 'Filter leads' });
  await filters.getByLabel('Search').fill(email);
  await filters.getByLabel('Status').selectOption('new');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/dealer\/leads\?.*status=new/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(email);
  await expect(page.getByRole('link', { name: 'Inbox Tester' })).toHaveCount(1);

  await filters.getByLabel('Search').fill(`${email}.nobody`);
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No leads match these filters' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Inbox Tester' })).toHaveCount(1);

  const csvLink = page.getByRole('link', { name: /Download CSV/ });
  const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const rows = csv.trim().split('\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`"${email}"`);

  await page.getByRole('link', { name: 'Inbox Tester' }).click();
  await expect(heading(page)).toHaveText('Inbox Tester');
  await expect(page.getByText('ADF document (as the CRM receives it)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('contacted');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status set to Contacted.' })).toBeVisible();

  await page.getByLabel('Add a note').fill('Called back; test drive on Saturday');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note added.' })).toBeVisible();
  await expect(page.getByText('Called back; test drive on Saturday')).toBeVisible();
  await expect(page.getByLabel('Add a note')).toHaveValue('');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('contacted');
  await expect(page.getByText('Called back; test drive on Saturday')).toBeVisible();

  await page.goto(`${siteOrigin(BAYSIDE)}/dealer/leads?status=contacted&q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('link', { name: 'Inbox Tester' })).toHaveCount(1);
});
