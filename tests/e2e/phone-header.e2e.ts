import { HomePage } from './pages/home.page.ts';
import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * Phones first (issue 37 item 1): on a phone the header is one compact row with "Call" and a "Menu"
 * button whose sheet holds the same links, by touch and by keyboard; a car page keeps its price, Call
 * and Enquire in a bar at the foot of the screen; on a desktop the sidebar's actions stay in view.
 */
const HARBOUR = 'harbour-auto-group';
const BAYSIDE = 'bayside-mazda';

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('the header is one compact row; the menu sheet opens by keyboard, closes on Escape back onto its button, and its links work by touch', async ({
    page,
  }) => {
    const home = new HomePage(page, BAYSIDE);
    await home.open('/');
    const header = page.getByRole('banner');
    const box = await header.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(64);
    await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\d+$/);
    await expect(home.mainNav).toBeHidden();

    const menu = header.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(sheet.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.tap();
    await sheet.getByText('Stock', { exact: true }).tap();
    await sheet.getByRole('link', { name: 'All stock' }).tap();
    await expect(page).toHaveURL(/\/search/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a car page: the bar at the foot of the screen shows the price, Call reveals the number, Enquire puts the cursor in the form', async ({
    page,
    request,
  }) => {
    const answer = await new VehicleFinder(request, HARBOUR).carForSale(true);
    if (!answer) throw new Error('no car for sale');
    const vehicle = new VehiclePage(page, HARBOUR);
    await vehicle.open(`/cars/${answer.car.slug}`);
    const bar = page.getByTestId('phone-action-bar');
    await expect(bar).toBeInViewport();
    const price = (await vehicle.price.locator('span').first().textContent())?.trim() ?? '';
    await expect(bar).toContainText(price);

    await bar.getByRole('button', { name: 'Call' }).tap();
    await expect(bar.getByTestId('bar-phone')).toHaveAttribute('href', /^tel:/);
    await expect(vehicle.phoneLink()).toHaveAttribute('href', /^tel:/);

    await bar.getByRole('button', { name: 'Enquire' }).tap();
    const form = page.getByTestId('enquiry-form');
    await expect(form.getByRole('textbox').first()).toBeFocused();
    await expect(form).toBeInViewport();
    // Scrolled to the foot of the page, the bar still sits above the footer rather than over it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const barBox = await bar.boundingBox();
    const footerBox = await page.locator('footer').first().boundingBox();
    expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual((footerBox?.y ?? 0) + 1);
    await expectAccessible(page);
  });
});

test('on a desktop the car page has no bar, and the phone and actions stay in view as the page scrolls', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const answer = await new VehicleFinder(request, HARBOUR).carForSale(true);
  if (!answer) throw new Error('no car for sale');
  const vehicle = new VehiclePage(page, HARBOUR);
  await vehicle.open(`/cars/${answer.car.slug}`);
  await expect(page.getByTestId('phone-action-bar')).toBeHidden();
  await page.getByTestId('enquiry-form').scrollIntoViewIfNeeded();
  await expect(vehicle.sidebarAction('enquire')).toBeInViewport();
  await expect(vehicle.phoneBox).toBeInViewport();
});
