import type { Page } from '@playwright/test';
import { FinancePage } from './pages/finance.page.ts';
import { EnquiryFormPart, TestDriveBookingPage } from './pages/forms.page.ts';
import { TradeInPage } from './pages/trade-in.page.ts';
import { VehicleFinder } from './pages/vehicle.page.ts';
import { WatchlistPage } from './pages/watchlist.page.ts';
import { expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { emailedText } from './support/mailbox.ts';
import { demoSites } from './support/server.ts';

/**
 * Issue 37 item 9 "Less typing", in the browser against the real server, on every demo dealer (each
 * has the car page's enquiry and saved searches): a signed-in shopper's enquiry starts with their
 * email and phone, editable; a signed-out shopper saves a search with just an email, the confirmation
 * arrives at the tests' SMTP server, and its link — opened, then confirmed — saves the search.
 */
for (const site of demoSites) {
  test.describe(`${site.name} (${site.slug}) less typing`, () => {
    test('a signed-in shopper’s enquiry starts with their email and phone, and stays theirs to change', async ({
      page,
      request,
    }) => {
      const email = freshEmail(`prefill-${site.slug}`);
      const shopper = new WatchlistPage(page, site.slug);
      await shopper.signUpInBrowser(email, '0412 345 678');
      const finder = new VehicleFinder(request, site.slug);
      const answer = (await finder.carForSale(true)) ?? (await finder.carForSale(false));
      if (!answer) throw new Error(`no car for sale at ${site.slug}`);
      await shopper.open(`/cars/${answer.car.slug}`);
      const enquiry = new EnquiryFormPart(page);
      await enquiry.next('Is it still available?');
      await expect(enquiry.root.getByLabel('Email')).toHaveValue(email);
      await expect(enquiry.root.getByLabel('Phone')).toHaveValue('0412345678');
      await expect(enquiry.root.getByLabel('Name')).toHaveValue('');
      await enquiry.root.getByLabel('Phone').fill('0400 000 111');
      // Back and on again keeps what the shopper typed over the prefilled value.
      await enquiry.back();
      await enquiry.next();
      await expect(enquiry.root.getByLabel('Phone')).toHaveValue('0400 000 111');
      await expect(enquiry.root.getByLabel('Email')).toHaveValue(email);
      await expectAccessible(page);
    });

    test('a signed-out shopper saves a search with just an email and confirms it from the emailed link', async ({
      page,
      consoleWatch,
    }) => {
      // The used link's refusal (400) is what the last step shows.
      consoleWatch.allow(/status of 400/);
      const email = freshEmail(`save-by-email-${site.slug}`);
      const shopper = new WatchlistPage(page, site.slug);
      await shopper.open(`${site.search.path}?range%5Bprice%5D=%3A40000`);
      await page.getByTestId('save-search').click();
      await expect(page).toHaveURL(/\/saved-searches\?save=/);
      await expect(page.getByRole('heading', { name: 'Save this search' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('Name').fill('Up to $40,000');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Save search' }).click();
      await expect(page.getByTestId('saved-search-link-sent')).toContainText(
        `Check your email: we have sent a link to ${email}.`,
      );

      const mail = await emailedText(email, 'Confirm your saved search');
      expect(mail).toContain('Up to $40,000');
      const link = mail.match(/https?:\/\/\S+\/saved-searches\/confirm\?token=\S+/)?.[0];
      if (!link) throw new Error('no confirmation link');
      const { pathname, search } = new URL(link);
      expect(pathname).toBe('/saved-searches/confirm');
      await shopper.open(`${pathname}${search}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your saved search');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Confirm search' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your search is saved');
      await expect(page.getByRole('status')).toContainText('“Up to $40,000”');
      // The link works once.
      await shopper.open(`${pathname}${search}`);
      await page.getByRole('button', { name: 'Confirm search' }).click();
      await expect(page.getByRole('alert')).toHaveText('This link is not valid, or has been used already');
    });
  });
}

/**
 * The forms that show their fields at once, or after steps of their own (issue 37 item 9), at one
 * dealer: the test drive's details step, the finance application and the trade-in's Step Four start
 * with a signed-in shopper's email and phone (accounts keep no name), and a signed-out shopper's with
 * blank fields — the page a signed-out shopper is served is the kept one, so nothing of another
 * shopper's can be in it.
 */
const bayside = demoSites.find((candidate) => candidate.slug === 'bayside-mazda');

test.describe('the booking, finance and trade-in forms', () => {
  if (!bayside) throw new Error('no bayside-mazda demo site');
  const site = bayside;

  /** Each form's Name, Email and Phone hold `expected` (a read still in flight fills them). */
  async function expectContactFields(page: Page, expected: { email: string; phone: string }) {
    const fields = async () => {
      const form = page.locator('main');
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
      await expect(form.getByLabel('Email', { exact: true })).toHaveValue(expected.email);
      await expect(form.getByLabel('Phone', { exact: true })).toHaveValue(expected.phone);
    };
    const booking = new TestDriveBookingPage(page, site.slug);
    await booking.open('/book-test-drive');
    const start = (await booking.times()).at(-1);
    if (!start) throw new Error(`no test-drive times at ${site.slug}`);
    await booking.chooseTime(start);
    await booking.next();
    await fields();

    const finance = new FinancePage(page, site.slug);
    await finance.open(site.finance.path);
    await expect(finance.form).toBeVisible();
    await fields();

    const tradeIn = new TradeInPage(page, site.slug);
    await tradeIn.open('/sell-my-car');
    await tradeIn.enterRego('TEST02');
    if (tradeIn.takesPhotos()) await tradeIn.photosDone();
    await expect(tradeIn.step(4)).toBeVisible();
    await fields();
    await expectAccessible(page);
  }

  test('a signed-in shopper’s start with their email and phone', async ({ page }) => {
    const email = freshEmail('prefill-forms');
    await new WatchlistPage(page, site.slug).signUpInBrowser(email, '0412 345 678');
    await expectContactFields(page, { email, phone: '0412345678' });
  });

  test('a signed-out shopper’s start blank', async ({ page }) => {
    await expectContactFields(page, { email: '', phone: '' });
  });
});
