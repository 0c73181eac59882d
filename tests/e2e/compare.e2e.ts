import { features, isSwitchOn } from '../../tenants/features.ts';
import { ShellPage } from './pages/shell.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * Compare (issue 19 item 1) in the browser: Compare on the listing's cards fills the tray at the
 * foot of every page; the tray opens `/compare?cars=…`, a server-rendered comparison whose address a
 * fresh browser opens the same.
 */
const storageOff = demoSites.filter((site) => isSwitchOn(features.favouritesStorageOff, site));

for (const site of demoSites.filter((site) => !storageOff.includes(site))) {
  test(`${site.name}: compare three cars from the listing, and share the comparison`, async ({
    page,
    browser,
  }) => {
    const shell = new ShellPage(page, site.slug);
    await shell.open(site.search.path);
    const buttons = page.getByRole('button', { name: /^Compare / });
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const button = buttons.nth(i);
      names.push(((await button.getAttribute('aria-label')) ?? '').replace(/^Compare /, ''));
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    }
    const tray = page.getByRole('region', { name: 'Compare' });
    await expect(tray).toContainText('Compare 3 of 4');
    await expectAccessible(page);
    await tray.getByRole('link', { name: 'Compare 3 cars' }).click();
    await expect(page).toHaveURL(/\/compare\?cars=[a-z0-9-]+,[a-z0-9-]+,[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare cars');
    const columns = page.getByTestId('compare-column');
    await expect(columns).toHaveCount(3);
    for (const [index, name] of names.entries()) await expect(columns.nth(index)).toContainText(name);
    await expect(page.getByRole('rowheader', { name: /^Price/ })).toBeVisible();
    await expectAccessible(page);
    const address = page.url();

    // A fresh browser (no tray, no storage) opens the shared address as the same comparison.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(address);
    await expect(fresh.getByTestId('compare-column')).toHaveCount(3);
    for (const [index, name] of names.entries())
      await expect(fresh.getByTestId('compare-column').nth(index)).toContainText(name);
    await expect(fresh.getByRole('region', { name: 'Compare' })).toHaveCount(0);
    await other.close();
  });
}

for (const site of storageOff) {
  test(`${site.name}: with the storage setting off (§5) no card offers Compare, yet a shared comparison opens`, async ({
    page,
  }) => {
    const shell = new ShellPage(page, site.slug);
    await shell.open(site.search.path);
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Compare / })).toHaveCount(0);
    const slugs = await page
      .getByTestId('car-card')
      .evaluateAll((cards) =>
        cards
          .slice(0, 2)
          .map((card) => card.querySelector('a[href^="/cars/"]')?.getAttribute('href')?.slice(6) ?? ''),
      );
    await shell.open(`/compare?cars=${slugs.join(',')}`);
    await expect(page.getByTestId('compare-column')).toHaveCount(2);
    await expectAccessible(page);
  });
}

test('the tray follows the shopper across pages and reloads, refuses a fifth car, and holds three on a phone', async ({
  page,
}) => {
  const shell = new ShellPage(page, 'harbour-auto-group');
  await shell.open('/search');
  const buttons = page.getByRole('button', { name: /^Compare / });
  for (let i = 0; i < 4; i += 1) await buttons.nth(i).click();
  const tray = page.getByRole('region', { name: 'Compare' });
  await expect(tray).toContainText('Compare 4 of 4');
  await buttons.nth(4).click();
  await expect(tray.getByRole('alert')).toContainText(
    'You can compare up to 4 cars. Remove one to add another.',
  );
  await expect(buttons.nth(4)).toHaveAttribute('aria-pressed', 'false');

  // Across pages and a reload: a car page shows its Compare pressed, the tray still holds four.
  const first = (await buttons.first().getAttribute('aria-label'))?.replace(/^Compare /, '') ?? '';
  await page.getByTestId('car-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/cars\//);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('region', { name: 'Compare' })).toContainText('Compare 4 of 4');
  await expect(
    page.getByTestId('vehicle-save').getByRole('button', { name: `Compare ${first}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: `Remove ${first} from compare` }).click();
  await expect(page.getByRole('region', { name: 'Compare' })).toContainText('Compare 3 of 4');

  // On a phone three are the limit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Compare' })).toContainText('Compare 3 of 3');
  await page
    .getByTestId('vehicle-save')
    .getByRole('button', { name: /^Compare / })
    .click();
  await expect(page.getByRole('region', { name: 'Compare' }).getByRole('alert')).toContainText(
    'You can compare up to 3 cars.',
  );
  await page.getByRole('region', { name: 'Compare' }).getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('region', { name: 'Compare' })).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the tray takes three cars on the first page it opens and refuses a fourth (issue 31 item 10)', async ({
    page,
  }) => {
    const shell = new ShellPage(page, 'harbour-auto-group');
    await shell.open('/search');
    const buttons = page.getByRole('button', { name: /^Compare / });
    const tray = page.getByRole('region', { name: 'Compare' });
    for (let i = 0; i < 3; i += 1) {
      await buttons.nth(i).click();
      await expect(buttons.nth(i)).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(tray).toContainText('Compare 3 of 3');
    await buttons.nth(3).click();
    await expect(tray.getByRole('alert')).toContainText(
      'You can compare up to 3 cars. Remove one to add another.',
    );
    await expect(buttons.nth(3)).toHaveAttribute('aria-pressed', 'false');
    await expect(tray).toContainText('Compare 3 of 3');
  });
});
