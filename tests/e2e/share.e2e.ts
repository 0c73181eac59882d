import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { siteOrigin } from './support/server.ts';

/**
 * "Share" on a car page (issue 37 item 7): where the browser has no share sheet (this desktop
 * Chromium), the car's address is copied and "Link copied" says so; where copying is refused too,
 * the address is shown to copy by hand.
 */
const METRO = 'metro-used';

test('without a share sheet the car’s address is copied, and “Link copied” says so', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteOrigin(METRO) });
  const answer = await new VehicleFinder(request, METRO).carForSale(false);
  if (!answer) throw new Error('no car for sale');
  const vehicle = new VehiclePage(page, METRO);
  await vehicle.open(`/cars/${answer.car.slug}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${siteOrigin(METRO)}/cars/${encodeURIComponent(answer.car.slug)}`);
  await expectAccessible(page);
});

test('where copying is refused, the address is shown to copy by hand until Done', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  const answer = await new VehicleFinder(request, METRO).carForSale(false);
  if (!answer) throw new Error('no car for sale');
  const vehicle = new VehiclePage(page, METRO);
  await vehicle.open(`/cars/${answer.car.slug}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const field = page.getByRole('textbox', { name: 'Copy this link' });
  await expect(field).toHaveValue(`${siteOrigin(METRO)}/cars/${encodeURIComponent(answer.car.slug)}`);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(field).toBeHidden();
});
