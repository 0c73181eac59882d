import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell.page.ts';

/**
 * A content page (`views/content`): the trade-in terms, the dealer's own Markdown pages and the pages
 * the server writes from the store (offers, an offer, the model range, reviews).
 */
export class ContentPage extends ShellPage {
  readonly heading: Locator;
  readonly body: Locator;
  /** The offers list's titles (`/special-offers`, an ended offer's page). */
  readonly offerTitles: Locator;
  readonly reviewAverage: Locator;
  readonly retry: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.body = page.getByTestId('content-page');
    this.offerTitles = this.body.locator('li h2');
    this.reviewAverage = page.getByTestId('review-average');
    this.retry = page.getByRole('button', { name: 'Try again' });
  }

  /**
   * Answers the next `GET /api/pages` with `status` (a 404 is the dealer having no such page; a 5xx
   * a failure the page offers to retry), as the server would; later loads reach the server again.
   */
  async answerNextPageLoad(status: 404 | 500): Promise<void> {
    await this.page.route(
      (url) => url.pathname === '/api/pages',
      (route) =>
        route.fulfill({
          status,
          json: {
            error:
              status === 404
                ? { code: 'page_not_found', message: 'This dealer has no such page' }
                : { code: 'internal', message: 'An unexpected error occured' },
          },
        }),
      { times: 1 },
    );
  }

  /** Opens a page through the site's own link (a client-side navigation: the browser loads it). */
  async follow(name: string): Promise<void> {
    await this.footer.getByRole('link', { name, exact: true }).click();
  }
}
