import { FINANCE_DISCLAIMER, LENDER_TYPES, LISTING_LAYOUTS } from '../../domain/finance-rules.ts';
import { facetTilePath } from '../../domain/search-routes.ts';
import { SEARCH_DEBOUNCE_MS } from '../../machines/directory-search/directory-search.machine.ts';
import { catalogueMakes } from '../../server/seed/catalog-entities.ts';
import { CARAVAN_MAKES } from '../../server/seed/catalog-leisure.ts';
import { hasFeature } from '../../tenants/features.ts';
import { listingFilters } from '../../views/search/listing-filters.ts';
import { SearchPage } from './pages/search.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/** Whether the dealer's base listing is narrowed to new and demo cars (§9 search filter presets). */
const narrowed = (site: (typeof demoSites)[number]): boolean => hasFeature(site, 'searchPresetNewAndDemo');

/** The seeded makes without a logo: their tiles keep a text badge. */
const LOGOLESS = new Set(catalogueMakes().flatMap((make) => (make.logo.url ? [] : [make.name])));

/**
 * The search listing for every demo dealer (issue 4): server-rendered results with no search request
 * on load, facets and URL both ways, back/forward, an InstantSearch-written URL, 404 for an unknown
 * slug, and the hasError path through the endpoint's test-mode fault switch.
 */
demoSites.forEach((site, index) => {
  // A branch the dealer does not change runs on one dealer, a different one for each (issue 32
  // item 11); the server-rendered listing, the finance strip, the make tiles and their logos, which
  // follow the dealer's template, provider, preset and stock, run on every dealer.
  const on = (n: number) => index === n % demoSites.length;
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

    test('the cards carry the finance strip in the layout of the dealer’s provider, with the figure of the car page', async ({
      page,
    }) => {
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const strips = search.cards.getByTestId('car-finance');
      await expect(strips.first()).toBeVisible();
      const provider = site.finance_provider;
      if (!provider) throw new Error(`${site.slug} has no finance provider`);
      const layout = LISTING_LAYOUTS[LENDER_TYPES[provider]];
      for (const strip of await strips.all()) await expect(strip).toHaveAttribute('data-layout', layout);
      await expect(page.getByTestId('listing-finance-disclaimer')).toHaveText(`* ${FINANCE_DISCLAIMER}`);
      const card = search.cards.filter({ has: page.getByTestId('car-finance') }).first();
      const figure = (await card.getByTestId('car-finance').locator('strong').textContent()) ?? '';
      await card.getByRole('heading').getByRole('link').click();
      await expect(page.getByTestId('finance-summary')).toContainText(figure.replace(/ p\.a\.$/, ''));
    });

    if (on(0))
      test('a facet click (searched from the press) updates the results and the URL; back restores the previous search', async ({
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
        // A slow click: the press starts the search, the release ticks the value and shows it.
        await search.valueLabel(filter, value).hover();
        await page.mouse.down();
        await expect.poll(() => search.searchRequests.length).toBe(1);
        await expect(box).not.toBeChecked();
        await page.mouse.up();
        await expect(page).toHaveURL(new RegExp(`refinementList\\[${attribute}\\]\\[0\\]=`));
        await expect(box).toBeChecked();
        await expect(search.errorBanner).toBeHidden();
        await expect.poll(() => search.resultCount()).toBeLessThanOrEqual(before);
        // The click joined the press's search: one request for the two.
        expect(search.searchRequests.length).toBe(1);
        await expectAccessible(page);
        await page.goBack();
        await expect(page).toHaveURL(/\/search$/);
        await expect(box).not.toBeChecked();
        await expect.poll(() => search.resultCount()).toBe(before);
        await page.goForward();
        await expect(box).toBeChecked();
      });

    if (on(1))
      test('a URL written by InstantSearch (encoded brackets, refinements, a range, a sort, a page) opens the same search', async ({
        page,
      }) => {
        const search = new SearchPage(page, site.slug);
        await search.open('/search');
        const filter = search.listFilters().first();
        const attribute = await search.attributeOf(filter);
        const [first, second] = await search.valuesOf(filter);
        if (!first || !second)
          throw new Error(`${site.slug}: the first list filter has fewer than two values`);
        const url =
          `/search?refinementList%5B${attribute}%5D%5B0%5D=${encodeURIComponent(first)}` +
          `&refinementList%5B${attribute}%5D%5B1%5D=${encodeURIComponent(second)}` +
          `&range%5Bprice%5D=1000%3A${encodeURIComponent('900000')}&sortBy=cars_price_asc&page=2`;
        const response = await search.open(url);
        expect(response?.status()).toBe(200);
        await expect(search.checkbox(search.listFilters().first(), first)).toBeChecked();
        await expect(search.checkbox(search.listFilters().first(), second)).toBeChecked();
        await expect(search.sort.locator('option:checked')).toHaveText('Lowest price');
        await expect(search.priceFilter.getByRole('button', { name: 'Clear Price' })).toBeVisible();
        if ((await search.resultCount()) > site.search.page_size)
          await expect(search.currentPage()).toHaveText('2');
        const amounts = await search.cardPrices();
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
        expect(search.searchRequests.map((r) => r.url())).toEqual([]);
        await expectAccessible(page);
      });

    test('a make tile opens the listing it counts (/search/{make} unless a preset narrows /search); unticking the make returns to /search', async ({
      page,
    }) => {
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const tile = page.getByTestId('make-tile').first();
      const make = ((await tile.locator('span > span').first().textContent()) ?? '').trim();
      const count = ((await tile.locator('span > span').nth(1).textContent()) ?? '').trim();
      const href = (await tile.getAttribute('href')) ?? '';
      expect(href).toBe(
        narrowed(site) ? `/search?refinementList[make][0]=${encodeURIComponent(make)}` : facetTilePath(make),
      );
      await tile.click();
      await expect(page).toHaveURL(
        (url) => `${url.pathname}${decodeURIComponent(url.search)}` === decodeURIComponent(href),
      );
      await expect(search.heading).toContainText(make);
      await expect(page).toHaveTitle(new RegExp(make));
      await expect(search.count).toHaveText(new RegExp(`^${count} `));
      const carTypes = narrowed(site) ? (['new', 'demo'] as const) : null;
      if (!listingFilters(site.template, carTypes).some((filter) => filter.widget === 'makes')) return;
      await expect(search.pickerMake(make)).toHaveAttribute('aria-pressed', 'true');
      await search.pickerMake(make).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(search.heading).not.toContainText(make);
      await expect(search.cards.first()).toBeVisible();
    });

    if (on(2))
      test('dragging or keying the price slider refines the results and writes range[price] to the URL', async ({
        page,
      }) => {
        const search = new SearchPage(page, site.slug);
        await search.open('/search');
        const before = await search.resultCount();
        await search.priceThumb(0).focus();
        await page.keyboard.press('PageUp');
        await expect(page).toHaveURL(/[?&]range\[price\]=\d+:$/);
        const min = await search.thumbPrice(0);
        expect(page.url()).toContain(`range[price]=${min}:`);
        await expect.poll(() => search.resultCount()).toBeLessThan(before);
        const afterKey = await search.resultCount();
        await search.priceThumb(1).focus();
        await page.keyboard.press('PageDown');
        await expect(page).toHaveURL(/[?&]range\[price\]=\d+:\d+$/);
        const max = await search.thumbPrice(1);
        expect(page.url()).toContain(`range[price]=${min}:${max}`);
        await expect.poll(() => search.resultCount()).toBeLessThan(afterKey);
        await expect(search.priceFilter.getByRole('button', { name: 'Clear Price' })).toBeVisible();
        await expect(search.errorBanner).toBeHidden();
        await expectAccessible(page);
      });

    if (on(3))
      test('dragging a price thumb with the mouse refines the results; thumbs that meet at the top end part again; a press on the track moves the nearer thumb', async ({
        page,
      }) => {
        const search = new SearchPage(page, site.slug);
        await search.open('/search');
        const before = await search.resultCount();
        const top = await search.thumbPrice(1);
        await search.dragPriceThumb(0, 0.5);
        await expect(page).toHaveURL(/[?&]range\[price\]=\d+:$/);
        const min = await search.thumbPrice(0);
        expect(page.url()).toContain(`range[price]=${min}:`);
        await expect.poll(() => search.resultCount()).toBeLessThan(before);
        await search.dragPriceThumb(0, 1);
        await expect(page).toHaveURL(new RegExp(`[?&]range\\[price\\]=${top}:$`));
        expect(await search.thumbPrice(0)).toBe(top);
        expect(await search.thumbPrice(1)).toBe(top);
        await search.dragPriceThumb(0, 0.25);
        await expect.poll(() => search.thumbPrice(0)).toBeLessThan(min);
        await expect(page).toHaveURL(new RegExp(`[?&]range\\[price\\]=${await search.thumbPrice(0)}:$`));
        expect(await search.thumbPrice(1)).toBe(top);
        await search.priceThumb(0).press('Home');
        await expect(page).toHaveURL(/\/search$/);
        await expect.poll(() => search.resultCount()).toBe(before);
        await search.pressPriceTrack(0.75);
        await expect(page).toHaveURL(/[?&]range\[price\]=:\d+$/);
        await expect(search.priceThumb(1)).toBeFocused();
        expect(await search.thumbPrice(1)).toBeLessThan(top);
        await expect.poll(() => search.resultCount()).toBeLessThan(before);
        await expectAccessible(page);
      });

    if (on(0))
      test('typing in the search box searches after the pause; a recent search reopens an earlier search', async ({
        page,
      }) => {
        const search = new SearchPage(page, site.slug);
        await search.open('/search');
        const before = await search.resultCount();
        const make = (
          (await search.makeTiles.last().locator('span > span').first().textContent()) ?? ''
        ).trim();
        await search.queryBox.pressSequentially(make, { delay: 40 });
        await expect(page).toHaveURL(new RegExp(`\\?query=${encodeURIComponent(make)}$`));
        await search.settled();
        for (const card of await search.cards.all()) await expect(card).toContainText(make);
        const queried = await search.resultCount();
        expect(queried).toBeLessThanOrEqual(before);
        await search.queryBox.press('Escape');
        await expect(search.recentSearches.getByRole('link').first()).toHaveText(`“${make}”`);
        const filter = search.listFilters().first();
        const [value] = await search.valuesOf(filter);
        if (!value) throw new Error(`${site.slug}: the first list filter has no values`);
        await search.toggle(filter, value);
        await expect(search.checkbox(filter, value)).toBeChecked();
        await expect(search.recentSearches.getByRole('link').nth(1)).toHaveText(`“${make}”`);
        await search.recentSearches.getByRole('link').nth(1).click();
        await expect(page).toHaveURL(new RegExp(`\\?query=${encodeURIComponent(make)}$`));
        await expect(search.checkbox(filter, value)).not.toBeChecked();
        await expect(search.queryBox).toHaveValue(make);
        await expect.poll(() => search.resultCount()).toBe(queried);
      });

    if (on(1))
      test('the search box suggests the typed make; ArrowDown and Enter open /search/{make}', async ({
        page,
      }) => {
        const search = new SearchPage(page, site.slug);
        await search.open('/search');
        const tile = search.makeTiles.first();
        const make = ((await tile.locator('span > span').first().textContent()) ?? '').trim();
        const href = facetTilePath(make);
        await search.queryBox.pressSequentially(make, { delay: 40 });
        await expect(search.suggestions).toBeVisible();
        await expect(search.queryBox).toHaveAttribute('aria-expanded', 'true');
        await expect(search.suggestions.getByRole('option').first()).toHaveText(make);
        await expectAccessible(page);
        await search.queryBox.press('ArrowDown');
        const active = search.suggestions.getByRole('option', { selected: true });
        await expect(active).toHaveText(make);
        await expect(search.queryBox).toHaveAttribute(
          'aria-activedescendant',
          (await active.getAttribute('id')) ?? '',
        );
        await expect(search.queryBox).toBeFocused();
        await search.queryBox.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await expect(search.heading).toContainText(make);
        await expect(search.suggestions).toBeHidden();
        await expect(search.queryBox).toHaveAttribute('aria-expanded', 'false');
        // The box the shopper typed in belonged to the old page: focus lands on the new listing's heading.
        await expect(search.heading).toBeFocused();
      });

    test('make tiles show the make’s logo, or a text badge for a make without one', async ({ page }) => {
      const search = new SearchPage(page, site.slug);
      await search.open('/search');
      const tiles = await search.makeTiles.all();
      expect(tiles.length).toBeGreaterThan(0);
      for (const tile of tiles) {
        const make = ((await tile.locator('span > span').first().textContent()) ?? '').trim();
        if (LOGOLESS.has(make)) {
          await expect(tile.locator('img')).toHaveCount(0);
          await expect(tile.getByTestId('tile-badge')).toHaveText(make.charAt(0));
        } else {
          const logo = tile.locator('img');
          await expect(logo).toHaveAttribute('src', /^\/media\/makes\/[a-z0-9-]+\.svg$/);
          await logo.scrollIntoViewIfNeeded();
          await expect
            .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
            .toBeGreaterThan(0);
        }
      }
    });

    if (on(2))
      test('an unknown /search/{slug} is a 404 page', async ({ page, consoleWatch }) => {
        consoleWatch.allow(/status of 404/);
        const search = new SearchPage(page, site.slug);
        const response = await search.open('/search/no-such-make');
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        await expectAccessible(page);
      });

    if (on(3))
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
        await search.settled();
        expect(await search.resultCount()).toBe(count);
      });
  });
});

for (const site of demoSites.filter((s) => listingFilters(s.template).some((f) => f.widget === 'makes'))) {
  test(`${site.name} (${site.slug}): choosing a make in the make picker refines the results`, async ({
    page,
  }) => {
    const search = new SearchPage(page, site.slug);
    // A franchise dealer's new and demo stock is its own make: its used stock offers the makes.
    await search.open(narrowed(site) ? '/search/used-cars' : '/search');
    const before = await search.resultCount();
    await expect(search.makePicker.getByRole('heading', { name: 'Popular Makes' })).toBeVisible();
    const choice = search.makePicker.locator('button[aria-pressed="false"]').nth(1);
    const make = ((await choice.locator('span').first().textContent()) ?? '').trim();
    await choice.click();
    await expect(page).toHaveURL(new RegExp(`refinementList\\[make\\]\\[0\\]=${encodeURIComponent(make)}`));
    await expect(search.pickerMake(make)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => search.resultCount()).toBeLessThan(before);
    for (const card of await search.cards.all()) await expect(card).toContainText(make);
    await expectAccessible(page);
  });
}

test('bayside-mazda: a mouse resting on a filter value searches it before the click, and the click shows it with no second request; passing over values asks nothing', async ({
  page,
}) => {
  const search = new SearchPage(page, 'bayside-mazda');
  await search.open('/search');
  const filter = search.listFilters().first();
  const attribute = await search.attributeOf(filter);
  const [first, second, third] = await search.valuesOf(filter);
  if (!first || !second || !third) throw new Error('the first list filter has fewer than three values');
  // Passing over two values on the way to a third (a step every few ms): no search for either. The
  // pointer starts beside the first value, not on it: the pause between two commands is the test
  // machine's, and on a loaded one it can be a rest.
  const box = async (value: string) => {
    const found = await search.valueLabel(filter, value).boundingBox();
    if (!found) throw new Error(`${value} is not shown`);
    return found;
  };
  const [from, to] = [await box(first), await box(third)];
  await page.mouse.move(from.x - 6, from.y + from.height / 2);
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
  await expect.poll(() => search.searchRequests.length).toBe(1);
  const asked = search.searchRequests[0]?.postData() ?? '';
  expect(decodeURIComponent(asked)).toContain(third);
  expect(decodeURIComponent(asked)).not.toContain(first);
  await expect(search.checkbox(filter, third)).not.toBeChecked();
  await search.valueLabel(filter, third).click();
  await expect(page).toHaveURL(new RegExp(`refinementList\\[${attribute}\\]\\[0\\]=`));
  await expect(search.checkbox(filter, third)).toBeChecked();
  await expect(search.errorBanner).toBeHidden();
  expect(search.searchRequests.length).toBe(1);
});

test('bayside-mazda: pressing a suggested model keeps focus in the box; the click opens its listing', async ({
  page,
}) => {
  const search = new SearchPage(page, 'bayside-mazda');
  await search.open('/search');
  const tile = search.makeTiles.first();
  const make = ((await tile.locator('span > span').first().textContent()) ?? '').trim();
  const href = facetTilePath(make);
  await search.queryBox.pressSequentially(make, { delay: 40 });
  const model = search.suggestions.getByRole('option', { name: new RegExp(`^${make} `) }).first();
  const name = ((await model.textContent()) ?? '').trim();
  await model.hover();
  await page.mouse.down();
  await expect(search.queryBox).toBeFocused();
  await expect(model).toBeVisible();
  await page.mouse.up();
  await expect(page).toHaveURL(new RegExp(`${href}/[a-z0-9-]+$`));
  await expect(search.heading).toContainText(name.slice(make.length + 1));
});

test('bayside-mazda: after Back changed the query, the search box clears, types and searches from the query shown', async ({
  page,
}) => {
  const search = new SearchPage(page, 'bayside-mazda');
  await search.open('/search');
  await search.settled();
  const box = search.queryBox;
  await search.search('qqzzxx');
  await expect(page).toHaveURL(/\?query=qqzzxx$/);
  await search.search('zzqqxx');
  await expect(page).toHaveURL(/\?query=zzqqxx$/);

  // Clear drops the query Back brought, not the one typed before.
  await page.goBack();
  await expect(box).toHaveValue('qqzzxx');
  await page.getByRole('button', { name: 'Clear search stock' }).click();
  await expect(page).not.toHaveURL(/query=/);
  await expect(box).toHaveValue('');

  // Typing goes on from the query Back brought.
  await page.goBack();
  await expect(box).toHaveValue('qqzzxx');
  await box.press('End');
  await box.press('y');
  await expect(page).toHaveURL(/\?query=qqzzxxy$/);

  // Enter on the query Back brought searches nothing new.
  await page.goBack();
  await expect(box).toHaveValue('qqzzxx');
  await box.press('Enter');
  await expect(page).toHaveURL(/\?query=qqzzxx$/);

  // Emptied by typing: no suggestions are asked for an empty box.
  await box.fill('');
  await expect(page).not.toHaveURL(/query=/);

  // Suggestions show when Back changes the query: Enter then takes the query Back brought.
  // Entered at once: typed a key at a time, a loaded machine's pause between two keys could pass the
  // 300 ms debounce, commit 'Ma' as an entry of its own, and Back would land there.
  await box.fill('Maz');
  await expect(search.suggestions).toBeVisible();
  await expect(page).toHaveURL(/\?query=Maz$/);
  await page.goBack();
  await expect(page).not.toHaveURL(/query=/);
  await expect(box).toHaveValue('');
  await expect(search.suggestions).toBeHidden();
  await box.press('Enter');
  await expect(page).not.toHaveURL(/query=/);
  await expect(box).toHaveValue('');

  // A letter typed and taken back within the pause searches nothing (the page's clock held still).
  await page.clock.install();
  const searched = search.searchRequests.length;
  await box.press('a');
  await box.press('Backspace');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS);
  await expect(box).toHaveValue('');
  await expect(page).not.toHaveURL(/query=/);
  expect(search.searchRequests.length).toBe(searched);
});

const leisure = demoSites.find((s) => s.vehicle_kinds.includes('caravans'));
const carsOnly = demoSites.find((s) => !s.vehicle_kinds.includes('caravans'));
test(`${leisure?.slug}: /search/caravans and /search/motorcycles list that vehicle kind`, async ({
  page,
}) => {
  if (!leisure) throw new Error('no demo dealer sells caravans');
  const search = new SearchPage(page, leisure.slug);
  await search.open('/search');
  const all = await search.resultCount();
  const response = await search.open('/search/caravans');
  expect(response?.status()).toBe(200);
  await expect(search.heading).toContainText(/caravans/i);
  await expect(search.count).toHaveText(/Caravans?$/);
  expect(await search.resultCount()).toBeLessThan(all);
  const makes = CARAVAN_MAKES.map((make) => make.name);
  for (const card of await search.cards.all()) {
    await expect(card).toContainText(new RegExp(makes.join('|')));
  }
  await expectAccessible(page);
  const bikes = await search.open('/search/motorcycles');
  expect(bikes?.status()).toBe(200);
  await expect(search.count).toHaveText(/Motorcycles?$/);
});

test("sorting with the 'Sort by' select reorders the results and writes the replica to the URL", async ({
  page,
}) => {
  const search = new SearchPage(page, 'bayside-mazda');
  await search.open('/search');
  const sort = search.sort.getByRole('combobox', { name: 'Sort by' });
  const sorted = (order: 1 | -1) => async () => {
    const amounts = await search.cardPrices();
    return (
      amounts.length > 1 &&
      amounts.every((amount, i) => i === 0 || order * (amount - (amounts[i - 1] ?? 0)) >= 0)
    );
  };
  await sort.selectOption({ label: 'Highest price' });
  await expect(page).toHaveURL(/[?&]sortBy=cars_price_desc\b/);
  await expect.poll(sorted(-1), 'prices highest first').toBe(true);
  await sort.selectOption({ label: 'Lowest price' });
  await expect(page).toHaveURL(/[?&]sortBy=cars_price_asc\b/);
  await expect.poll(sorted(1), 'prices lowest first').toBe(true);
  await page.goBack();
  await expect(sort.locator('option:checked')).toHaveText('Highest price');
  await expect.poll(sorted(-1), 'prices highest first again').toBe(true);
  await expectAccessible(page);
});

test(`${carsOnly?.slug}: /search/caravans is a 404 for a dealer without caravans`, async ({
  page,
  consoleWatch,
}) => {
  if (!carsOnly) throw new Error('every demo dealer sells caravans');
  consoleWatch.allow(/status of 404/);
  const search = new SearchPage(page, carsOnly.slug);
  const response = await search.open('/search/caravans');
  expect(response?.status()).toBe(404);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the listing fits the screen: nothing scrolls sideways', async ({ page }) => {
    const search = new SearchPage(page, 'bayside-mazda');
    await search.open('/search');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(search.sort.getByRole('combobox', { name: 'Sort by' })).toBeInViewport();
  });

  test("'Filters' opens the drawer (its code arrives then); a tick refines; 'Show Me …' closes it onto the results", async ({
    page,
  }) => {
    const search = new SearchPage(page, 'bayside-mazda');
    await search.open('/search');
    await expect(search.filters).toBeHidden();
    expect(search.hasLoadedChunk('filter-drawer-dialog')).toBe(false);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    expect(search.hasLoadedChunk('filter-drawer-dialog')).toBe(true);
    await expectAccessible(page);
    const before = await search.resultCount();
    await drawer.locator('[data-part="label"] > span:first-child').first().click();
    await expect(page).toHaveURL(/refinementList\[/);
    const showMe = drawer.getByRole('button', { name: /^Show Me [\d,]+ / });
    await showMe.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters' })).toBeFocused();
    await expect.poll(() => search.resultCount()).toBeLessThan(before);
  });
});
