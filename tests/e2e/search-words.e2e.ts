import { SearchPage } from './pages/search.page.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * Search that knows car words (issue 37 item 2), in the browser against the real server on the demo
 * dealers that hold such cars: a shopper's words find the cars they describe, a model name however
 * written finds that model, and a search that finds nothing suggests nearby searches that do.
 */
const site = (slug: string) => {
  const found = demoSites.find((s) => s.slug === slug);
  if (!found) throw new Error(`no demo dealer ${slug}`);
  return found;
};

test.describe('search that knows car words (issue 37 item 2)', () => {
  for (const query of ['cx5', 'CX-5', 'cx 5']) {
    test(`"${query}" at ${site('bayside-mazda').name} lists its CX-5s`, async ({ page }) => {
      const search = new SearchPage(page, 'bayside-mazda');
      await search.open(`/search?query=${encodeURIComponent(query)}`);
      await expect(search.cards.first()).toBeVisible();
      for (const card of (await search.cards.all()).slice(0, 6)) await expect(card).toContainText('CX-5');
    });
  }

  test(`"white ute diesel" at ${site('metro-used').name} finds its white diesel utes`, async ({ page }) => {
    const search = new SearchPage(page, 'metro-used');
    await search.open('/search');
    await search.search('white ute diesel');
    await search.settled();
    await expect(search.cards.first()).toBeVisible();
    const count = await search.resultCount();
    expect(count).toBeGreaterThan(0);
    // The same cars as the filters for them.
    await search.open('/search?query=ute');
    const utes = await search.resultCount();
    expect(count).toBeLessThan(utes);
  });

  test('a search that finds nothing says so and suggests searches that have cars', async ({ page }) => {
    const search = new SearchPage(page, 'metro-used');
    await search.open('/search');
    await search.search('white ute qzxv');
    await search.settled();
    await expect(search.notice).toContainText('match your search');
    const suggestions = page.getByTestId('search-suggestions');
    await expect(suggestions).toBeVisible();
    await expect(page.getByText(/100000|100,000/)).toHaveCount(0);
    const first = suggestions.getByRole('link').first();
    await expect(first).toContainText(/\d+ cars?/);
    const promised = Number(
      ((await first.locator('span').last().textContent()) ?? '').replace(/[^0-9]/g, ''),
    );
    await first.click();
    await search.settled();
    await expect(search.cards.first()).toBeVisible();
    expect(await search.resultCount()).toBe(promised);
  });
});
