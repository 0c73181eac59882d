import type { Car } from '../../domain/car.ts';
import { isReservable } from '../../domain/vehicle-actions.ts';
import { LocationsPage } from './pages/locations.page.ts';
import { ShellPage } from './pages/shell.page.ts';
import { VehicleFinder } from './pages/vehicle.page.ts';
import { pressToTheEnd } from './support/carousel.ts';
import { asOwnShopper, expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * Issue 31 item 11 (the spec's Locations page) and the dealer-content points of item 21, in the
 * browser against the real server: the locations carousel above the grid, the Holiday Opening Hours
 * dialog, "nearest to my postcode" after a refused postcode, the review stars, and the finance
 * calculator's refusals.
 */
test.describe('the locations page (locations-forms-tradein-site.md §2)', () => {
  test('on a phone: a carousel of location cards with a swipe hint above the filterable grid; its arrows stop at the ends', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const locations = new LocationsPage(page, 'harbour-auto-group');
    await locations.open('/dealerships');
    const count = await locations.cards.count();
    expect(count).toBeGreaterThan(3);
    await expect(locations.slides).toHaveCount(count);
    // Above the grid.
    const carouselBox = await locations.carousel.boundingBox();
    const gridBox = await locations.cards.first().boundingBox();
    expect((carouselBox?.y ?? 0) + (carouselBox?.height ?? 0)).toBeLessThanOrEqual(gridBox?.y ?? 0);
    await expect(locations.previous).toBeDisabled();
    await expect(locations.next).toBeEnabled();
    await expect(locations.swipeHint).toBeVisible();
    await locations.next.click();
    await expect(locations.previous).toBeEnabled();
    await expect(locations.swipeHint).toBeHidden();
    // On to the end, one press at a time.
    await pressToTheEnd(locations.carousel, locations.next);
    await expect(locations.slides.last()).toBeInViewport();
    // The grid's filter leaves the carousel as it is.
    await locations.show('Service');
    await expect(locations.slides).toHaveCount(count);
    expect(await locations.cards.count()).toBeLessThan(count);
    await expectAccessible(page);
  });

  test('the special hours open in the Holiday Opening Hours dialog, which hands focus back when it closes', async ({
    page,
  }) => {
    const locations = new LocationsPage(page, 'bayside-mazda');
    await locations.open('/dealerships');
    const button = locations.holidayButton();
    await button.click();
    const dialog = locations.holidayDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row').first()).toContainText(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3}/,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('nearest to my postcode: a refused postcode drops the last distances; 0000 is "Invalid postcode"', async ({
    page,
    consoleWatch,
  }) => {
    // The unknown postcode's refusal (422) is the answer this test asks for.
    consoleWatch.allow(/status of 422/);
    const locations = new LocationsPage(page, 'harbour-auto-group');
    await locations.open('/dealerships');
    await locations.findNearest('2000');
    await expect(locations.distances.first()).toContainText('km away');
    await locations.findNearest('12');
    await expect(locations.finderAlert).toHaveText('Invalid postcode. Please enter a 4-digit number.');
    await expect(locations.distances).toHaveCount(0);
    await locations.findNearest('2000');
    await expect(locations.distances.first()).toContainText('km away');
    await locations.findNearest('0000');
    await expect(locations.finderAlert).toHaveText('Invalid postcode');
    await expect(locations.distances).toHaveCount(0);
  });
});

test('the reviews’ average stars sit in one row beside the average', async ({ page }) => {
  const shell = new ShellPage(page, 'harbour-auto-group');
  await shell.open('/reviews');
  const stars = page.getByRole('img', { name: 'Rated 4.7 out of 5' }).locator('svg');
  await expect(stars).toHaveCount(5);
  const tops = await stars.evaluateAll((svgs) =>
    svgs.map((svg) => Math.round(svg.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  const lefts = await stars.evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().left));
  expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
});

test('the finance calculator refuses a price in words and a balloon above the price, and sends no $0 figure', async ({
  page,
}) => {
  await asOwnShopper(page);
  const shell = new ShellPage(page, 'bayside-mazda');
  await shell.open('/finance');
  const calculator = page.getByTestId('finance-calculator');
  const weekly = page.getByTestId('finance-weekly');
  await expect(weekly).toHaveText(/^\$\d{1,3}(,\d{3})* per week$/);
  await calculator.getByLabel('Vehicle price ($)').fill('thirty grand');
  await expect(calculator.getByText('Please enter the vehicle price in whole dollars.')).toBeVisible();
  await expect(weekly).toHaveText('Check the figures above to see your weekly repayment.');
  await expect(calculator.getByLabel('Vehicle price ($)')).toHaveValue('thirty grand');
  await calculator.getByLabel('Vehicle price ($)').fill('30,000');
  await expect(weekly).toHaveText(/^\$\d{1,3} per week$/);
  await calculator.getByLabel('Balloon ($)').fill('45000');
  await expect(
    calculator.getByText('Please enter a balloon in whole dollars, less than the amount you borrow.'),
  ).toBeVisible();
  await expect(calculator.getByLabel('Balloon ($)')).toHaveValue('45000');
  await expectAccessible(page);

  const form = page.locator('#finance-form');
  await form.getByLabel('Name', { exact: true }).fill('Sam Shopper');
  await form.getByLabel('Email', { exact: true }).fill('sam@example.com');
  await form.getByLabel('Phone', { exact: true }).fill('0400 111 222');
  await form.getByLabel('Postcode', { exact: true }).fill('4000');
  await form.getByLabel('Vehicle price budget ($)').fill('30000');
  await form.getByLabel('Employment status').selectOption('Full time');
  const lead = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Apply for pre-approval' }).click();
  const sent = (await lead).postDataJSON() as { userData: Record<string, unknown> };
  expect(sent.userData).not.toHaveProperty('weekly_repayment');
  expect(sent.userData).not.toHaveProperty('finance_balloon');
});

test('Metro: a used car’s Reserve Online holds it at /buy-online; the sidebar’s Buy Online is the checkout journey', async ({
  page,
  request,
}) => {
  const finder = new VehicleFinder(request, 'metro-used');
  let car: Car | null = null;
  for (const hit of await finder.hits('status:in_stock AND car_type:used', 40)) {
    const answer = await finder.vehicle(hit.slug);
    if (isReservable(answer.car as Car)) {
      car = answer.car as Car;
      break;
    }
  }
  if (!car) throw new Error('metro-used has no reservable used car');
  const shell = new ShellPage(page, 'metro-used');
  await shell.open(`/cars/${car.slug}`);
  await expect(page.locator('[data-action="reserve"]')).toHaveAttribute(
    'href',
    `/checkout-journey?car_id=${car.slug}`,
  );
  await page.getByRole('link', { name: /^Reserve this car for \$\d+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}/buy-online$`));
  await expect(page).toHaveTitle(`Reserve the ${car.name} | Metro Used Cars`);
});
