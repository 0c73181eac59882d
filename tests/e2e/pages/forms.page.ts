import type { Locator, Page } from '@playwright/test';
import { LeadFormPage } from './leads.page.ts';

/** The label of the test-drive booking's terms checkbox. */
const TERMS = 'I accept the terms and conditions of the test drive';

/**
 * The car page's multi-step enquiry (the `enquiry` machine and its `formSubmission` child): step 1
 * the message, step 2 the details, Request Photos, Back, and the returned error.
 */
export class EnquiryFormPart {
  readonly root: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('enquiry-form');
    this.error = page.getByTestId('enquiry-error');
  }

  /** Step 1: types the message (when given) and goes on with Next. */
  async next(message?: string): Promise<void> {
    if (message !== undefined) await this.root.getByLabel('Message').fill(message);
    await this.root.getByRole('button', { name: 'Next' }).click();
  }

  /** Step 2's submit: 'Send enquiry', or 'Request Photos' for a photo request. */
  async send(label: 'Send enquiry' | 'Request Photos' = 'Send enquiry'): Promise<void> {
    await this.root.getByRole('button', { name: label }).click();
  }

  /** Step 1's 'Request Photos': straight to the details with the hidden field. */
  async requestPhotos(): Promise<void> {
    await this.root.getByRole('button', { name: 'Request Photos' }).click();
  }

  /** Back from step 2 to the message. */
  async back(): Promise<void> {
    await this.root.getByRole('button', { name: 'Back' }).click();
  }
}

/**
 * `/book-test-drive` (the `testDriveBooking` machine and its `formSubmission` child): the times,
 * Next, the details and terms, Change, and the booking.
 */
export class TestDriveBookingPage extends LeadFormPage {
  readonly terms: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.terms = this.field(TERMS);
  }

  /** Next from the time step. */
  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  /** Change: back from the details to the times. */
  async change(): Promise<void> {
    await this.page.getByRole('button', { name: 'Change' }).click();
  }

  /** Chooses a time (or none), goes on, fills the details and ticks the terms (unless told not to). */
  async fillBooking(start: string | null, { terms = true }: { terms?: boolean } = {}): Promise<void> {
    if (start !== null) await this.chooseTime(start);
    await this.next();
    await this.fillContact();
    if (terms) await this.terms.check();
  }
}
