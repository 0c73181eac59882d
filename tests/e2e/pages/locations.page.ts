import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell.page.ts';

/**
 * The dealer's locations (`views/locations`): `/dealerships` with the carousel, the finder and the
 * grid of cards, and a location's own page (`/locations/{slug}`).
 */
export class LocationsPage extends ShellPage {
  readonly heading: Locator;
  readonly carousel: Locator;
  readonly slides: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly swipeHint: Locator;
  readonly cards: Locator;
  readonly finder: Locator;
  readonly finderAlert: Locator;
  readonly clear: Locator;
  readonly distances: Locator;
  readonly holidayDialog: Locator;
  readonly reviewsLink: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.carousel = page.getByRole('region', { name: 'Our locations' });
    this.slides = this.carousel.getByTestId('location-slide');
    this.previous = this.carousel.getByRole('button', { name: 'Previous location' });
    this.next = this.carousel.getByRole('button', { name: 'Next location' });
    this.swipeHint = this.carousel.getByText('Swipe to see more locations');
    this.cards = page.getByTestId('location-card');
    this.finder = page.getByRole('form', { name: 'Find the nearest location' });
    this.finderAlert = this.finder.getByRole('alert');
    this.clear = this.finder.getByRole('button', { name: 'Clear' });
    this.distances = page.getByTestId('location-distance');
    this.holidayDialog = page.getByRole('dialog', { name: 'Holiday Opening Hours' });
    this.reviewsLink = page.getByRole('link', { name: 'Read what our customers say' });
  }

  /** Sorts the cards by distance from a postcode (or tries to). */
  async findNearest(postcode: string): Promise<void> {
    await this.finder.getByLabel('Nearest to my postcode').fill(postcode);
    await this.finder.getByRole('button', { name: 'Find nearest' }).click();
  }

  /** Shows one type of location in the grid (`Sales`, `Service`, `Parts`, `All locations`). */
  async show(type: string): Promise<void> {
    await this.page.getByRole('radio', { name: type }).check();
  }

  /** A card's Holiday Opening Hours button. */
  holidayButton(card: Locator = this.cards.first()): Locator {
    return card.getByRole('button', { name: 'Holiday Opening Hours' });
  }

  /** The distances shown, in km, in the grid's order. */
  async kilometres(): Promise<number[]> {
    const texts = await this.distances.allTextContents();
    return texts.map((text) => Number.parseFloat(text.replace(/[^\d.]/g, '')));
  }
}
