import { ContentPage } from './pages/content.page.ts';
import { LocationsPage } from './pages/locations.page.ts';
import { ShellPage } from './pages/shell.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * The dealer's own pages in the browser (issue 18 items 2, 5, 7): the locations with their hours,
 * the current offers, and the company pages written in each dealer's folder — each accessible.
 * What differs by dealer (its locations, theme, offers, reviews and own words) runs on every demo
 * dealer; what does not (the finder, the dialog, an offer's pages) runs once (issue 32 item 11).
 */
for (const site of demoSites) {
  test(`${site.name}: its locations, offers, reviews and own company pages`, async ({ page }) => {
    const locations = new LocationsPage(page, site.slug);
    await locations.open('/dealerships');
    await expect(locations.heading).toHaveText('Our locations');
    const visible = site.locations.filter((l) => l.visible);
    await expect(locations.cards).toHaveCount(visible.length);
    await expect(locations.cards.first().getByRole('table')).toContainText('Mon-Fri');
    // §4: open now or when it opens, and today's row marked, in the location's time zone.
    await expect(locations.cards.first().getByTestId('open-status')).toHaveText(
      /^(Open now · closes|Closed now)/,
    );
    await expect(locations.cards.first().locator('tr[data-today]')).toHaveCount(1);
    // §2 the grid filtered by sales, service and parts (where the dealer has more than one kind).
    const services = visible.filter((l) => l.location_type === 'service');
    if (services.length > 0 && services.length < visible.length) {
      await locations.show('Service');
      await expect(locations.cards).toHaveCount(services.length);
      await locations.show('All locations');
      await expect(locations.cards).toHaveCount(visible.length);
    }
    await expectAccessible(page);

    await locations.reviewsLink.click();
    const content = new ContentPage(page, site.slug);
    await expect(content.heading).toHaveText('Reviews');
    if (site.slug === 'harbour-auto-group') {
      // §3 sample data: the group's 454 reviews averaging 4.7.
      await expect(content.reviewAverage).toContainText('4.7 from 454 reviews');
      await expect(content.reviewAverage.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeVisible();
    }

    await content.open('/special-offers');
    await expect(content.heading).toHaveText('Special offers');
    // The home page's banner and slider show the same promotions, those running now.
    const offers = await content.offerTitles.allTextContents();
    await content.open('/');
    if (offers.length > 0) {
      const promotions = page.getByTestId('promotions');
      await expect(promotions).toBeVisible();
      for (const title of offers) await expect(promotions.getByRole('link', { name: title })).toBeVisible();
    } else {
      await expect(page.getByTestId('promotions')).toHaveCount(0);
    }

    for (const [path, heading] of [
      ['/about-us', 'About us'],
      ['/warranty', 'Warranty'],
      ['/privacy-policy', 'Privacy policy'],
    ] as const) {
      const response = await content.open(path);
      expect(response?.status()).toBe(200);
      await expect(content.heading).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} | ${site.name}`);
    }
    await expect(content.body).toContainText(site.name);
  });
}

test('the locations: the Holiday Opening Hours dialog, nearest to my postcode, clearing it, and a location’s contact page', async ({
  page,
}) => {
  const site = demoSites.find((s) => s.slug === 'bayside-mazda');
  if (!site) throw new Error('no Bayside Mazda');
  const locations = new LocationsPage(page, site.slug);
  await locations.open('/dealerships');
  // §2, §4: the special hours in the Holiday Opening Hours dialog; Escape hands focus back.
  const holidays = locations.holidayButton();
  await holidays.click();
  await expect(locations.holidayDialog.getByRole('table')).toContainText(/(Open|Closed|am|pm)/);
  await page.keyboard.press('Escape');
  await expect(locations.holidayDialog).toBeHidden();
  await expect(holidays).toBeFocused();
  // Nearest to me: a postcode sorts the cards nearest first, with their distance.
  await locations.findNearest('12');
  await expect(locations.finderAlert).toHaveText('Invalid postcode. Please enter a 4-digit number.');
  await locations.findNearest(site.address.postcode);
  await expect(locations.distances.first()).toContainText('km away');
  const km = await locations.kilometres();
  expect(km).toEqual([...km].sort((a, b) => a - b));
  await expectAccessible(page);
  await locations.clear.click();
  await expect(locations.distances).toHaveCount(0);
  await locations.cards
    .first()
    .getByRole('link', { name: /^Contact / })
    .click();
  await expect(page).toHaveURL(/\/contact-us\/[a-z0-9-]+$/);
});

test('the offers: each offer has its page and "See the offer"; an ended one says so and lists those running now', async ({
  page,
}) => {
  const site = demoSites.find((s) => s.slug === 'bayside-mazda');
  if (!site) throw new Error('no Bayside Mazda');
  const content = new ContentPage(page, site.slug);
  await content.open('/special-offers');
  const offers = await content.offerTitles.allTextContents();
  expect(offers.length).toBeGreaterThan(0);
  await expectAccessible(page);
  await content.body.getByRole('link', { name: offers[0] }).click();
  await expect(content.heading).toHaveText(offers[0] ?? '');
  await expect(page.getByRole('link', { name: 'See the offer' })).toBeVisible();
  // The stocktake sale (1 Jan to 1 Feb 2025) has ended and says so.
  const ended = await content.open(`/special-offers/${site.id * 100 + 4}`);
  expect(ended?.status()).toBe(200);
  await expect(content.heading).toHaveText('Stocktake Sale has ended');
  await expect(content.body).toContainText(/This offer ended on \d{1,2} \w+ 2025\./);
  for (const title of offers) await expect(content.body.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);
  await content.open('/about-us');
  await expectAccessible(page);
  await content.open('/reviews');
  await expect(content.heading).toHaveText('Reviews');
  await expectAccessible(page);
  // The home page's banner and slider of the same offers.
  await content.open('/');
  await expect(page.getByTestId('promotions')).toBeVisible();
  await expectAccessible(page);
});

test('a content page the browser loads: one the dealer has not written is not found; a failure offers to try again', async ({
  page,
  consoleWatch,
}) => {
  // The refusals below are the answers this test asks for.
  consoleWatch.allow(/status of (404|500)/);
  const content = new ContentPage(page, 'bayside-mazda');
  await content.open('/');
  await content.answerNextPageLoad(404);
  await content.follow('About us');
  await expect(content.heading).toHaveText('Page not found');
  await content.answerNextPageLoad(500);
  await content.follow('Privacy policy');
  await expect(content.retry).toBeVisible();
  await content.retry.click();
  await expect(content.heading).toHaveText('Privacy policy');
  await content.follow('Terms and conditions');
  await expect(content.heading).toHaveText('Terms and conditions');
});

/**
 * The home page's stock (issue 18 item 6): featured cars from the limited hit list, and the
 * price-range screen — the make dropdown ('All Makes' from index 20), the $5,000–$250,000 slider in
 * steps of $500 with its label, the Search button and the price-sorted link.
 */
test('the home page: featured stock, and the price-range screen opens the listing refined and sorted', async ({
  page,
}) => {
  const shell = new ShellPage(page, 'outback-rv');
  await shell.open('/');
  const featured = page.getByRole('region', { name: 'Featured stock' });
  await expect(featured.getByTestId('car-card')).toHaveCount(6);
  const screen = page.getByRole('region', { name: 'Find your next car' });
  const make = screen.getByLabel('Make');
  // More than 20 makes: the 20 with most stock, then every make A–Z under 'All Makes'.
  await expect(make.locator('optgroup[label="Popular Makes"] option')).toHaveCount(20);
  expect(await make.locator('optgroup[label="All Makes"] option').count()).toBeGreaterThan(20);
  await expect(screen.getByText('$5,000 - $250,000')).toBeVisible();
  const chosen =
    (await make.locator('optgroup[label="Popular Makes"] option').first().getAttribute('value')) ?? '';
  await make.selectOption(chosen);
  const minimum = screen.getByRole('slider', { name: 'Minimum Price' });
  await minimum.focus();
  for (let i = 0; i < 10; i += 1) await minimum.press('ArrowRight');
  // Ten steps of $500 from $5,000.
  await expect(screen.getByText('$10,000 - $250,000')).toBeVisible();
  await expectAccessible(page);
  await screen.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('refinementList[make][0]')).toBe(chosen);
  expect(url.searchParams.get('range[price]')).toBe('10000:');
  await expect(page.getByTestId('car-card').first()).toBeVisible();

  await shell.open('/');
  await page.getByRole('link', { name: 'Highest price first' }).click();
  await expect(page).toHaveURL(/sortBy=cars_price_desc/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('cars_price_desc');

  // A featured car opens its page.
  await shell.open('/');
  const first = page.getByRole('region', { name: 'Featured stock' }).getByTestId('car-card').first();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/cars\/[a-z0-9-]+$/);
});

/**
 * Harbour's Service & Parts menu links `/parts/search` (issue 18 item 6): the dealership item search
 * over the items index — text, a category, a top price, 21 a page — each an address of its own.
 */
test('Harbour: the parts and accessories search by text, category, price and page', async ({ page }) => {
  const shell = new ShellPage(page, 'harbour-auto-group');
  await shell.open('/parts/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parts and accessories');
  const cards = page.getByTestId('item-card');
  await expect(cards).toHaveCount(21);
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/parts\/search\?page=2$/);
  await expect(cards.first()).toBeVisible();

  const search = page.getByRole('form', { name: 'Parts and accessories' });
  await search.getByLabel('Search parts and accessories').fill('tow');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/parts\/search\?query=tow$/);
  await expect(cards.first()).toContainText(/tow/i);
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /^Towing/ })
    .click();
  await expect(page).toHaveURL(/query=tow&category=Towing$/);
  for (const text of await cards.allTextContents()) expect(text).toContain('Towing');
  await page.getByLabel('Price').selectOption('500');
  await expect(page).toHaveURL(/query=tow&category=Towing&max_price=500$/);
  const prices = (await cards.getByText(/^\$[\d,.]+$/).allTextContents()).map((text) =>
    Number(text.replace(/[$,]/g, '')),
  );
  for (const price of prices) expect(price).toBeLessThanOrEqual(500);
  // An enquiry goes to the item's dealership's parts desk.
  const enquire = cards.first().getByRole('link', { name: /^Enquire about / });
  if (await enquire.count())
    await expect(enquire).toHaveAttribute('href', /^\/contact-us\/[a-z0-9-]+-parts$/);
  await page.goBack();
  await expect(page).toHaveURL(/query=tow&category=Towing$/);
});
