import { loadTenantBrands } from '../../server/tenants/brand.ts';
import { HomePage } from './pages/home.page.ts';
import { pressToTheEnd } from './support/carousel.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/** The demo dealers' brands from their folders: two have a logo, two show their name (issue 35 item 5). */
const brands = loadTenantBrands(demoSites);

demoSites.forEach((site, index) => {
  // The home page and the keyboard walk to the dealer's own stock listing on every dealer; a click
  // on a dropdown and the 404 page, which the dealer does not change, on one each (issue 32 item 11).
  const on = (n: number) => index === n % demoSites.length;
  test.describe(`${site.name} (${site.slug})`, () => {
    test('the home page arrives server-rendered, in the dealer theme, and hydrates without fetching again', async ({
      page,
    }) => {
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) dataRequests.push(request.url());
      });
      const home = new HomePage(page, site.slug);
      const response = await home.open('/');
      expect(response?.status()).toBe(200);
      const served = (await response?.text()) ?? '';
      expect(served).toContain(`<h1`);
      expect(served).toContain(site.tagline);
      await expect(home.heading).toHaveText(site.name);
      await expect(page).toHaveTitle(new RegExp(site.name));
      expect(await home.theme()).toBe(site.slug);
      await expect(home.locationCards).toHaveCount(site.locations.filter((l) => l.visible).length);
      await expect(home.footer).toContainText(site.address.street);
      // The header's home link is the dealer's logo, loaded and named by the dealer, or its name.
      const homeLink = page.getByRole('banner').getByRole('link', { name: site.name, exact: true });
      const logo = homeLink.getByRole('img', { name: site.name });
      if (brands.get(site.slug)?.logo) {
        await expect(logo).toHaveJSProperty('complete', true);
        expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      } else {
        await expect(homeLink).toHaveText(site.name);
        await expect(logo).toHaveCount(0);
      }
      // The page's data came with it. The featured cars' save buttons read the shopper's own list
      // (`/api/watchlist`, once per visit, as on every page with cars): that is not the page's data.
      expect(dataRequests.filter((url) => new URL(url).pathname !== '/api/watchlist')).toEqual([]);
      await expectAccessible(page);
    });

    if (on(1))
      test('header dropdowns open on click and close on navigation', async ({ page }) => {
        const home = new HomePage(page, site.slug);
        await home.open('/');
        await home.menuTrigger('Service & Parts ▾').click();
        const warranty = home.menuLink('Warranty');
        await expect(warranty).toBeVisible();
        await expectAccessible(page);
        await warranty.click();
        await expect(page).toHaveURL(/\/warranty$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warranty');
        await expect(home.menuLink('Warranty')).toBeHidden();
        await home.menuLink('Home').click();
        await expect(home.heading).toHaveText(site.name);
      });

    test('header dropdowns work by keyboard: Enter opens, Escape closes back onto the button, a click outside closes; a link leaves focus on the new page’s heading', async ({
      page,
    }) => {
      const home = new HomePage(page, site.slug);
      await home.open('/');
      const stock = home.menuTrigger('Stock ▾');
      await stock.focus();
      await expect(stock).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(stock).toHaveAttribute('aria-expanded', 'true');
      // The first link of the menu: all of the dealer's stock (its link map's listing).
      const allStock = home.menuLink('All stock');
      await expect(allStock).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(allStock).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(allStock).toBeHidden();
      await expect(stock).toBeFocused();
      await stock.click();
      await expect(allStock).toBeVisible();
      await home.heading.click();
      await expect(allStock).toBeHidden();
      await stock.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const listing = site.links.all_stock ?? '/search/new-used-and-demo-cars';
      await expect(page).toHaveURL(new RegExp(`${listing}$`));
      // The menu went away with the navigation: focus lands on the new page's heading.
      await expect(home.heading).toBeFocused();
    });

    if (on(2))
      test('an unknown path is a 404 page inside the dealer site', async ({ page, consoleWatch }) => {
        consoleWatch.allow(/status of 404/);
        const home = new HomePage(page, site.slug);
        const response = await home.open('/no-such-page');
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        await expect(page).toHaveTitle(`Page not found | ${site.name}`);
        await expect(home.header).toContainText(site.name);
        await expectAccessible(page);
      });
  });
});

test('Bayside’s Range is a mega-menu of its models by body type; a body type opens the range filtered to it', async ({
  page,
}) => {
  const home = new HomePage(page, 'bayside-mazda');
  await home.open('/');
  const range = home.menuTrigger('Range ▾');
  await range.focus();
  await page.keyboard.press('Enter');
  await expect(range).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await range.getAttribute('aria-controls')}`);
  // The body types in the range's order (suvs, utes, cars, hybrids, sports), each with its models.
  const groups = await menu
    .getByRole('list')
    .evaluateAll((lists) => lists.map((list) => list.getAttribute('aria-label')));
  const order = ['SUVs', 'Utes', 'Cars', 'Hybrids', 'Sports'];
  expect(groups.length).toBeGreaterThan(1);
  expect(groups).toEqual(order.filter((category) => groups.includes(category)));
  await expect(menu.getByRole('list', { name: 'SUVs' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/search\/mazda\//,
  );
  await expect(menu.getByRole('link', { name: 'Models Overview' })).toHaveAttribute('href', '/models');
  await expectAccessible(page);
  await menu.getByRole('link', { name: 'SUVs', exact: true }).click();
  await expect(page).toHaveURL(/\/models\?body=suvs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our range: SUVs');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['SUVs']);
  // From the range page itself, the menu's next body type is a new page too.
  // The header is rebuilt with each page (its menu has a new id): find the open menu again.
  await range.click();
  const again = page.locator(`#${await range.getAttribute('aria-controls')}`);
  await again.getByRole('link', { name: 'Utes', exact: true }).click();
  await expect(page).toHaveURL(/\/models\?body=utes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our range: Utes');
  // The menu closed with the navigation.
  await expect(range).toHaveAttribute('aria-expanded', 'false');
});

test.describe('the locations carousel', () => {
  test('on a phone: previous is disabled at the start with a swipe hint; next walks to the end, where it is disabled, and previous back; a swipe moves it too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const home = new HomePage(page, 'harbour-auto-group');
    await home.open('/');
    const carousel = page.getByRole('region', { name: 'Our locations' });
    const previous = carousel.getByRole('button', { name: 'Previous location' });
    const next = carousel.getByRole('button', { name: 'Next location' });
    const hint = carousel.getByText('Swipe to see more locations');
    const count = await home.locationCards.count();
    expect(count).toBeGreaterThan(3);
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(hint).toBeVisible();
    await next.click();
    await expect(previous).toBeEnabled();
    await expect(hint).toBeHidden();
    // On to the end, one press at a time.
    await pressToTheEnd(carousel, next);
    // The last card is in view.
    await expect(home.locationCards.last()).toBeInViewport();
    // Previous walks back one card a press: from the end, then from between.
    await previous.click();
    await expect(next).toBeEnabled();
    await expect(home.locationCards.nth(count - 2)).toBeInViewport();
    await previous.click();
    await expect(home.locationCards.nth(count - 3)).toBeInViewport();
    // A swipe back to the start (the track scrolled by hand) disables previous again.
    await carousel
      .getByTestId('carousel-track')
      .evaluate((track) => track.scrollTo({ left: 0, behavior: 'instant' }));
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expectAccessible(page);
  });

  test('on a wide screen three locations fit: neither arrow works and there is no hint', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const home = new HomePage(page, 'bayside-mazda');
    await home.open('/');
    const carousel = page.getByRole('region', { name: 'Our locations' });
    await expect(home.locationCards).toHaveCount(3);
    await expect(carousel.getByRole('button', { name: 'Previous location' })).toBeDisabled();
    await expect(carousel.getByRole('button', { name: 'Next location' })).toBeDisabled();
    await expect(carousel.getByText('Swipe to see more locations')).toBeHidden();
  });
});
