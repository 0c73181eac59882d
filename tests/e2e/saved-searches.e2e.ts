import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WatchlistPage } from './pages/watchlist.page.ts';
import { expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { emailedAlert } from './support/mailbox.ts';
import { demoSites, E2E_DATA_DIR, E2E_PORT } from './support/server.ts';

/**
 * Saved searches with alerts (issue 19 item 2), per demo dealer, in the browser against the real
 * server: save a listing of cars up to a price from its "Save search"; a cheaper car and a dearer one
 * arrive through the admin stock import; the alert of the cheaper one arrives at the tests' SMTP
 * server; its unsubscribe link, opened in a browser that is not signed in, stops the emails.
 */
const adminToken = (): string =>
  (JSON.parse(readFileSync(join(E2E_DATA_DIR, 'secrets.json'), 'utf8')) as { adminToken: string }).adminToken;

async function importCars(slug: string, records: Record<string, unknown>[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORT}/api/admin/stock-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: slug, records }),
  });
  if (response.status !== 200)
    throw new Error(`stock import answered ${response.status}: ${await response.text()}`);
}

/**
 * A new car for the dealer's first dealership, like the rest of its stock but listed last (the
 * oldest), so the other tests running on this server meet the listing as they expect it.
 */
function stockCar(id: number, site: (typeof demoSites)[number], price: number): Record<string, unknown> {
  return {
    id,
    slug: `forecourt-alert-${id}`,
    name: `2026 Forecourt Alert ${id}`,
    year: 2026,
    make: 'Mazda',
    model: 'CX-5',
    car_type: 'new',
    status: 'in_stock',
    price,
    km: 10,
    stocknum: `A${id}`,
    dealership_slug: site.dealerships[0]?.slug,
    created_at: '2020-01-01T00:00:00.000Z',
    primary_image_url: '/media/vehicles/suv-white.svg',
    images: ['/media/vehicles/suv-white.svg'],
  };
}

for (const site of demoSites) {
  test(`${site.slug}: save a listing, a cheaper matching car arrives, its alert is emailed and unsubscribes`, async ({
    page,
  }) => {
    const email = freshEmail(`alerts-${site.slug}`);
    const shopper = new WatchlistPage(page, site.slug);
    await shopper.signUpInBrowser(email, null);

    // The listing of cars up to $40,000, saved from its "Save search".
    const listing = `${site.search.path}?range%5Bprice%5D=%3A40000`;
    await shopper.open(listing);
    await page.getByTestId('save-search').click();
    await expect(page).toHaveURL(/\/saved-searches\?save=/);
    await expect(page.getByRole('heading', { name: 'Save this search' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Name').fill('Up to $40,000');
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByRole('status')).toHaveText('Search saved: Up to $40,000');
    const saved = page.getByTestId('saved-search');
    await expect(saved).toHaveCount(1);
    await saved.getByRole('link', { name: 'Up to $40,000' }).click();
    await expect(page).toHaveURL(
      new RegExp(`${site.search.path}\\?range(%5B|\\[)price(%5D|\\])=(%3A|:)40000$`),
    );

    // A cheaper car and a dearer one arrive: only the one the search matches is emailed.
    const id = 1_900_000_000 + Math.floor(Math.random() * 99_000_000);
    await importCars(site.slug, [stockCar(id, site, 29_990), stockCar(id + 1, site, 59_990)]);
    const alert = await emailedAlert(email);
    expect(alert).toContain(`2026 Forecourt Alert ${id}: new, $29,990`);
    expect(alert).toContain(`/cars/forecourt-alert-${id}`);
    expect(alert).not.toContain(`Forecourt Alert ${id + 1}`);

    const unsubscribe = alert.match(/https?:\/\/\S+\/saved-searches\/unsubscribe\?token=\S+/)?.[0];
    if (!unsubscribe) throw new Error('no unsubscribe link');
    const link = new URL(unsubscribe);
    await page.context().clearCookies();
    await shopper.open(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Stop these emails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('“Up to $40,000”');
    await expectAccessible(page);
  });
}
