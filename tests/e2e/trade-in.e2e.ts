import type { Page } from '@playwright/test';
import { publicFeatures } from '../../tenants/features.ts';
import { ShellPage } from './pages/shell.page.ts';
import { VehicleFinder } from './pages/vehicle.page.ts';
import {
  asOwnShopper,
  dropNextCall,
  expect,
  expectAccessible,
  recordDialogs,
  test,
} from './support/fixtures.ts';
import { goWithinApp } from './support/navigation.ts';
import { demoSites } from './support/server.ts';

/**
 * The trade-in wizard (issue 16) in the browser against the real server, with the local valuation
 * provider's test registrations: TEST01 descriptions, TEST02 an EvalID, TEST404 no match, TEST500 a
 * failure. Photos are real JPEGs the browser encodes.
 */
test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

/** A real JPEG, encoded by the browser's canvas. */
async function realJpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#b42318';
      context.fillRect(0, 0, 64, 48);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob ? [...new Uint8Array(await blob.arrayBuffer())] : [];
  });
  return Buffer.from(bytes);
}

async function enterRego(page: Page, rego: string, state = 'qld') {
  await page.getByLabel('Registration number').fill(rego);
  await page.getByLabel('State', { exact: true }).selectOption(state);
  await page.getByRole('button', { name: 'Value my car' }).click();
}

async function fillDetails(page: Page, odometer = '42000') {
  await page.getByLabel('Name', { exact: true }).fill('Sam Shopper');
  await page.getByLabel('Email', { exact: true }).fill('sam@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('0400 111 222');
  await page.getByLabel('Postcode', { exact: true }).fill('4000');
  await page.getByLabel('Odometer (km)').fill(odometer);
  await page.getByLabel('Service history').selectOption('Full');
  await page.getByLabel('Number of keys').fill('2');
  await page.getByLabel('Condition', { exact: true }).selectOption('Good');
  await page.getByLabel('Anything we should know about the car?').fill('One owner, garaged.');
  await page.getByRole('button', { name: 'Get my offer' }).click();
}

for (const site of demoSites) {
  test.describe(`${site.name} (${site.slug}) trade-in`, () => {
    test('TEST01: choose the car, photos where the dealer takes them, details, then accept the offer', async ({
      page,
    }) => {
      const shell = new ShellPage(page, site.slug);
      const response = await shell.open('/trade-in');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`Value your car | ${site.name}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Value my car' }).click();
      await expect(page.getByTestId('form-errors')).toContainText('* This field is required');

      await enterRego(page, 'TEST01');
      await expect(page.getByText('Step Two Vehicle Selection')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByTestId('form-errors')).toContainText('* Please choose one car.');
      await page.getByRole('radio').nth(1).check();
      await page.getByRole('button', { name: 'Next' }).click();

      // Step Three is the site's own dealership's switch here (no car named).
      const ownDealership = site.dealerships.find((d) => d.id === site.dealership_id)?.slug ?? '';
      if (publicFeatures(site).tradeInImageUpload.includes(ownDealership)) {
        await expect(page.getByText('Step Three Upload Images')).toBeVisible();
        await expectAccessible(page);
        await page
          .getByLabel('Add photos')
          .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await realJpeg(page) });
        await expect(page.getByTestId('trade-in-images').locator('li[data-status="done"]')).toHaveCount(1);
        await page.getByRole('button', { name: 'Next' }).click();
      }
      await expect(page.getByText('Step Four Your Details')).toBeVisible();
      await expectAccessible(page);
      // §7 "Valuation save": on the flagged dealers the finished valuation is kept in their records.
      const saved = publicFeatures(site).valuationSave
        ? page.waitForResponse((response) => response.url().endsWith('/api/miscellaneous'))
        : null;
      await fillDetails(page);
      await expect(page.getByTestId('trade-in-amount')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
      if (saved) expect((await saved).status()).toBe(201);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Accept offer' }).click();
      await expect(page.getByTestId('trade-in-accepted')).toContainText('Offer accepted');
    });

    test('TEST404 the not-found screen, TEST500 the error, TEST02 straight past the choice', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(/status of 502/);
      const shell = new ShellPage(page, site.slug);
      await shell.open('/sell-my-car');
      await enterRego(page, 'TEST404');
      await expect(page.getByTestId('trade-in-not-found')).toContainText(
        'Unfortunately, we could not find a match for your registration number.',
      );
      await page.getByTestId('trade-in-not-found').getByRole('button', { name: 'Back' }).click();
      await enterRego(page, 'TEST500');
      await expect(page.getByTestId('form-errors')).toContainText('We could not value your car just now');
      await enterRego(page, 'TEST02', 'vic');
      const ownDealership = site.dealerships.find((d) => d.id === site.dealership_id)?.slug ?? '';
      const next = publicFeatures(site).tradeInImageUpload.includes(ownDealership)
        ? 'Step Three Upload Images'
        : 'Step Four Your Details';
      await expect(page.getByText(next)).toBeVisible();
    });
  });
}

for (const site of demoSites) {
  test(`${site.name}: the trade-in terms state the dealer's own limits, on both paths`, async ({ page }) => {
    const shell = new ShellPage(page, site.slug);
    await shell.open('/trade-in');
    await page.getByRole('link', { name: 'Read the full trade-in terms' }).click();
    await expect(page).toHaveURL(/\/pages\/value-my-car-terms-and-conditions$/);
    await expect(page).toHaveTitle(`Trade-in terms and conditions | ${site.name}`);
    const terms = page.getByTestId('content-page');
    await expect(terms).toContainText(
      `We don't give online estimates for cars over ${site.trade_in.offer_max_age_years} years old or over 100,000 km.`,
    );
    await expect(terms).toContainText('valid for 7 days');
    await expect(terms).toContainText('Mon-Fri 8.30-5.30, Sat 9-5');
    await expectAccessible(page);
    const response = await shell.open('/value-my-car-terms-and-conditions');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade-in terms and conditions');
  });
}

test.describe('trade-in branches', () => {
  test('from a car page: the car being bought is shown beside the wizard, and the lead names it', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 404/);
    const finder = new VehicleFinder(request, 'bayside-mazda');
    const answer = (await finder.carForSale(true)) ?? (await finder.carForSale(false));
    if (!answer) throw new Error('no car for sale');
    const shell = new ShellPage(page, 'bayside-mazda');
    await shell.open(`/cars/${answer.car.slug}`);
    await page.locator('[data-action="trade-in"]').click();
    await expect(page).toHaveURL(new RegExp(`/cars/trade-in\\?car_id=${answer.car.id}$`));
    await page.reload();
    await expect(page).toHaveTitle(`Trade in towards the ${answer.car.name} | Bayside Mazda`);
    await expect(page.getByTestId('trade-in-car')).toContainText(answer.car.name);
    await enterRego(page, 'TEST02');
    const lead = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
    await fillDetails(page);
    expect(((await lead).postDataJSON() as { userData: { car_id: number } }).userData.car_id).toBe(
      answer.car.id,
    );
    await expect(page.getByTestId('trade-in-amount')).toBeVisible();
    // The offer's date as every date is written for shoppers: "4 December 2026", not "2026-12-04".
    await expect(page.getByText(/valid until \d{1,2} [A-Z][a-z]+ \d{4} \(7 days\)/)).toBeVisible();

    // A car no longer for sale: the wizard goes on without it.
    await goWithinApp(page, '/sell-my-car');
    await goWithinApp(page, '/cars/trade-in?car_id=999999999');
    await expect(page.getByText('Step One Vehicle Details')).toBeVisible();
    await expect(page.getByTestId('trade-in-car')).toHaveCount(0);
  });

  test('photos are the dealership’s switch: at Outback RV the caravan yard takes none, the car yard does', async ({
    page,
    request,
  }) => {
    const shell = new ShellPage(page, 'outback-rv');
    await shell.open('/trade-in');
    await enterRego(page, 'TEST02');
    await expect(page.getByText('Step Four Your Details')).toBeVisible();
    const finder = new VehicleFinder(request, 'outback-rv');
    const [hit] = await finder.hits('status:in_stock AND dealership_id:1033', 1);
    if (!hit) throw new Error('no Outback Cars car in stock');
    const car = await finder.vehicle(hit.slug);
    await goWithinApp(page, `/cars/trade-in?car_id=${car.car.id}`);
    await expect(page.getByTestId('trade-in-car')).toContainText(car.car.name);
    await enterRego(page, 'TEST02');
    await expect(page.getByText('Step Three Upload Images')).toBeVisible();
  });

  test('TEST02 skips the choice; TEST404 shows the not-found screen and Back keeps the rego; TEST500 the error', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 502/);
    const shell = new ShellPage(page, 'bayside-mazda');
    await shell.open('/sell-my-car');
    await enterRego(page, 'TEST404');
    const notFound = page.getByTestId('trade-in-not-found');
    await expect(notFound).toContainText(
      'Unfortunately, we could not find a match for your registration number.',
    );
    await expect(notFound).toContainText('Please get in touch with one of our friendly team members');
    await expectAccessible(page);
    await notFound.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Registration number')).toHaveValue('TEST404');

    await enterRego(page, 'TEST500');
    await expect(page.getByTestId('form-errors')).toContainText('We could not value your car just now');

    await enterRego(page, 'TEST02', 'nsw');
    // Bayside Mazda takes no photos: straight to Step Four.
    await expect(page.getByText('Step Four Your Details')).toBeVisible();
    await fillDetails(page, '150000');
    await expect(page.getByTestId('trade-in-no-offer')).toContainText('100,000 km');
  });

  test('every failure shows its message and the shopper goes on; the loading message rotates every 5 s', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/net::ERR|Failed to load resource/);
    const shell = new ShellPage(page, 'bayside-mazda');
    await shell.open('/trade-in');
    // A slow look-up: the loading message moves on after 5 seconds.
    await page.route(
      '**/api/eval-expert/enter-vin',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 5600));
        await route.continue();
      },
      { times: 1 },
    );
    await enterRego(page, 'TEST01');
    const loading = page.getByTestId('trade-in-loading');
    await expect(loading).toContainText('Looking up your registration…');
    await expect(loading).toContainText('Finding your exact model…', { timeout: 15_000 });
    await expect(page.getByText('Step Two Vehicle Selection')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Registration number')).toHaveValue('TEST01');
    await enterRego(page, 'TEST01');
    await page.getByRole('radio').first().check();
    await dropNextCall(page, '**/api/eval-expert/manual-entry');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('form-errors')).toContainText('Network error');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step Four Your Details')).toBeVisible();
    await page.getByRole('button', { name: 'Get my offer' }).click();
    await expect(page.getByTestId('form-errors')).toContainText(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    await dropNextCall(page, '**/api/eval-expert/update-eval');
    await fillDetails(page);
    await expect(page.getByTestId('form-errors')).toContainText('Network error');
    await fillDetails(page);
    await expect(page.getByTestId('trade-in-amount')).toBeVisible();
    await dropNextCall(page, '**/api/leads');
    await page.getByRole('button', { name: 'Accept offer' }).click();
    await expect(page.getByTestId('trade-in-offer').getByRole('alert')).toContainText('Network error');
    await page.getByRole('button', { name: 'Accept offer' }).click();
    await expect(page.getByTestId('trade-in-accepted')).toContainText('Offer accepted');
  });

  test('photos: a renamed non-image is refused by the server; an 11 MB file and an eleventh are alerted', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 422/);
    const shell = new ShellPage(page, 'metro-used');
    await shell.open('/cars/trade-in?car_id=1');
    await enterRego(page, 'TEST02');
    await expect(page.getByText('Step Three Upload Images')).toBeVisible();
    const input = page.getByLabel('Add photos');
    await input.setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('MZ\x90\0 not a picture at all', 'latin1'),
    });
    await expect(page.getByTestId('trade-in-images').locator('li[data-status="failed"]')).toContainText(
      'Please upload a JPEG, PNG, GIF or HEIC image',
    );
    const dialogs = recordDialogs(page);
    await input.setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(11 * 1024 * 1024, 1),
    });
    await expect
      .poll(() => dialogs.map((d) => d.message))
      .toContain('Please upload an image file under 10MB');
    const jpeg = await realJpeg(page);
    await input.setInputFiles(
      Array.from({ length: 10 }, (_, index) => ({
        name: `${index}.jpg`,
        mimeType: 'image/jpeg',
        buffer: jpeg,
      })),
    );
    await expect.poll(() => dialogs.map((d) => d.message)).toContain('You can only upload 10 images');
    await expect(page.getByTestId('trade-in-images').locator('li[data-status="done"]')).toHaveCount(9);
  });
});
