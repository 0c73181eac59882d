import { SearchPage } from './pages/search.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * The search listing for every demo dealer (issue 4): server-rendered results with no search request
 * on load, facets and URL both ways, back/forward, an InstantSearch-written URL, 404 for an unknown
 * slug, and the hasError path through the endpoint's test-mode fault switch.
 */
for (const site of demoSites) {
  test.describe(`${site.name} (${site.slug}) search`, () => {
    test('the listing arrives server-rendered with its results, and hydrates without searching again', async ({
      page,
    }) => {
      const search = new SearchPage(page, site.slug);
      const response = await search.open('/search');
      expect(response?.status()).toBe(200);
      const served = (await response?.text()) ?? '';
      expect(served).toContain('data-testid="car-card"');
      await expect(page).toHaveTitle(new RegExp(`for sale in ${site.address.city} \\| ${site.name}`));
      await expect(search.heading).toContainText(`for sale in ${site.address.city}`);
      await expect(search.cards).toHaveCount(Math.min(site.search.page_size, await search.resultCount()));
      await expect(search.cards.first().locator('img')).toHaveAttribute('loading', 'eager');
      await expect(search.cards.last().locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(search.count).toHaveText(/^\d[\d,]* /);
      expect(search.searchRequests.map((r) => r.url())).toEqual([]);
      await expectAccessible(page);
    });

    test('a facet click updates the results and the URL; back restores the previous search', async ({
      page,
    }) => {
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const before = await search.resultCount();
      const filter = search.listFilters().first();
      const attribute = await search.attributeOf(filter);
      const [value] = await search.valuesOf(filter);
      if (!value) throw new Error(`${site.slug}: the first list filter has no values`);
      const box = search.checkbox(filter, value);
      await search.toggle(filter, value);
      await expect(page).toHaveURL(new RegExp(`refinementList\\[${attribute}\\]\\[0\\]=`));
      await expect(box).toBeChecked();
      await expect(search.errorBanner).toBeHidden();
      await expect.poll(() => search.resultCount()).toBeLessThanOrEqual(before);
      expect(search.searchRequests.length).toBeGreaterThan(0);
      await expectAccessible(page);
      await page.goBack();
      await expect(page).toHaveURL(/\/search$/);
      await expect(box).not.toBeChecked();
      await expect.poll(() => search.resultCount()).toBe(before);
      await page.goForward();
      await expect(box).toBeChecked();
    });

    test('a URL written by InstantSearch (encoded brackets, refinements, a range, a sort, a page) opens the same search', async ({
      page,
    }) => {
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const filter = search.listFilters().first();
      const attribute = await search.attributeOf(filter);
      const [first, second] = await search.valuesOf(filter);
      if (!first || !second) throw new Error(`${site.slug}: the first list filter has fewer than two values`);
      const url =
        `/search?refinementList%5B${attribute}%5D%5B0%5D=${encodeURIComponent(first)}` +
        `&refinementList%5B${attribute}%5D%5B1%5D=${encodeURIComponent(second)}` +
        `&range%5Bprice%5D=1000%3A${encodeURIComponent('900000')}&sortBy=cars_price_asc&page=2`;
      const response = await search.open(url);
      expect(response?.status()).toBe(200);
      await expect(search.checkbox(search.listFilters().first(), first)).toBeChecked();
      await expect(search.checkbox(search.listFilters().first(), second)).toBeChecked();
      await expect(search.sort.getByRole('combobox')).toContainText('Lowest price');
      await expect(search.filters.getByLabel(/^Min price/)).toHaveValue('1000');
      if ((await search.resultCount()) > site.search.page_size)
        await expect(search.currentPage()).toHaveText('2');
      const prices = await search.cards.getByTestId('car-price').allTextContents();
      const amounts = prices
        .map((p) => Number(p.replace(/^\$?([\d,]+).*$/s, '$1').replace(/,/g, '')))
        .filter(Boolean);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(search.searchRequests.map((r) => r.url())).toEqual([]);
      await expectAccessible(page);
    });

    test('a make tile opens /search/{make}; unticking the make returns to /search', async ({ page }) => {
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const tile = page.getByTestId('make-tile').first();
      const make = ((await tile.locator('span > span').first().textContent()) ?? '').trim();
      const href = (await tile.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/search\/[a-z0-9-]+$/);
      await tile.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(search.heading).toContainText(make);
      await expect(page).toHaveTitle(new RegExp(make));
      const makeFilter = search.filters.getByTestId('filter-make');
      if ((await makeFilter.count()) === 0) return;
      await expect(search.checkbox(makeFilter, make)).toBeChecked();
      await search.toggle(makeFilter, make);
      await expect(page).toHaveURL(/\/search$/);
      await expect(search.heading).not.toContainText(make);
      await expect(search.cards.first()).toBeVisible();
    });

    test('an unknown /search/{slug} is a 404 page', async ({ page, consoleWatch }) => {
      consoleWatch.allow(/status of 404/);
      const search = new SearchPage(page, site.slug);
      const response = await search.open('/search/no-such-make');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectAccessible(page);
    });

    test('a failing search shows hasError over the kept results; retry, then a new query recovers', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(/status of 503/);
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const firstCar = await search.cards.first().getAttribute('data-car-id');
      const count = await search.resultCount();
      await search.search('__fault__');
      await expect(search.errorBanner).toBeVisible();
      await expect(search.cards.first()).toHaveAttribute('data-car-id', firstCar ?? '');
      expect(await search.resultCount()).toBe(count);
      await expectAccessible(page);
      const tried = search.searchRequests.length;
      await search.retry.click();
      await expect.poll(() => search.searchRequests.length).toBeGreaterThan(tried);
      await expect(search.errorBanner).toBeVisible();
      await search.search('');
      await expect(search.errorBanner).toBeHidden();
      await expect(search.results).toHaveAttribute('aria-busy', 'false');
      expect(await search.resultCount()).toBe(count);
    });
  });
}
