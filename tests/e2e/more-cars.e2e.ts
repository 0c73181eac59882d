import type { Page } from '@playwright/test';
import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * More cars on a car page (issue 37 item 7): similar cars (the same body type in the price band, then
 * the same make) and the cars this browser viewed lately, both loaded when the shopper scrolls near
 * them. On a dealer of many makes, so "similar" is more than "every car of the dealer".
 */
const METRO = 'metro-used';

interface StockRecord {
  id: number;
  slug: string;
  name: string;
  make: string;
  body: string | null;
  status: string;
}

/** Scrolls to the foot of a car page once it shows the car, where the sections load. */
async function scrollToFoot(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await page.getByRole('heading', { level: 1 }).focus();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

test('a car page shows similar cars of its body type or make; opening one lists the first as recently viewed, here and on the home page, until cleared', async ({
  page,
  request,
}) => {
  const finder = new VehicleFinder(request, METRO);
  const answer = await finder.carForSale(false);
  if (!answer) throw new Error('no car for sale');
  const records = (await finder.hits('status:in_stock', 200)) as unknown as StockRecord[];
  const first = records.find((record) => record.id === answer.car.id);
  if (!first) throw new Error('the car is not in the search');

  const vehicle = new VehiclePage(page, METRO);
  await vehicle.open(`/cars/${first.slug}`);
  await expect(page.getByRole('heading', { name: 'Similar cars' })).toHaveCount(0);
  await scrollToFoot(page, first.name);
  const similar = page.getByRole('region', { name: 'Similar cars' });
  await expect(similar).toBeVisible();
  const ids = await similar
    .getByTestId('car-card')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-car-id'))));
  expect(ids.length).toBeGreaterThan(0);
  expect(ids).not.toContain(first.id);
  for (const id of ids) {
    const car = records.find((record) => record.id === id);
    expect(car, `similar car ${id} is in stock`).toBeDefined();
    expect(car?.body === first.body || car?.make === first.make, `car ${id} shares body or make`).toBe(true);
  }
  await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
  await expectAccessible(page);

  const second = records.find((record) => record.id === ids[0]);
  if (!second) throw new Error('the similar car is not in the search');
  await similar.getByTestId('car-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/cars/${second.slug}$`));
  await scrollToFoot(page, second.name);
  const recent = page.getByRole('region', { name: 'Recently viewed' });
  await expect(recent.getByTestId('car-card')).toHaveCount(1);
  await expect(recent.getByTestId('car-card').first()).toHaveAttribute('data-car-id', String(first.id));

  await vehicle.open('/');
  await page.getByRole('heading', { name: 'Find us' }).scrollIntoViewIfNeeded();
  const cards = page.getByRole('region', { name: 'Recently viewed' }).getByTestId('car-card');
  await expect(cards).toHaveCount(2);
  expect(await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-car-id')))).toEqual([
    String(second.id),
    String(first.id),
  ]);

  await vehicle.open(`/cars/${second.slug}`);
  await scrollToFoot(page, second.name);
  await expect(recent.getByTestId('car-card').first()).toHaveAttribute('data-car-id', String(first.id));
  await recent.getByRole('button', { name: 'Clear' }).click();
  await expect(recent).toHaveCount(0);
  await page.reload();
  await scrollToFoot(page, second.name);
  await expect(page.getByRole('region', { name: 'Similar cars' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
});

test('the recently viewed list survives what a shopper could have stored by hand', async ({
  page,
  request,
}) => {
  const answer = await new VehicleFinder(request, METRO).carForSale(false);
  if (!answer) throw new Error('no car for sale');
  await page.addInitScript(() => localStorage.setItem('forecourt:recently-viewed', '{not json'));
  const vehicle = new VehiclePage(page, METRO);
  await vehicle.open(`/cars/${answer.car.slug}`);
  await scrollToFoot(page, answer.car.name);
  await expect(page.getByRole('region', { name: 'Similar cars' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
  const stored = await page.evaluate(() => localStorage.getItem('forecourt:recently-viewed'));
  expect(JSON.parse(stored ?? 'null')).toEqual([answer.car.id]);
});
