import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { ShellPage } from './shell.page.ts';

/**
 * The search listing (`/search`, `/search/...`): heading, the directory search box, sort, the
 * template's filters (lists, the price slider, the make picker), recent searches, the results grid,
 * pagination, the make tiles and the hasError banner. It also records every request the
 * browser makes to the search endpoint (`/search-api`).
 */
export class SearchPage extends ShellPage {
  readonly heading: Locator;
  readonly results: Locator;
  readonly cards: Locator;
  readonly count: Locator;
  readonly filters: Locator;
  readonly queryBox: Locator;
  /** The search box's make and model suggestions (its listbox, while it shows). */
  readonly suggestions: Locator;
  readonly sort: Locator;
  readonly pagination: Locator;
  readonly errorBanner: Locator;
  readonly retry: Locator;
  /** The price range slider of the sidebar. */
  readonly priceFilter: Locator;
  /** The make picker of the sidebar (templates with a make filter). */
  readonly makePicker: Locator;
  readonly recentSearches: Locator;
  readonly makeTiles: Locator;
  readonly bodyTiles: Locator;
  /** What the listing says when its page holds no car: an empty result, a page past the end. */
  readonly notice: Locator;
  /** Requests to the search endpoint since the page object was made. */
  readonly searchRequests: Request[] = [];
  /** Paths of the scripts the page has requested since the page object was made. */
  readonly scripts: string[] = [];

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.results = page.getByRole('list', { name: 'Search results' });
    this.cards = page.getByTestId('car-card');
    this.count = page.getByTestId('result-count');
    this.filters = page.getByRole('complementary', { name: 'Filters' });
    this.queryBox = page.getByRole('combobox', { name: 'Search stock' });
    this.suggestions = page.getByRole('listbox', { name: 'Search stock' });
    this.sort = page.getByTestId('sort-select');
    this.pagination = page.getByRole('navigation', { name: 'Pagination' });
    this.errorBanner = page.getByRole('alert').filter({ hasText: 'An unexpected error occured' });
    this.retry = page.getByRole('button', { name: 'Retry' });
    this.priceFilter = this.filters.getByTestId('filter-price');
    this.makePicker = this.filters.getByTestId('filter-make');
    this.recentSearches = this.filters.getByRole('navigation', { name: 'Recent searches' });
    this.makeTiles = page.getByTestId('make-tile');
    this.bodyTiles = page.getByTestId('body-tile');
    this.notice = page.getByTestId('listing-notice');
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/search-api/')) this.searchRequests.push(request);
      if (request.resourceType() === 'script') this.scripts.push(new URL(request.url()).pathname);
    });
  }

  /** Whether a chunk whose file name starts with `name` (`filter-drawer-dialog`) has been requested. */
  hasLoadedChunk(name: string): boolean {
    return this.scripts.some((path) => path.startsWith(`/assets/${name}-`));
  }

  /** The checkbox lists of the sidebar (one fieldset per list filter). */
  listFilters(): Locator {
    return this.filters
      .locator('fieldset[data-testid^="filter-"]')
      .filter({ has: this.page.getByRole('checkbox') });
  }

  /** The attribute of a filter (`filter-body` → `body`). */
  async attributeOf(filter: Locator): Promise<string> {
    return ((await filter.getAttribute('data-testid')) ?? '').replace(/^filter-/, '');
  }

  /** The facet values of a list filter's checkboxes (what the URL names; a label may say more). */
  async valuesOf(filter: Locator): Promise<string[]> {
    return filter
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  }

  /** The value labels of a list filter's checkboxes, as a shopper reads them (without the count). */
  async labelsOf(filter: Locator): Promise<string[]> {
    const labels = await filter.locator('[data-part="label"] > span:first-child').allTextContents();
    return labels.map((label) => label.trim());
  }

  /** The checkbox of one facet value in a list filter. */
  checkbox(filter: Locator, value: string): Locator {
    return filter.locator(checkboxOf(value));
  }

  /** The checkbox a shopper reads as `label` (`Toyota RAV4` for the value `RAV4`). */
  checkboxLabelled(filter: Locator, label: string): Locator {
    return filter.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(label)}\\b`) });
  }

  /** The words of one value's label in a list filter: where a shopper clicks. */
  valueLabel(filter: Locator, value: string): Locator {
    return filter
      .locator('label', { has: this.page.locator(checkboxOf(value)) })
      .locator('[data-part="label"] > span:first-child');
  }

  /** Ticks or unticks a value as a shopper does: a click on its label. */
  async toggle(filter: Locator, value: string): Promise<void> {
    await this.valueLabel(filter, value).click();
  }

  /** Searches for a text with the search box (Enter searches at once). */
  async search(text: string): Promise<void> {
    await this.queryBox.fill(text);
    await this.queryBox.press('Enter');
  }

  /**
   * Waits until no search is running (the results are no longer busy). Pointer moves aim only once
   * settled: a result can change the filters above the price slider, and so where the slider sits.
   */
  async settled(): Promise<void> {
    await expect(this.results).toHaveAttribute('aria-busy', 'false');
  }

  /** The minimum (0) or maximum (1) thumb of the price slider. */
  priceThumb(index: 0 | 1): Locator {
    return this.priceFilter.getByRole('slider').nth(index);
  }

  /** The amount a price thumb shows (`$45,000` → 45000). */
  async thumbPrice(index: 0 | 1): Promise<number> {
    const text = (await this.priceThumb(index).getAttribute('aria-valuetext')) ?? '';
    return Number(text.replace(/[^0-9]/g, ''));
  }

  /**
   * Drags a price thumb with the mouse to `fraction` (0 the left end, 1 the right end) of its travel,
   * as a shopper does: press on the thumb, move in steps, release. The thumb is round and as tall as
   * its input, so its centre travels from half a thumb inside one end to half a thumb inside the other.
   * It aims once the page has settled, as a shopper aims at where the thumb is now. With `via`, the
   * drag passes through that fraction first (a move that ends where it began: `via` 0.3, `fraction` 0).
   */
  async dragPriceThumb(index: 0 | 1, fraction: number, via?: number): Promise<void> {
    await this.settled();
    const thumb = this.priceThumb(index);
    await thumb.scrollIntoViewIfNeeded();
    const box = await thumb.boundingBox();
    if (!box) throw new Error('The price thumb is not on screen');
    const [value, max] = await thumb.evaluate((input: HTMLInputElement) => [
      input.valueAsNumber,
      Number(input.max),
    ]);
    const half = box.height / 2;
    const x = (at: number) => box.x + half + at * (box.width - 2 * half);
    const y = box.y + half;
    await this.page.mouse.move(x(value / max), y);
    await this.page.mouse.down();
    if (via !== undefined) await this.page.mouse.move(x(via), y, { steps: 8 });
    await this.page.mouse.move(x(fraction), y, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Presses the price slider's bare track at a fraction of its length (0: the left end, 1: the right). */
  async pressPriceTrack(fraction: number): Promise<void> {
    await this.settled();
    await this.priceThumb(0).scrollIntoViewIfNeeded();
    const box = await this.priceThumb(0).boundingBox();
    if (!box) throw new Error('The price slider is not on screen');
    const half = box.height / 2;
    await this.page.mouse.click(box.x + half + fraction * (box.width - 2 * half), box.y + half);
  }

  /** A make of the picker, by name (its button is labelled `Toyota (40)`). */
  pickerMake(name: string): Locator {
    return this.makePicker.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)} \\(`) });
  }

  /** The number in the result count line (`1,234 Cars` → 1234). */
  async resultCount(): Promise<number> {
    return Number(((await this.count.textContent()) ?? '').replace(/[^0-9]/g, ''));
  }

  /** The current page link of the pagination. */
  currentPage(): Locator {
    return this.pagination.locator('[aria-current="page"]');
  }

  /** The price slot of each card shown, as it reads (`$45,990`, `PREORDER`, `Call for price.`). */
  async cardPriceTexts(): Promise<string[]> {
    return (await this.cards.getByTestId('car-price').allTextContents()).map((text) => text.trim());
  }

  /** A tile's name and count (`SUV`, 78). */
  async tile(tile: Locator): Promise<{ name: string; count: number }> {
    const [name = '', count = ''] = await tile.locator('span > span').allTextContents();
    return { name: name.trim(), count: Number(count.replace(/[^0-9]/g, '')) };
  }

  /**
   * The sale prices of the cards shown, in grid order (`$45,990` → 45990). Cards without a sale
   * price are left out: no-price texts, and subscriptions, which show `$329 per week` (spec §4).
   */
  async cardPrices(): Promise<number[]> {
    const prices = await this.cards.getByTestId('car-price').allTextContents();
    return prices
      .filter((price) => !/\bper\b/.test(price))
      .map((price) => Number(price.replace(/^\$?([\d,]+).*$/s, '$1').replace(/,/g, '')))
      .filter(Boolean);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The selector of a checkbox whose value is `value` (quotes and backslashes escaped). */
function checkboxOf(value: string): string {
  return `input[type="checkbox"][value="${value.replace(/["\\]/g, '\\$&')}"]`;
}
