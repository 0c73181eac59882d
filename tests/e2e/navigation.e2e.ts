import { SearchPage } from './pages/search.page.ts';
import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Where a client navigation leaves the shopper (issue 31 items 12 and 13): a new page starts at the
 * top with its heading focused and in view, Back returns to where the listing was, and an address
 * with a hash (`#enquiry-form`, `#finance-form`) scrolls to that form and focuses it, on the same
 * page and on the next.
 */
const BAYSIDE = 'bayside-mazda';
const viewports = [
  { name: 'a 375 px phone', size: { width: 375, height: 812 } },
  { name: 'a desktop', size: { width: 1280, height: 800 } },
];

for (const { name, size } of viewports) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport: size });

    test('a car opened far down the listing starts at the top; Back returns to the card', async ({
      page,
    }) => {
      const search = new SearchPage(page, BAYSIDE);
      await search.open('/search');
      const card = search.cards.nth(6);
      await card.scrollIntoViewIfNeeded();
      expect(await search.scrollY()).toBeGreaterThan(300);
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/cars\//);
      const vehicle = new VehiclePage(page, BAYSIDE);
      await expect(vehicle.heading).toBeFocused();
      await expect(vehicle.heading).toBeInViewport();
      expect(await vehicle.scrollY()).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/search$/);
      await expect(search.cards.nth(6)).toBeInViewport();
    });
  });
}

test.describe('on a 375 px phone, a hash', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Enquire Now scrolls to the enquiry form and focuses it, every time', async ({ page, request }) => {
    const answer = await new VehicleFinder(request, BAYSIDE).carForSale(true);
    if (!answer) throw new Error('no car for sale');
    const vehicle = new VehiclePage(page, BAYSIDE);
    await vehicle.open(`/cars/${answer.car.slug}`);
    const form = page.getByTestId('enquiry-form');
    await expect(form).not.toBeInViewport();
    await vehicle.sidebarAction('enquire').click();
    await expect(page).toHaveURL(/#enquiry-form$/);
    await expect(form).toBeFocused();
    // Its top at the top of the window (below its scroll margin), not merely somewhere in view.
    await expect.poll(() => vehicle.topOf(form)).toBeLessThan(200);
    expect(await vehicle.topOf(form)).toBeGreaterThanOrEqual(0);

    // Back to the top and once more: the address does not change, the page moves again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(form).not.toBeInViewport();
    await vehicle.sidebarAction('enquire').click();
    await expect(form).toBeFocused();
    await expect.poll(() => vehicle.topOf(form)).toBeLessThan(200);
    expect(await vehicle.topOf(form)).toBeGreaterThanOrEqual(0);
  });

  test('finance from a car page opens the finance page at its form', async ({ page, request }) => {
    const answer = await new VehicleFinder(request, BAYSIDE).carForSale(true);
    if (!answer) throw new Error('no car for sale with finance');
    const vehicle = new VehiclePage(page, BAYSIDE);
    await vehicle.open(`/cars/${answer.car.slug}`);
    await vehicle.sidebarAction('finance').click();
    await expect(page).toHaveURL(/#finance-form$/);
    const form = page.locator('#finance-form');
    await expect(form).toBeFocused();
    await expect.poll(() => vehicle.topOf(form)).toBeLessThan(200);
    expect(await vehicle.topOf(form)).toBeGreaterThanOrEqual(0);
  });
});
