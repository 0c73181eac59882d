import { SearchPage } from './pages/search.page.ts';
import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * The full-screen photo viewer (issue 37 item 6): opened from a car page's photos, its own address
 * (`?photo=N`) following the photo on screen, Back and Escape closing it, arrows, Home/End, swipe and
 * double-click zoom; and each listing card's photo count. Every dealer shows it alike, so one dealer
 * runs it (the car page's per-dealer smoke is `vehicle.e2e.ts`).
 */
const DEALER = 'harbour-auto-group';

/** A car with at least three photos, and how many. */
async function carWithPhotos(finder: VehicleFinder): Promise<{ slug: string; count: number }> {
  const hits = (await finder.hits('', 100)) as unknown as { slug: string; image_count: number }[];
  const hit = hits.find((candidate) => candidate.image_count >= 3);
  if (!hit) throw new Error(`${DEALER}: no car with three photos`);
  return { slug: hit.slug, count: hit.image_count };
}

test('a car page opens its photos full screen, with an address of their own that Back and Escape close', async ({
  page,
  request,
}) => {
  const { slug, count } = await carWithPhotos(new VehicleFinder(request, DEALER));
  const vehicle = new VehiclePage(page, DEALER);
  const path = `/cars/${slug}`;
  await vehicle.open(path);
  const viewer = page.getByRole('dialog');
  const mainPhoto = page.getByRole('button', { name: `View photo 1 of ${count} full screen` });

  await mainPhoto.click();
  await expect(viewer).toHaveAccessibleName(`Photo 1 of ${count}`);
  await expect(page).toHaveURL(new RegExp(`${path}\\?photo=1$`));
  await expect(viewer.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
  await expectAccessible(page);

  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAccessibleName(`Photo 2 of ${count}`);
  await expect(page).toHaveURL(/\?photo=2$/);
  await page.keyboard.press('End');
  await expect(viewer).toHaveAccessibleName(`Photo ${count} of ${count}`);
  await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  await page.keyboard.press('Home');
  await expect(viewer).toHaveAccessibleName(`Photo 1 of ${count}`);

  // A swipe to the left shows the next photo.
  const stage = viewer.getByTestId('photo-viewer-stage');
  const box = await stage.boundingBox();
  if (!box) throw new Error('the viewer has no stage');
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const swipe = async (dx: number) => {
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + dx / 2, middle.y, { steps: 3 });
    await page.mouse.move(middle.x + dx, middle.y, { steps: 3 });
    await page.mouse.up();
  };
  await swipe(-150);
  await expect(viewer).toHaveAccessibleName(`Photo 2 of ${count}`);
  await expect(page).toHaveURL(/\?photo=2$/);

  // A double click zooms in; a stroke then moves the photo rather than changing it.
  const zoom = viewer.getByRole('button', { name: 'Zoom' });
  await page.mouse.dblclick(middle.x, middle.y);
  await expect(zoom).toHaveAttribute('aria-pressed', 'true');
  await swipe(-150);
  await expect(viewer).toHaveAccessibleName(`Photo 2 of ${count}`);
  await zoom.click();
  await expect(zoom).toHaveAttribute('aria-pressed', 'false');

  // Back closes the viewer, and the page is where it was.
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(vehicle.heading).toBeVisible();

  // A strip photo opens the viewer on itself; Escape closes it and gives the focus back.
  const second = page.getByRole('button', { name: `View photo 2 of ${count} full screen` });
  await second.click();
  await expect(viewer).toHaveAccessibleName(`Photo 2 of ${count}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(second).toBeFocused();
});

test('an address that names a photo opens the car page on it, and closing stays on the page', async ({
  page,
  request,
}) => {
  const { slug, count } = await carWithPhotos(new VehicleFinder(request, DEALER));
  const vehicle = new VehiclePage(page, DEALER);
  const path = `/cars/${slug}`;
  const response = await vehicle.open(`${path}?photo=3`);
  expect(response?.status()).toBe(200);
  expect((await response?.text()) ?? '').toContain('<h1 id="vehicle-title"');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName(`Photo 3 of ${count}`);
  await viewer.getByRole('button', { name: 'Close photos' }).click();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(vehicle.heading).toBeVisible();

  // A photo the car does not have opens nothing.
  await vehicle.open(`${path}?photo=${count + 1}`);
  await expect(vehicle.heading).toBeVisible();
  await expect(viewer).toHaveCount(0);
});

test('listing cards say how many photos each car has', async ({ page }) => {
  const search = new SearchPage(page, DEALER);
  await search.open('/search');
  const counts = search.cards.getByTestId('photo-count');
  await expect(counts.first()).toBeVisible();
  await expect(counts.first()).toHaveText(/^📷 (\d+)\1 photos?$/);
});
