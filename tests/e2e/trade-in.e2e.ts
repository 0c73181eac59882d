import { TradeInPage } from './pages/trade-in.page.ts';
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
 * The trade-in wizard (issue 16) in the browser against the real server, through `TradeInPage`, with
 * the local valuation provider's test registrations: TEST01 descriptions, TEST02 an EvalID, TEST404 no
 * match, TEST500 a failure. Photos are real JPEGs the browser encodes. What differs by dealer — the
 * theme (axe on every step), the photo switch, the valuation save, the title and the terms' limits —
 * runs on every demo dealer; the branches that do not (not found, failures, the car being bought, the
 * offer's limits) run once, on the dealer the branch needs (issue 32 item 11).
 */
test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

for (const site of demoSites) {
  test.describe(`${site.name} (${site.slug}) trade-in`, () => {
    test('TEST01: choose the car, photos where the dealer takes them, details, then accept the offer', async ({
      page,
    }) => {
      const tradeIn = new TradeInPage(page, site.slug);
      const response = await tradeIn.open('/trade-in');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`Value your car | ${site.name}`);
      await expectAccessible(page);
      await tradeIn.valueMyCar();
      await expect(tradeIn.errors).toContainText('* This field is required');

      await tradeIn.enterRego('TEST01');
      await expect(tradeIn.step(2)).toBeVisible();
      await expectAccessible(page);
      await tradeIn.choose(null);
      await expect(tradeIn.errors).toContainText('* Please choose one car.');
      await tradeIn.choose(1);

      // Step Three is the site's own dealership's switch here (no car named).
      if (tradeIn.takesPhotos()) {
        await expect(tradeIn.step(3)).toBeVisible();
        await expectAccessible(page);
        await tradeIn.addFiles([
          { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await tradeIn.realJpeg() },
        ]);
        await expect(tradeIn.imagesWith('done')).toHaveCount(1);
        await tradeIn.photosDone();
      }
      await expect(tradeIn.step(4)).toBeVisible();
      await expectAccessible(page);
      // §7 "Valuation save": on the flagged dealers the finished valuation is kept in their records.
      const saved = tradeIn.savesValuations()
        ? page.waitForResponse((response) => response.url().endsWith('/api/miscellaneous'))
        : null;
      await tradeIn.fillDetails();
      await expect(tradeIn.amount).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
      if (saved) expect((await saved).status()).toBe(201);
      await expectAccessible(page);
      await tradeIn.acceptOffer();
      await expect(tradeIn.accepted).toContainText('Offer accepted');
    });

    test(`the trade-in terms state the dealer's own limits, on both paths`, async ({ page }) => {
      const tradeIn = new TradeInPage(page, site.slug);
      await tradeIn.open('/trade-in');
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
      const response = await tradeIn.open('/value-my-car-terms-and-conditions');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade-in terms and conditions');
    });
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
    const tradeIn = new TradeInPage(page, 'bayside-mazda');
    await tradeIn.open(`/cars/${answer.car.slug}`);
    await page.locator('[data-action="trade-in"]').click();
    await expect(page).toHaveURL(new RegExp(`/cars/trade-in\\?car_id=${answer.car.id}$`));
    await page.reload();
    await expect(page).toHaveTitle(`Trade in towards the ${answer.car.name} | Bayside Mazda`);
    await expect(tradeIn.car).toContainText(answer.car.name);
    await tradeIn.enterRego('TEST02');
    const lead = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
    await tradeIn.fillDetails();
    expect(((await lead).postDataJSON() as { userData: { car_id: number } }).userData.car_id).toBe(
      answer.car.id,
    );
    await expect(tradeIn.amount).toBeVisible();
    // The offer's date as every date is written for shoppers: "4 December 2026", not "2026-12-04".
    await expect(page.getByText(/valid until \d{1,2} [A-Z][a-z]+ \d{4} \(7 days\)/)).toBeVisible();

    // A car no longer for sale: the wizard goes on without it.
    await goWithinApp(page, '/sell-my-car');
    await goWithinApp(page, '/cars/trade-in?car_id=999999999');
    await expect(tradeIn.step(1)).toBeVisible();
    await expect(tradeIn.car).toHaveCount(0);
  });

  test('photos are the dealership’s switch: at Outback RV the caravan yard takes none, the car yard does', async ({
    page,
    request,
  }) => {
    const tradeIn = new TradeInPage(page, 'outback-rv');
    await tradeIn.open('/trade-in');
    await tradeIn.enterRego('TEST02');
    await expect(tradeIn.step(4)).toBeVisible();
    const finder = new VehicleFinder(request, 'outback-rv');
    const [hit] = await finder.hits('status:in_stock AND dealership_id:1033', 1);
    if (!hit) throw new Error('no Outback Cars car in stock');
    const car = await finder.vehicle(hit.slug);
    await goWithinApp(page, `/cars/trade-in?car_id=${car.car.id}`);
    await expect(tradeIn.car).toContainText(car.car.name);
    await tradeIn.enterRego('TEST02');
    await expect(tradeIn.step(3)).toBeVisible();
  });

  test('TEST02 skips the choice; TEST404 shows the not-found screen and Back keeps the rego; TEST500 the error', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 502/);
    const tradeIn = new TradeInPage(page, 'bayside-mazda');
    await tradeIn.open('/sell-my-car');
    await tradeIn.enterRego('TEST404');
    await expect(tradeIn.notFound).toContainText(
      'Unfortunately, we could not find a match for your registration number.',
    );
    await expect(tradeIn.notFound).toContainText('Please get in touch with one of our friendly team members');
    await expectAccessible(page);
    await tradeIn.back();
    await expect(tradeIn.rego).toHaveValue('TEST404');

    await tradeIn.enterRego('TEST500');
    await expect(tradeIn.errors).toContainText('We could not value your car just now');

    await tradeIn.enterRego('TEST02', 'nsw');
    // Bayside Mazda takes no photos: straight to Step Four.
    await expect(tradeIn.step(4)).toBeVisible();
    await tradeIn.fillDetails({ odometer: '150000' });
    await expect(tradeIn.noOffer).toContainText('100,000 km');
  });

  test('every failure shows its message and the shopper goes on; the loading message rotates every 5 s', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/net::ERR|Failed to load resource/);
    const tradeIn = new TradeInPage(page, 'bayside-mazda');
    await tradeIn.open('/trade-in');
    // A slow look-up: the loading message moves on after 5 seconds.
    await page.route(
      '**/api/eval-expert/enter-vin',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 5600));
        await route.continue();
      },
      { times: 1 },
    );
    await tradeIn.enterRego('TEST01');
    await expect(tradeIn.loading).toContainText('Looking up your registration…');
    await expect(tradeIn.loading).toContainText('Finding your exact model…', { timeout: 15_000 });
    await expect(tradeIn.step(2)).toBeVisible({ timeout: 15_000 });
    await tradeIn.back();
    await expect(tradeIn.rego).toHaveValue('TEST01');
    await tradeIn.enterRego('TEST01');
    await tradeIn.descriptions.first().check();
    await dropNextCall(page, '**/api/eval-expert/manual-entry');
    await tradeIn.choose(null);
    await expect(tradeIn.errors).toContainText('Network error');
    await tradeIn.choose(0);
    await expect(tradeIn.step(4)).toBeVisible();
    await tradeIn.getMyOffer();
    await expect(tradeIn.errors).toContainText('Invalid postcode. Please enter a 4-digit number.');
    await dropNextCall(page, '**/api/eval-expert/update-eval');
    await tradeIn.fillDetails();
    await expect(tradeIn.errors).toContainText('Network error');
    // The lead that follows the valuation fails too: Step Four says so, and the next try sends it.
    await dropNextCall(page, '**/api/leads');
    await tradeIn.fillDetails();
    await expect(tradeIn.errors).toContainText('Network error');
    await tradeIn.fillDetails();
    await expect(tradeIn.amount).toBeVisible();
    await dropNextCall(page, '**/api/leads');
    await tradeIn.acceptOffer();
    await expect(tradeIn.offer.getByRole('alert')).toContainText('Network error');
    await tradeIn.acceptOffer();
    await expect(tradeIn.accepted).toContainText('Offer accepted');
  });

  test('photos: one at a time; a renamed non-image is refused by the server; an 11 MB file and an eleventh are alerted', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 422/);
    const tradeIn = new TradeInPage(page, 'metro-used');
    await tradeIn.open('/cars/trade-in?car_id=1');
    await tradeIn.enterRego('TEST02');
    await expect(tradeIn.step(3)).toBeVisible();
    const jpeg = await tradeIn.realJpeg();
    // A photo chosen while another uploads waits for its turn.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/eval-expert/image-upload',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await tradeIn.addFiles([{ name: 'first.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await expect(tradeIn.imagesWith('uploading')).toHaveCount(1);
    await tradeIn.addFiles([
      {
        name: 'front.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('MZ\x90\0 not a picture at all', 'latin1'),
      },
    ]);
    await expect(tradeIn.imagesWith('waiting')).toHaveCount(1);
    release();
    await expect(tradeIn.imagesWith('done')).toHaveCount(1);
    await expect(tradeIn.imagesWith('failed')).toContainText('Please upload a JPEG, PNG, GIF or HEIC image');
    const dialogs = recordDialogs(page);
    await tradeIn.addFiles([
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) },
    ]);
    await expect
      .poll(() => dialogs.map((d) => d.message))
      .toContain('Please upload an image file under 10MB');
    await tradeIn.addFiles(
      Array.from({ length: 9 }, (_, index) => ({
        name: `${index}.jpg`,
        mimeType: 'image/jpeg',
        buffer: jpeg,
      })),
    );
    await expect.poll(() => dialogs.map((d) => d.message)).toContain('You can only upload 10 images');
    await expect(tradeIn.imagesWith('done')).toHaveCount(9);
    await tradeIn.photosDone();
    await expect(tradeIn.step(4)).toBeVisible();
  });
});
