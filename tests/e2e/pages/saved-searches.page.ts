import type { Locator, Page } from '@playwright/test';
import { goWithinApp } from '../support/navigation.ts';
import { ShellPage } from './shell.page.ts';

/**
 * Saved searches (issue 19 item 2): `/saved-searches` — the offer to save a listing's search (name,
 * how often to email), the list with each search's emails and Delete — and the alert email's
 * unsubscribe page (`/saved-searches/unsubscribe?token=…`).
 */
export class SavedSearchesPage extends ShellPage {
  readonly heading: Locator;
  readonly offerHeading: Locator;
  readonly name: Locator;
  readonly save: Locator;
  readonly saved: Locator;
  readonly status: Locator;
  readonly alert: Locator;
  readonly unsubscribe: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.offerHeading = page.getByRole('heading', { name: 'Save this search' });
    this.name = page.getByLabel('Name');
    this.save = page.getByRole('button', { name: 'Save search' });
    this.saved = page.getByTestId('saved-search');
    this.status = page.getByRole('main').getByRole('status');
    this.alert = page.getByRole('main').getByRole('alert');
    this.unsubscribe = page.getByRole('button', { name: 'Unsubscribe' });
  }

  /** The listing's "Save search" (on a listing page): goes to the offer inside the app. */
  saveSearchFromListing(): Promise<void> {
    return this.page.getByTestId('save-search').click();
  }

  /** The offer's choice of how often to email (`ALERT_FREQUENCY_LABELS`). */
  frequency(label: string): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  /** A saved search's emails select. */
  emailsOf(name: string): Locator {
    return this.page.getByRole('combobox', { name: `Emails for ${name}` });
  }

  /** A saved search's Delete button. */
  deleteOf(name: string): Locator {
    return this.page.getByRole('button', { name: `Delete ${name}` });
  }

  /** Goes to `path` inside the app (no page load): the page loads its list in the browser. */
  goWithinApp(path: string): Promise<void> {
    return goWithinApp(this.page, path);
  }
}
