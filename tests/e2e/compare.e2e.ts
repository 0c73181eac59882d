import { features, isSwitchOn } from '../../tenants/features.ts';
import { ComparePage } from './pages/compare.page.ts';
import { carsInStock } from './pages/watchlist.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * Compare (issue 19 item 1) in the browser: Compare on the listing's cards fills the tray at the
 * foot of every page; the tray opens `/compare?cars=…`, a server-rendered comparison whose address a
 * fresh browser opens the same. The tray and the comparison work the same on every dealer: the whole
 * flow runs once (on the group, whose listing spans its dealerships), and every dealer has a smoke of
 * its own look and rules — its tray and its comparison, server-rendered, checked by axe.
 */
const HARBOUR = 'harbour-auto-group';
const storageOff = demoSites.filter((site) => isSwitchOn(features.favouritesStorageOff, site));

test('compare three cars from the listing, and share the comparison', async ({ page, browser }) => {
  const compare = new ComparePage(page, HARBOUR);
  await compare.open('/search');
  const names = await compare.addFirst(3);
  await expect(compare.tray).toContainText('Compare 3 of 4');
  await expectAccessible(page);
  await compare.tray.getByRole('link', { name: 'Compare 3 cars' }).click();
  await expect(page).toHaveURL(/\/compare\?cars=[a-z0-9-]+,[a-z0-9-]+,[a-z0-9-]+$/);
  await expect(compare.heading).toHaveText('Compare cars');
  await expect(compare.columns).toHaveCount(3);
  for (const [index, name] of names.entries()) await expect(compare.columns.nth(index)).toContainText(name);
  await expect(page.getByRole('rowheader', { name: /^Price/ })).toBeVisible();
  // The address to share is on the dealer's own domain, with the same cars.
  const { pathname, search } = new URL(page.url());
  await expect(compare.share).toHaveValue(new RegExp(`^https?://[^/]+${pathname}\\${search}$`));
  const address = page.url();

  // A fresh browser (no tray, no storage) opens the shared address as the same comparison.
  const other = await browser.newContext();
  const fresh = new ComparePage(await other.newPage(), HARBOUR);
  await fresh.page.goto(address);
  await expect(fresh.columns).toHaveCount(3);
  for (const [index, name] of names.entries()) await expect(fresh.columns.nth(index)).toContainText(name);
  await expect(fresh.tray).toHaveCount(0);
  await other.close();
});

for (const site of demoSites.filter((site) => !storageOff.includes(site))) {
  test(`${site.name}: the tray and a comparison in the dealer’s look`, async ({ page, request }) => {
    const cars = await carsInStock(request, site.slug, 2);
    const compare = new ComparePage(page, site.slug);
    await compare.storeTray(
      cars.map(({ id, slug, name, primary_image_url }) => ({ id, slug, name, primary_image_url })),
    );
    await compare.open(`/compare?cars=${cars.map((car) => car.slug).join(',')}`);
    await expect(compare.columns).toHaveCount(2);
    for (const [index, car] of cars.entries())
      await expect(compare.columns.nth(index)).toContainText(car.name);
    await expect(page.getByRole('rowheader', { name: /^Price/ })).toBeVisible();
    await expect(compare.tray).toContainText('Compare 2 of 4');
    await expectAccessible(page);
  });
}

for (const site of storageOff) {
  test(`${site.name}: with the storage setting off (§5) no card offers Compare, yet a shared comparison opens`, async ({
    page,
  }) => {
    const compare = new ComparePage(page, site.slug);
    await compare.open(site.search.path);
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await expect(compare.toggles).toHaveCount(0);
    const slugs = await page
      .getByTestId('car-card')
      .evaluateAll((cards) =>
        cards
          .slice(0, 2)
          .map((card) => card.querySelector('a[href^="/cars/"]')?.getAttribute('href')?.slice(6) ?? ''),
      );
    await compare.open(`/compare?cars=${slugs.join(',')}`);
    await expect(compare.columns).toHaveCount(2);
    await expectAccessible(page);
  });
}

test('the tray follows the shopper across pages and reloads, refuses a fifth car, and holds three on a phone', async ({
  page,
}) => {
  const compare = new ComparePage(page, HARBOUR);
  await compare.open('/search');
  await compare.addFirst(4);
  await expect(compare.tray).toContainText('Compare 4 of 4');
  await compare.toggles.nth(4).click();
  await expect(compare.trayAlert).toContainText('You can compare up to 4 cars. Remove one to add another.');
  await expect(compare.toggles.nth(4)).toHaveAttribute('aria-pressed', 'false');
  await compare.trayAlert.getByRole('button', { name: 'OK' }).click();
  await expect(compare.tray).not.toContainText('You can compare up to');

  // Across pages and a reload: a car page shows its Compare pressed, the tray still holds four.
  const first = await compare.carOf(compare.toggles.first());
  await page.getByTestId('car-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/cars\//);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(compare.tray).toContainText('Compare 4 of 4');
  const onCarPage = page.getByTestId('vehicle-save').getByRole('button', { name: /^Compare / });
  await expect(onCarPage).toHaveAccessibleName(`Compare ${first}`);
  await expect(onCarPage).toHaveAttribute('aria-pressed', 'true');
  await compare.removeFromTray(first).click();
  await expect(compare.tray).toContainText('Compare 3 of 4');

  // On a phone three are the limit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(compare.tray).toContainText('Compare 3 of 3');
  await onCarPage.click();
  await expect(compare.trayAlert).toContainText('You can compare up to 3 cars.');
  await compare.tray.getByRole('button', { name: 'Clear' }).click();
  await expect(compare.tray).toHaveCount(0);
});

test('a stored tray that cannot be read starts empty; another tab’s changes show at once', async ({
  page,
  context,
}) => {
  const compare = new ComparePage(page, HARBOUR);
  await compare.storeTray('not a tray');
  await compare.open('/search');
  await expect(compare.tray).toHaveCount(0);
  const [name] = await compare.addFirst(1);
  await expect(compare.tray).toContainText('Compare 1 of 4');

  const other = new ComparePage(await context.newPage(), HARBOUR);
  await other.open('/search');
  await expect(other.tray).toContainText('Compare 1 of 4');
  await other.toggles.nth(1).click();
  await expect(compare.tray).toContainText('Compare 2 of 4');
  await other.removeFromTray(name ?? '').click();
  await expect(compare.tray).toContainText('Compare 1 of 4');
  await other.page.close();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the tray takes three cars on the first page it opens and refuses a fourth (issue 31 item 10)', async ({
    page,
  }) => {
    const compare = new ComparePage(page, HARBOUR);
    await compare.open('/search');
    await compare.addFirst(3);
    await expect(compare.tray).toContainText('Compare 3 of 3');
    await compare.toggles.nth(3).click();
    await expect(compare.trayAlert).toContainText('You can compare up to 3 cars. Remove one to add another.');
    await expect(compare.toggles.nth(3)).toHaveAttribute('aria-pressed', 'false');
    await expect(compare.tray).toContainText('Compare 3 of 3');
  });
});
