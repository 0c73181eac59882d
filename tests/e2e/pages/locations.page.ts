import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell.page.ts';

/** The dealer's locations page (`/dealerships`): the carousel, the finder and the grid of cards. */
export class LocationsPage extends ShellPage {
  readonly carousel: Locator;
  readonly slides: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly swipeHint: Locator;
  readonly cards: Locator;
  readonly finder: Locator;
  readonly distances: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.carousel = page.getByRole('region', { name: 'Our locations' });
    this.slides = this.carousel.getByTestId('location-slide');
    this.previous = this.carousel.getByRole('button', { name: 'Previous location' });
    this.next = this.carousel.getByRole('button', { name: 'Next location' });
    this.swipeHint = this.carousel.getByText('Swipe to see more locations');
    this.cards = page.getByTestId('location-card');
    this.finder = page.getByRole('form', { name: 'Find the nearest location' });
    this.distances = page.getByTestId('location-distance');
  }

  /** Sorts the cards by distance from a postcode (or tries to). */
  async findNearest(postcode: string): Promise<void> {
    await this.finder.getByLabel('Nearest to my postcode').fill(postcode);
    await this.finder.getByRole('button', { name: 'Find nearest' }).click();
  }
}
