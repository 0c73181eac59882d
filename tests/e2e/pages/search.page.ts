import type { Locator, Page, Request } from '@playwright/test';
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
  /** Requests to the search endpoint since the page object was made. */
  readonly searchRequests: Request[] = [];

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.results = page.getByRole('list', { name: 'Search results' });
    this.cards = page.getByTestId('car-card');
    this.count = page.getByTestId('result-count');
    this.filters = page.getByRole('complementary', { name: 'Filters' });
    this.queryBox = page.getByRole('combobox', { name: 'Search stock' });
    this.sort = page.getByTestId('sort-select');
    this.pagination = page.getByRole('navigation', { name: 'Pagination' });
    this.errorBanner = page.getByRole('alert').filter({ hasText: 'An unexpected error occured' });
    this.retry = page.getByRole('button', { name: 'Retry' });
    this.priceFilter = this.filters.getByTestId('filter-price');
    this.makePicker = this.filters.getByTestId('filter-make');
    this.recentSearches = this.filters.getByRole('navigation', { name: 'Recent searches' });
    this.makeTiles = page.getByTestId('make-tile');
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/search-api/')) this.searchRequests.push(request);
    });
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

  /** The value labels of a list filter's checkboxes (the label without its count). */
  async valuesOf(filter: Locator): Promise<string[]> {
    const labels = await filter.locator('[data-part="label"] > span:first-child').allTextContents();
    return labels.map((label) => label.trim());
  }

  /** The checkbox of one value in a list filter. */
  checkbox(filter: Locator, value: string): Locator {
    return filter.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(value)}\\b`) });
  }

  /** Ticks or unticks a value as a shopper does: a click on its label. */
  async toggle(filter: Locator, value: string): Promise<void> {
    await filter.locator('[data-part="label"] > span:first-child').getByText(value, { exact: true }).click();
  }

  /** Searches for a text with the search box (Enter searches at once). */
  async search(text: string): Promise<void> {
    await this.queryBox.fill(text);
    await this.queryBox.press('Enter');
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
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
