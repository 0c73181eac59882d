import { DRIVE_AWAY_TABLE_DATE, excludesGovernmentCharges } from '../../domain/drive-away.ts';
import { formatAustralianDate } from '../../domain/format.ts';
import { offersWeeklyFilter } from '../../domain/weekly-filter.ts';
import { publicFeatures } from '../../tenants/features.ts';
import { SearchPage } from './pages/search.page.ts';
import { VehicleFinder } from './pages/vehicle.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * Issue 37 item 5 "Money filters" in the browser against the real server: "Under $X a week" on the
 * dealers whose cards lead with the week's repayment (the listing narrows, every card's figure is
 * under it, the address carries it, Back restores, the chip clears it, the phone's drawer offers it;
 * absent elsewhere), and the car page's drive-away estimate where a price excludes government charges.
 */
const weeklySites = demoSites.filter((site) =>
  offersWeeklyFilter({ ...site, features: publicFeatures(site) }),
);
const otherSites = demoSites.filter((site) => !weeklySites.includes(site));

/** The week's figure of a card's finance strip (`$142 per week* at …` → 142). */
const weeklyOf = (text: string | null): number =>
  Number((/\$([\d,]+)/.exec(text ?? '')?.[1] ?? '').replace(/,/g, ''));

for (const site of weeklySites) {
  test(`${site.name}: "Under $200 a week" narrows the listing to cards under it, in the address; Back restores; the chip clears`, async ({
    page,
  }) => {
    const search = new SearchPage(page, site.slug);
    await search.open('/search');
    const before = await search.resultCount();
    const select = search.filters.getByTestId('filter-weekly').getByRole('combobox');
    await expect(select).toHaveValue('');
    await select.selectOption({ label: 'Under $200 a week' });
    await expect(page).toHaveURL(/[?&]weekly=200(&|$)/);
    await search.settled();
    await expect.poll(() => search.resultCount()).toBeLessThan(before);
    expect(await search.resultCount()).toBeGreaterThan(0);
    const chip = page.getByTestId('weekly-chip');
    await expect(chip).toHaveText(/Under \$200 a week/);
    for (const card of await search.cards.all()) {
      const strip = card.getByTestId('car-finance');
      await expect(strip).toHaveAttribute('data-layout', 'weekly');
      expect(weeklyOf(await strip.locator('strong').textContent())).toBeLessThan(200);
    }
    await expectAccessible(page);

    await page.goBack();
    await expect(page).not.toHaveURL(/weekly=/);
    await expect(select).toHaveValue('');
    await expect(chip).toBeHidden();
    await expect.poll(() => search.resultCount()).toBe(before);

    await page.goForward();
    await expect(select).toHaveValue('200');
    await chip.click();
    await expect(page).not.toHaveURL(/weekly=/);
    await expect(chip).toBeHidden();
    await expect.poll(() => search.resultCount()).toBe(before);
  });
}

test(`${weeklySites[0]?.name}: an address with weekly=abc lists everything; the phone's drawer offers the filter`, async ({
  page,
}) => {
  const site = weeklySites[0];
  if (!site) throw new Error('no demo dealer shows weekly finance estimates');
  await page.setViewportSize({ width: 390, height: 844 });
  const search = new SearchPage(page, site.slug);
  await search.open('/search?weekly=abc');
  await expect(page.getByTestId('weekly-chip')).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  const select = drawer.getByTestId('filter-weekly').getByRole('combobox');
  await expect(select).toHaveValue('');
  await select.selectOption('150');
  await expect(page).toHaveURL(/[?&]weekly=150(&|$)/);
  await expectAccessible(page);
});

for (const site of otherSites) {
  test(`${site.name}: no weekly filter where the cards do not lead with the week's repayment`, async ({
    page,
  }) => {
    const search = new SearchPage(page, site.slug);
    await search.open('/search');
    await expect(search.cards.first()).toBeVisible();
    await expect(page.getByTestId('filter-weekly')).toHaveCount(0);
  });
}

const TABLE_DATE = formatAustralianDate(DRIVE_AWAY_TABLE_DATE) ?? '';

for (const site of demoSites) {
  test(`${site.name}: a car priced excluding government charges shows its drive-away estimate with the table's date; a drive-away price does not`, async ({
    page,
    request,
  }) => {
    const finder = new VehicleFinder(request, site.slug);
    const hits = (await finder.hits('status:in_stock AND item_type:cars', 200)) as unknown as {
      slug: string;
      price_type: string | null;
      offer_price: number | null;
      subscription_price: number | null;
      price: number;
    }[];
    const plain = (hit: (typeof hits)[number]) => !hit.subscription_price && hit.price > 10;
    const egc = hits.find((hit) => plain(hit) && excludesGovernmentCharges(hit.price_type));
    const driveAway = hits.find((hit) => plain(hit) && hit.price_type === 'Drive Away');
    if (!egc || !driveAway) throw new Error(`${site.slug} lacks a car of each price type`);

    const search = new SearchPage(page, site.slug);
    await search.open(`/cars/${egc.slug}`);
    const box = page.getByTestId('drive-away');
    await expect(box.getByRole('heading', { name: /^Estimated drive-away \$[\d,]+$/ })).toBeVisible();
    await expect(box).toContainText('Stamp duty (');
    await expect(box).toContainText('Registration, 12 months');
    await expect(box).toContainText(`Tables as at ${TABLE_DATE}`);
    await expect(box).toContainText('the dealer confirms the drive-away price');
    const total = Number(
      ((await box.getByTestId('drive-away-total').textContent()) ?? '').replace(/\D/g, ''),
    );
    const price = egc.offer_price && egc.offer_price > 10 ? egc.offer_price : egc.price;
    expect(total).toBeGreaterThan(price);
    await expectAccessible(page);

    await search.open(`/cars/${driveAway.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('drive-away')).toHaveCount(0);
  });
}
