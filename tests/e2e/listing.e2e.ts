import { catalogueMakes } from '../../server/seed/catalog-entities.ts';
import { SearchPage } from './pages/search.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites, siteOrigin } from './support/server.ts';

/**
 * What a shopper's walk through the listings found (issue 31 items 4, 15, 19 and 21): the sorts with
 * words and without a price, a franchise dealer's used makes, the leisure dealer's words, an empty
 * result, a page past the end, the tiles' counts and the listing's breadcrumb for search engines.
 */

const isPrice = (text: string): boolean => text.startsWith('$');
const metro = demoSites.find((site) => site.slug === 'metro-used');
const MAKES = catalogueMakes().map((make) => make.name);

test('metro-used: “Highest price” with words sorts by price, not by relevance', async ({ page }) => {
  const search = new SearchPage(page, 'metro-used');
  await search.open('/search?query=mazda&sortBy=cars_price_desc');
  const prices = await search.cardPrices();
  expect(prices.length).toBeGreaterThan(5);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
});

for (const sortBy of ['cars_price_asc', 'cars_price_desc']) {
  test(`metro-used: cars without a price come last in ${sortBy}`, async ({ page }) => {
    const search = new SearchPage(page, 'metro-used');
    await search.open(`/search?sortBy=${sortBy}`);
    expect((await search.cardPriceTexts()).every(isPrice)).toBe(true);
    const last = Math.ceil((await search.resultCount()) / (metro?.search.page_size ?? 21));
    await search.open(`/search?sortBy=${sortBy}&page=${last}`);
    const texts = await search.cardPriceTexts();
    const firstUnpriced = texts.findIndex((text) => !isPrice(text));
    expect(firstUnpriced).toBeGreaterThan(-1);
    expect(texts.slice(firstUnpriced)).toEqual(texts.slice(firstUnpriced).map(() => 'Call for price.'));
  });
}

test('bayside-mazda: the used listing offers the makes, and names each model with its make', async ({
  page,
}) => {
  const search = new SearchPage(page, 'bayside-mazda');
  await search.open('/search/used-cars');
  await expect(search.pickerMake('Toyota')).toBeVisible();
  const models = search.filters.getByTestId('filter-model');
  await expect(search.checkbox(models, 'CX-5')).toBeVisible();
  await expect(search.checkboxLabelled(models, 'Mazda CX-5')).toBeVisible();
  const labels = await search.labelsOf(models);
  expect(
    labels.every((label) => MAKES.some((make) => label.startsWith(`${make} `))),
    labels.join(),
  ).toBe(true);
  expect(labels.some((label) => !label.startsWith('Mazda '))).toBe(true);
  const used = await search.resultCount();
  await search.pickerMake('Toyota').click();
  await expect.poll(() => search.resultCount()).toBeLessThan(used);
  for (const card of await search.cards.all()) await expect(card).toContainText('Toyota');
  await expectAccessible(page);
  await search.open('/search');
  await expect(search.makePicker).toHaveCount(0);
});

for (const path of ['/search', '/search/used-cars']) {
  test(`bayside-mazda: each body tile of ${path} opens a listing of as many cars as it counts`, async ({
    page,
  }) => {
    const search = new SearchPage(page, 'bayside-mazda');
    await search.open(path);
    const tiles = await Promise.all(
      (await search.bodyTiles.all()).map(async (tile) => ({
        ...(await search.tile(tile)),
        href: (await tile.getAttribute('href')) ?? '',
      })),
    );
    expect(tiles.length).toBeGreaterThan(1);
    for (const tile of tiles) {
      await search.open(tile.href);
      expect(await search.resultCount(), `${tile.name} → ${tile.href}`).toBe(tile.count);
    }
  });
}

test('outback-rv: the mixed listing counts vehicles and names the kinds; a kind’s listing counts that kind', async ({
  page,
}) => {
  const search = new SearchPage(page, 'outback-rv');
  await search.open('/search');
  await expect(search.heading).toHaveText(/^Vehicles for sale in /);
  await expect(search.count).toHaveText(/^[\d,]+ Vehicles$/);
  const categories = search.filters.getByTestId('filter-categories');
  await expect(search.checkboxLabelled(categories, 'Caravans')).toBeVisible();
  await expect(categories.getByRole('checkbox', { name: /^caravans\b/ })).toHaveCount(0);
  await search.open('/search/motorcycles');
  await expect(search.count).toHaveText(/^[\d,]+ Motorcycles$/);
});

for (const site of demoSites) {
  test(`${site.slug}: an empty result says so with a way back; a page past the end links to the last`, async ({
    page,
  }) => {
    const search = new SearchPage(page, site.slug);
    await search.open('/search?query=qqqzzzxxy');
    await expect(search.notice).toContainText(/^No .+ match your search\./);
    await expect(search.filters).not.toContainText('100,000');
    await expect(search.priceFilter).toHaveCount(0);
    await expectAccessible(page);
    await search.notice.getByRole('button', { name: 'Clear the search words' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(search.cards.first()).toBeVisible();
    const last = Math.ceil((await search.resultCount()) / site.search.page_size);
    await search.open('/search?page=999');
    await expect(search.notice).toContainText(
      `There is no page 999 of these results; they end on page ${last}.`,
    );
    await search.notice.getByRole('link', { name: `Go to page ${last}` }).click();
    await expect(search.cards.first()).toBeVisible();
    await expect(search.notice).toHaveCount(0);
    await expect(search.currentPage()).toHaveText(String(last));
  });
}

test('the listing’s BreadcrumbList names absolute addresses on the dealer’s origin', async ({ page }) => {
  const search = new SearchPage(page, 'metro-used');
  const response = await search.open('/search/used-cars');
  const html = (await response?.text()) ?? '';
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as { '@type'?: string; itemListElement?: { item: string }[] },
  );
  const trails = blocks.filter((block) => block['@type'] === 'BreadcrumbList');
  expect(trails).toHaveLength(1);
  // The dealer's canonical origin: its own domain over https (as its canonical link names it).
  const domain = metro?.domains[0];
  const origin = domain ? `https://${domain}` : siteOrigin('metro-used');
  expect(trails[0]?.itemListElement?.map((crumb) => crumb.item)).toEqual([
    `${origin}/`,
    `${origin}/search/used-cars`,
  ]);
});
