import type { Page } from '@playwright/test';
import { HomePage } from './pages/home.page.ts';
import { SearchPage } from './pages/search.page.ts';
import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import { dropNextCall, expect, recordDialogs, test } from './support/fixtures.ts';

/**
 * The listing's and the car page's controls driven through the real page where the flow tests do not
 * take them (issue 32 item 12): the make picker, the range slider, the search box's suggestions, the
 * recent searches, a model's listing whose makes and models cannot be fetched, the PDF download and
 * the phone reveal. What no shopper can reach is named, with the reason, in each machine's catalog
 * entry (`notThroughUi`).
 */
const HARBOUR = 'harbour-auto-group';
const BAYSIDE = 'bayside-mazda';

/** Makes the browser's storage refuse one key, as a full or blocked storage does. */
async function refuseStorage(page: Page, key: string, method: 'getItem' | 'setItem'): Promise<void> {
  await page.addInitScript(
    ([refused, name]) => {
      const original = Storage.prototype[name];
      Storage.prototype[name] = function (this: Storage, ...args: [string, string]) {
        if (args[0] === refused) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return (original as (...a: [string, string]) => string | null).apply(this, args);
      } as never;
    },
    [key, method] as const,
  );
}

/** Fails the next search for the search box's suggestions (the `models` index) as a lost connection. */
async function dropNextSuggestions(page: Page): Promise<void> {
  let dropped = false;
  await page.route('**/search-api/**', async (route) => {
    const body = route.request().postData() ?? '';
    if (dropped || !/"indexName":"[^"]*models[^"]*"/.test(body)) return route.continue();
    dropped = true;
    await route.abort('connectionfailed');
  });
}

test.describe('make picker through the UI', () => {
  test("all makes and back, a make's models opened, closed and chosen, and closed when a search drops the make", async ({
    page,
  }) => {
    const search = new SearchPage(page, HARBOUR);
    await search.open('/search');
    await search.settled();
    const picker = search.makePicker;
    await picker.getByRole('button', { name: 'Show all makes' }).click();
    await picker.getByRole('button', { name: 'Hide extra makes' }).click();
    await expect(picker.getByRole('button', { name: 'Show all makes' })).toBeVisible();

    const expanders = picker.getByRole('button', { name: /^Select models for / });
    const first = ((await expanders.first().getAttribute('aria-label')) ?? '').replace(
      'Select models for ',
      '',
    );
    const second = ((await expanders.nth(1).getAttribute('aria-label')) ?? '').replace(
      'Select models for ',
      '',
    );
    const open = picker.getByRole('button', { name: `Select models for ${first}` });
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    await open.click();
    const model = picker
      .locator(`#${await open.getAttribute('aria-controls')}`)
      .getByRole('button')
      .first();
    await model.click();
    await expect(page).toHaveURL(/refinementList/);
    await search.settled();
    await expect(model).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await search.settled();
    await search.pickerMake(second).click();
    await expect(search.pickerMake(second)).toHaveAttribute('aria-pressed', 'true');
    await search.settled();

    // The first make's models stay open while a result lists it; a search that only the second
    // make answers drops the first, and its models with it.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await search.settled();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await search.search(second);
    await search.settled();
    await expect(picker.getByRole('button', { name: `Select models for ${first}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear search stock' }).click();
    await search.settled();
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('range slider through the UI', () => {
  test('a move that ends where it began changes nothing; Clear drops the refinement', async ({ page }) => {
    const search = new SearchPage(page, BAYSIDE);
    await search.open('/search');
    await search.settled();
    const before = page.url();
    await search.dragPriceThumb(0, 0, 0.3);
    await search.settled();
    expect(page.url()).toBe(before);
    await expect(search.priceFilter.getByRole('button', { name: 'Clear Price' })).toHaveCount(0);

    await search.dragPriceThumb(0, 0.4);
    await expect(page).toHaveURL(/price/);
    await search.settled();
    await search.priceFilter.getByRole('button', { name: 'Clear Price' }).click();
    await expect(page).not.toHaveURL(/price/);
  });
});

test.describe('search box through the UI', () => {
  test('suggestions: moved through, closed, none for nonsense, lost and typed again; the query committed, kept, cleared and changed from outside', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const search = new SearchPage(page, BAYSIDE);
    await search.open('/search');
    await search.settled();
    const box = search.queryBox;

    // Suggestions for a make: ArrowDown, ArrowUp, Escape.
    await box.pressSequentially('Maz', { delay: 40 });
    await expect(search.suggestions).toBeVisible();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await box.press('Escape');
    await expect(search.suggestions).toBeHidden();

    // Nonsense has no suggestions.
    await box.fill('');
    await box.pressSequentially('qqzzxx', { delay: 40 });
    await expect(page).toHaveURL(/query=qqzzxx/);
    await expect(search.suggestions).toBeHidden();

    // Enter on the same text again searches nothing new; Clear drops the committed query.
    await box.press('Enter');
    await expect(page).toHaveURL(/query=qqzzxx/);
    await page.getByRole('button', { name: 'Clear search stock' }).click();
    await expect(page).not.toHaveURL(/query=/);

    // Typed, then cleared before it was committed: nothing to drop.
    await box.press('a');
    await page.getByRole('button', { name: 'Clear search stock' }).click();
    await expect(box).toHaveValue('');

    // The suggestions' search fails: nothing shows; typing again suggests.
    await dropNextSuggestions(page);
    await box.pressSequentially('CX', { delay: 40 });
    await expect(page).toHaveURL(/query=CX/);
    await expect(search.suggestions).toBeHidden();
    await box.press('-');
    await expect(search.suggestions).toBeVisible();

    // Enter on the active suggestion opens it.
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/mazda/i);

    // The query changes outside the box (Back): the box shows it.
    await page.goBack();
    await expect(box).toHaveValue(/CX/);
  });

  test('a suggestion chosen with the pointer opens its listing', async ({ page }) => {
    const search = new SearchPage(page, BAYSIDE);
    await search.open('/search');
    await search.settled();
    await search.queryBox.pressSequentially('Maz', { delay: 40 });
    await search.suggestions.getByRole('option').first().click();
    await expect(page).toHaveURL(/\/search\/mazda/i);
  });
});

test.describe('recent searches through the UI', () => {
  test('cleared with their button', async ({ page }) => {
    const search = new SearchPage(page, BAYSIDE);
    await search.open('/search');
    await search.search('Mazda');
    await expect(search.recentSearches).toBeVisible();
    await search.recentSearches.getByRole('button', { name: 'Clear recent searches' }).click();
    await expect(search.recentSearches).toBeHidden();
  });

  for (const [method, outcome] of [
    ['getItem', 'a storage that cannot be read shows none, and the listing works'],
    ['setItem', 'a storage that refuses writes keeps the listing working'],
  ] as const) {
    test(outcome, async ({ page }) => {
      await refuseStorage(page, 'forecourt.search-history', method);
      const search = new SearchPage(page, BAYSIDE);
      await search.open('/search');
      await search.search('Mazda');
      await expect(page).toHaveURL(/query=Mazda/);
      await search.settled();
      await expect(search.cards.first()).toBeVisible();
      if (method === 'getItem') await expect(search.recentSearches).toBeHidden();
    });
  }
});

test.describe('car page controls through the UI', () => {
  test('a PDF that could not be made is asked for again; a lost reveal count still shows the number', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const car = await new VehicleFinder(request, BAYSIDE).carForSale(false);
    if (!car) throw new Error('no car for sale');
    const vehicle = new VehiclePage(page, BAYSIDE);
    await vehicle.open(`/cars/${car.car.slug}`);
    const dialogs = recordDialogs(page);
    await dropNextCall(page, '**/api/cars/*/pdf');
    await vehicle.pdfButton().click();
    await expect.poll(() => dialogs.length).toBe(1);
    const download = page.waitForEvent('download');
    await vehicle.pdfButton().click();
    expect((await download).suggestedFilename()).toBe(`${car.car.slug}.pdf`);

    await dropNextCall(page, '**/api/cars/phone-reveals');
    await vehicle.revealButton().click();
    await expect(vehicle.phoneLink()).toBeVisible();
  });
});

test.describe('a model’s listing opened from another page', () => {
  test('when the dealer’s list of makes and models cannot be fetched, the page says so and Try again opens the listing', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/Failed to load resource: net::ERR_CONNECTION_FAILED/);
    const home = new HomePage(page, BAYSIDE);
    await home.open('/');
    // The listing reads `/search/mazda/cx-5` against the dealer's makes and models, fetched on arrival.
    let dropped = 0;
    await page.route('**/search-api/**', async (route) => {
      const body = route.request().postData() ?? '';
      if (dropped > 0 || !/"hitsPerPage":0/.test(body) || !/"maxValuesPerFacet":1000/.test(body)) {
        return route.continue();
      }
      dropped += 1;
      await route.abort('connectionfailed');
    });
    const range = home.menuTrigger('Range ▾');
    await range.click();
    const menu = page.locator(`#${await range.getAttribute('aria-controls')}`);
    await menu.locator('a[href="/search/mazda/cx-5"]').first().click();
    await expect(page).toHaveURL(/\/search\/mazda\/cx-5$/);
    const failed = page.getByRole('alert').filter({ hasText: 'Sorry, this page could not be loaded' });
    await expect(failed).toBeVisible();
    expect(dropped).toBe(1);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Mazda CX-5 cars for sale/);
    await expect(failed).toHaveCount(0);
  });
});
