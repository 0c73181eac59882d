import { SearchPage } from './pages/search.page.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * Deal signals on cards (issue 37 item 4, decision 130), in the browser against the real server: on a
 * dealer with the switch on, a price-dropped car's card shows its drop, a card shows a price rating
 * whose rule shows on focus and on hover (Escape hides it), and every card says how long the car has been listed; on a
 * dealer with the switch off, no card shows any of them.
 */
test.describe('deal signals on cards (issue 37 item 4)', () => {
  test('Harbour Auto Group (switch on): the drop, a rating with its rule, days listed', async ({ page }) => {
    const search = new SearchPage(page, 'harbour-auto-group');
    await search.open('/search?sortBy=cars_price_drop');
    await search.settled();
    // Sorted by the most recent drops: the first card's car has just dropped its price.
    const first = search.cards.first();
    const drop = first.getByTestId('card-price-drop');
    await expect(drop).toBeVisible();
    await expect(drop).toContainText(/^↓ \$[\d,]+/);
    await expect(drop.getByText(/^Price dropped \$[\d,]+$/)).toHaveCount(1);
    await expect(first.getByTestId('days-listed')).toHaveText(/^(New today|Listed \d[\d,]* days? ago)$/);

    const chip = search.results.getByTestId('price-rating').first();
    await expect(chip).toHaveText(/^(Great|Good|Fair|High) price$/);
    const rule = chip.locator('xpath=..').getByRole('tooltip');
    await expect(rule).toBeHidden();
    await chip.focus();
    await expect(rule).toBeVisible();
    await expect(rule).toContainText(/median asking price \(\$[\d,]+\) of \d+ other .* cars in this dealer/);
    await expect(rule).toContainText('Great: 10% or more below; Good: 3%–10% below; Fair: within 3%');
    await expect(chip).toHaveAccessibleDescription(/median asking price/);
    await chip.blur();
    await expect(rule).toBeHidden();
    await chip.hover();
    await expect(rule).toBeVisible();
    await expectAccessible(page);
    // Escape hides it without moving the pointer (WCAG 1.4.13); focus and Escape likewise.
    await page.keyboard.press('Escape');
    await expect(rule).toBeHidden();
    await page.mouse.move(0, 0);
    await chip.focus();
    await expect(rule).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rule).toBeHidden();
    await expect(chip).toBeFocused();
  });

  test('Bayside Mazda (switch off): no signals on any card', async ({ page }) => {
    const search = new SearchPage(page, 'bayside-mazda');
    await search.open('/search?sortBy=cars_price_drop');
    await search.settled();
    await expect(search.cards.first()).toBeVisible();
    await expect(search.results.getByTestId('deal-signals')).toHaveCount(0);
    await expect(search.results.getByText(/Price dropped|Listed \d|New today/)).toHaveCount(0);
  });
});
