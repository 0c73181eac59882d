import type { Page } from '@playwright/test';
import { SearchPage } from './pages/search.page.ts';
import { SignInPage } from './pages/sign-in.page.ts';
import { carsInStock, WatchlistPage } from './pages/watchlist.page.ts';
import {
  asOwnShopper,
  dropNextCall,
  expect,
  expectAccessible,
  freshEmail,
  recordDialogs,
  test,
} from './support/fixtures.ts';
import { E2E_PORT, nodeRequest, siteOrigin } from './support/server.ts';

/**
 * Watchlist, favourites, sign-in and gated routes (issue 6) in the browser against the real server.
 * Some tests seed cars as this browser's favourites (the local list the favourite button keeps) to
 * reach the watchlist page's save buttons directly; others use the search cards and the car page.
 * A refused save uses a car id the store does not have: the server answers 404 'Car not found'.
 */
const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';
const PASSWORD = 'correct horse battery';

// Each test is a shopper of its own address: the watchlist's per-address limit (60 changes, then one
// a second) is this shopper's alone, not shared with every other test of the run. Shared, a run that
// saves many cars in one minute can have a save refused (429) and rolled back mid-test: one CI run
// lost the second of three quick saves exactly so (2026-11-29).
test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

test.describe('watchlist', () => {
  test('an anonymous save goes to sign-in, and the shopper comes back to the page with the car saved', async ({
    page,
    request,
  }) => {
    const [car] = await carsInStock(request, BAYSIDE, 1);
    if (!car) throw new Error('no car in stock');
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.seedFavourites([car]);
    await watchlist.open('/watchlist');
    await expect(watchlist.heading).toHaveText('Your watchlist');
    await expectAccessible(page);
    await expect(watchlist.saveButton(car.name)).toBeEnabled();
    await watchlist.saveButton(car.name).click();

    const signIn = new SignInPage(page, BAYSIDE);
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist&redirect=%2Fwatchlist&back=%2Fwatchlist$/);
    await expect(signIn.heading).toHaveText('Sign in to use your watchlist');
    await expectAccessible(page);
    await signIn.signUp(freshEmail('anon'), PASSWORD, '0400 111 222');

    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/watchlist`);
    await expect(watchlist.favouriteSaveButton(car.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(watchlist.toasts).toHaveCount(1);
    await expect(watchlist.toasts).toContainText('Car Saved In Watchlist');
    await expect(watchlist.toasts).toContainText(`${car.name} is now available in your watchlist`);
    // Issue 31 item 21: the page lists the car the save made, without a reload, and after one.
    await expect(watchlist.savedCars).toHaveCount(1);
    await expect(watchlist.savedCars.first()).toContainText(car.name);
    await watchlist.open('/watchlist');
    await expect(watchlist.savedCars).toHaveCount(1);
    await expect(watchlist.savedCars.first()).toContainText(car.name);
  });

  test('a save the server refuses rolls back and alerts the message', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 404/);
    const missing = {
      id: 999_999_999,
      slug: 'no-such-car',
      name: 'Car That Was Never Stocked',
      price: 1,
      primary_image_url: null,
    };
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.signUpInBrowser(freshEmail('refused'), '0400 111 333');
    await watchlist.seedFavourites([missing]);
    await watchlist.open('/watchlist');
    const button = watchlist.saveButton(missing.name);
    await expect(button).toBeEnabled();
    const dialogs = recordDialogs(page);
    await button.click();
    await expect.poll(() => dialogs).toEqual([{ type: 'alert', message: 'Car not found' }]);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(watchlist.toasts).toHaveCount(0);
  });

  test('only one toast is visible at a time, and View List opens the watchlist', async ({
    page,
    request,
  }) => {
    const cars = await carsInStock(request, BAYSIDE, 3);
    expect(cars.length).toBe(3);
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.signUpInBrowser(freshEmail('toasts'), '0400 111 444');
    await watchlist.seedFavourites(cars);
    await watchlist.open('/watchlist');
    for (const car of cars) await expect(watchlist.favouriteSaveButton(car.name)).toBeEnabled();
    for (const car of cars) await watchlist.favouriteSaveButton(car.name).click();
    const last = cars.at(-1)?.name ?? '';
    await expect(watchlist.toasts).toContainText(`${last} is now available in your watchlist`);
    await expect(watchlist.toasts).toHaveCount(1);
    await watchlist.favouriteSaveButton(cars[0]?.name ?? '').click();
    await expect(watchlist.toasts).toContainText('Car Removed');
    await expect(watchlist.toasts).toHaveCount(1);
    await page.getByRole('button', { name: 'View List' }).click();
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/watchlist`);
    await watchlist.open('/watchlist');
    await expect(watchlist.savedCars).toHaveCount(2);
  });

  test('the page reads the list again after a save, and a read the network lost offers a retry', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const [first, second] = await carsInStock(request, BAYSIDE, 2);
    if (!first || !second) throw new Error('fewer than 2 cars in stock');
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.signUpInBrowser(freshEmail('rereads'), '0400 111 555');
    await watchlist.seedFavourites([first, second]);
    await watchlist.open('/watchlist');
    await expect(watchlist.savedCars).toHaveCount(0);

    await watchlist.favouriteSaveButton(first.name).click();
    await expect(watchlist.savedCars).toHaveCount(1);
    await expect(watchlist.savedCars.first()).toContainText(first.name);

    await dropNextCall(page, '**/api/watchlist');
    await watchlist.favouriteSaveButton(second.name).click();
    await expect(watchlist.heading).toHaveText('Sorry, this page could not be loaded');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(watchlist.heading).toHaveText('Your watchlist');
    await expect(watchlist.savedCars).toHaveCount(2);
  });

  test('a save that lands while the page’s first read is on its way makes the page read the list once more', async ({
    page,
    request,
  }) => {
    const [car] = await carsInStock(request, BAYSIDE, 1);
    if (!car) throw new Error('no car in stock');
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.signUpInBrowser(freshEmail('pending'), null);
    // A save asked for while signed out, as the Save button keeps it; with a phone on record now, the
    // app makes it when it next loads.
    const saved = await page.evaluate(
      async (ref) => {
        localStorage.setItem('forecourt:pending-save', JSON.stringify({ car: ref, at: Date.now() }));
        const phone = await fetch('/api/auth/phone', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone_number: '0400 111 666' }),
        });
        return phone.status;
      },
      { id: car.id, name: car.name },
    );
    expect(saved).toBe(200);
    const save = await holdNextCall(page, '**/api/watchlist/save-car');
    await watchlist.open('/');
    await save.requested;
    const read = await holdNextCall(page, '**/api/watchlist');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Watchlist' }).click();
    await read.requested;
    save.go();
    await expect(watchlist.toasts).toContainText(`${car.name} is now available in your watchlist`);
    read.go();
    await expect(watchlist.heading).toHaveText('Your watchlist');
    await expect(watchlist.savedCars).toHaveCount(1);
    await expect(watchlist.savedCars.first()).toContainText(car.name);
  });
});

/**
 * Holds the browser's next call matching `pattern` until `go()` (a slow network; the server stays
 * real), then lets it and every later call through. `requested` settles once the call is made.
 */
async function holdNextCall(
  page: Page,
  pattern: string,
): Promise<{ requested: Promise<void>; go: () => void }> {
  let go = () => {};
  const released = new Promise<void>((resolve) => {
    go = resolve;
  });
  let made = () => {};
  const requested = new Promise<void>((resolve) => {
    made = resolve;
  });
  let held = false;
  await page.route(pattern, async (route) => {
    if (held) return route.continue();
    held = true;
    made();
    await released;
    await route.continue();
  });
  return { requested, go };
}

test.describe('save buttons where shoppers browse, and the header', () => {
  test('a visitor’s favourite from a search card is still there after a reload, and on the watchlist page', async ({
    page,
  }) => {
    const search = new SearchPage(page, BAYSIDE);
    await search.open('/search');
    const card = search.cards
      .filter({ has: page.getByRole('button', { name: /^Add .+ to favourites$/ }) })
      .first();
    const carId = await card.getAttribute('data-car-id');
    const favourite = card.getByRole('button', { name: /^Add .+ to favourites$/ });
    const label = (await favourite.getAttribute('aria-label')) ?? '';
    const name = label.replace(/^Add (.+) to favourites$/, '$1');
    await expect(favourite).toBeEnabled();
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    const again = page
      .locator(`[data-testid="car-card"][data-car-id="${carId}"]`)
      .getByRole('button', { name: label });
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.open('/watchlist');
    await expect(watchlist.favourites.filter({ hasText: name })).toHaveCount(1);
  });

  test('a signed-in shopper saves from the car page and sees the toast', async ({ page, request }) => {
    const [car] = await carsInStock(request, BAYSIDE, 1);
    if (!car) throw new Error('no car in stock');
    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.signUpInBrowser(freshEmail('car-page'), '0400 111 555');
    await watchlist.open(`/cars/${car.slug}`);
    await expect(watchlist.accountLink).toHaveText('Your account');
    const save = page
      .getByTestId('vehicle-save')
      .getByRole('button', { name: `Save ${car.name} to watchlist` });
    await expect(save).toBeEnabled();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(watchlist.toasts).toHaveCount(1);
    await expect(watchlist.toasts).toContainText('Car Saved In Watchlist');
    await expect(watchlist.toasts).toContainText(`${car.name} is now available in your watchlist`);
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await watchlist.open(`/cars/${car.slug}`);
    await expect(save).toHaveAttribute('aria-pressed', 'true');
  });

  test('the header’s Sign in link goes to sign-in and back, by keyboard; after signing in it says Your account', async ({
    page,
    request,
  }) => {
    const [car] = await carsInStock(request, BAYSIDE, 1);
    if (!car) throw new Error('no car in stock');
    const here = `/cars/${car.slug}`;
    const watchlist = new WatchlistPage(page, BAYSIDE);
    const signIn = new SignInPage(page, BAYSIDE);
    await watchlist.open(here);
    await expect(watchlist.accountLink).toHaveText('Sign in');
    await expectAccessible(page);
    await watchlist.accountLink.focus();
    await page.keyboard.press('Enter');
    const encoded = encodeURIComponent(here);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/sign-in?redirect=${encoded}&back=${encoded}`);
    await expect(signIn.backLink).toHaveAttribute('href', here);
    await signIn.backLink.click();
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}${here}`);

    await watchlist.accountLink.click();
    await signIn.signUp(freshEmail('header'), PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}${here}`);
    await expect(watchlist.accountLink).toHaveText('Your account');
    await watchlist.open(here);
    await expect(watchlist.accountLink).toHaveText('Your account');
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Watchlist' }),
    ).toHaveAttribute('href', '/watchlist');
  });
});

test.describe('gated routes (personalised flow)', () => {
  test('an anonymous visitor to harbour-auto-group’s finance route (/apply-for-finance) is sent to sign-in: a first load answers 302', async ({
    page,
    request,
  }) => {
    const host = `${HARBOUR}.localhost:${E2E_PORT}`;
    const firstLoad = await request.get(nodeRequest(host, '/apply-for-finance').url, {
      headers: { host },
      maxRedirects: 0,
    });
    expect(firstLoad.status()).toBe(302);
    expect(firstLoad.headers().location).toBe('/sign-in?type=finance&redirect=%2Fapply-for-finance&back=%2F');

    const signIn = new SignInPage(page, HARBOUR);
    await page.goto(`${siteOrigin(HARBOUR)}/apply-for-finance`);
    await expect(page).toHaveURL(
      `${siteOrigin(HARBOUR)}/sign-in?type=finance&redirect=%2Fapply-for-finance&back=%2F`,
    );
    await expect(signIn.heading).toHaveText('Sign in to apply for finance');
    await expectAccessible(page);
    await signIn.signUp(freshEmail('gate'), PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(HARBOUR)}/apply-for-finance`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for finance');
  });

  test('a car checkout sends anonymous visitors to sign-in with back to the car; back returns without signing in', async ({
    page,
  }) => {
    const signIn = new SignInPage(page, HARBOUR);
    await page.goto(`${siteOrigin(HARBOUR)}/cars/some-car/checkout`);
    await expect(page).toHaveURL(
      /\/sign-in\?type=checkout&redirect=%2Fcars%2Fsome-car%2Fcheckout&back=%2Fcars%2Fsome-car$/,
    );
    await expect(signIn.backLink).toHaveAttribute('href', '/cars/some-car');
  });

  test('trade-in is never gated, and a dealer without the personalised flow gates nobody', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 404/);
    await page.goto(`${siteOrigin(HARBOUR)}/sell-my-car`);
    await expect(page).toHaveURL(`${siteOrigin(HARBOUR)}/sell-my-car`);
    await page.goto(`${siteOrigin(BAYSIDE)}/finance`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/finance`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for finance');
  });

  test('sign-in never follows a redirect to another site', async ({ page }) => {
    const signIn = new SignInPage(page, BAYSIDE);
    await signIn.open('/sign-in?redirect=%2F%2Fevil.example%2Fsteal&back=https%3A%2F%2Fevil.example');
    await expect(signIn.backLink).toHaveAttribute('href', '/');
    await signIn.signUp(freshEmail('redirect'), PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/`);
  });
});
