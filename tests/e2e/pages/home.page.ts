import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell.page.ts';

/** The dealer's home page. */
export class HomePage extends ShellPage {
  readonly heading: Locator;
  readonly locationCards: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.locationCards = page.getByTestId('location-card');
  }
}
