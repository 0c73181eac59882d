import { SearchPage } from './pages/search.page.ts';
import { SignInPage } from './pages/sign-in.page.ts';
import { carsInStock, WatchlistPage } from './pages/watchlist.page.ts';
import { dropNextCall, expect, freshEmail, recordDialogs, test } from './support/fixtures.ts';
import { goWithinApp } from './support/navigation.ts';
import { siteOrigin } from './support/server.ts';

/**
 * The branches of the search, car page and watchlist machines that the flow tests do not reach,
 * driven through the real page (issue 13 item 8; `npm run catalog` shows what each test covers).
 * Where a branch needs the server to fail, the browser's call is dropped once, as a lost connection
 * would; the server and store are real.
 */
const HARBOUR = 'harbour-auto-group';
const BAYSIDE = 'bayside-mazda';

test.describe('search machine through the UI', () => {
  test('a dropdown, a page, Clear filters, and an address that names no listing', async ({ page }) => {
    const search = new SearchPage(page, HARBOUR);
    await search.open('/search');
    const all = await search.resultCount();
    const dropdown = search.filters.locator('select').first();
    const option = await dropdown.locator('option').nth(1).getAttribute('value');
    if (!option) throw new Error('the first dropdown filter has no value');
    await dropdown.selectOption(option);
    await expect.poll(() => search.resultCount()).toBeLessThan(all);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => search.resultCount()).toBe(all);
    await search.settled();
    await search.pagination.getByRole('link', { name: /^(Page )?2$/ }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await search.settled();
    await goWithinApp(page, '/search/no-such-make-anywhere');
    await expect(search.heading).toHaveText(/not found/i);
  });
});

test.describe('car page machine through the UI', () => {
  test('a car that cannot be loaded offers a retry; an address that names no car is not found', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const search = new SearchPage(page, BAYSIDE);
    await search.open('/search');
    await dropNextCall(page, '**/api/cars/*');
    const card = search.cards.first().getByRole('link').first();
    await card.click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.getByRole('heading', { name: 'Sorry, this page could not be loaded' })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
      'Sorry, this page could not be loaded',
    );
    await goWithinApp(page, '/cars/no-such-car-anywhere-1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
  });
});

test.describe('watchlist machines through the UI', () => {
  test('a list that cannot be loaded loads after signing in; a refused remove puts the car back', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const [car] = await carsInStock(request, BAYSIDE, 1);
    if (!car) throw new Error('no car in stock');
    const watchlist = new WatchlistPage(page, BAYSIDE);
    const email = freshEmail('list-fault');
    await watchlist.signUpInBrowser(email, '0400 555 666');
    await page.context().clearCookies();
    await dropNextCall(page, '**/api/watchlist');
    await watchlist.open(`/cars/${car.slug}`);
    await watchlist.accountLink.click();
    const signIn = new SignInPage(page, BAYSIDE);
    await signIn.submitCredentials(email, 'correct horse battery');
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/cars/${car.slug}`);
    await expect(watchlist.accountLink).toHaveText('Your account');

    const save = watchlist.saveButton(car.name);
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    const dialogs = recordDialogs(page);
    await dropNextCall(page, '**/api/watchlist/remove-car');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => dialogs.length).toBe(1);
  });

  test('the watchlist page that cannot be loaded offers a retry', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.signUpInBrowser(freshEmail('page-fault'), '0400 555 777');
    await watchlist.open('/');
    await dropNextCall(page, '**/api/watchlist');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Watchlist' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry, this page could not be loaded' })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(watchlist.heading).toHaveText('Your watchlist');
  });
});
