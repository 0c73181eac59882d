import type { Locator, Page } from '@playwright/test';
import { publicFeatures } from '../../../tenants/features.ts';
import { demoSites } from '../support/server.ts';
import { ShellPage } from './shell.page.ts';

/** Step Four as a shopper fills it in (the odometer decides whether there is an online offer). */
export interface TradeInDetails {
  odometer?: string;
}

/**
 * The trade-in wizard (`views/trade-in`, machines `tradeIn` and its `photoUpload` child) on
 * `/trade-in`, `/sell-my-car` and `/cars/trade-in?car_id=`: each step's form, the not-found screen,
 * the offer and its acceptance. The local valuation provider's registrations: TEST01 descriptions,
 * TEST02 an EvalID, TEST404 no match, TEST500 a failure.
 */
export class TradeInPage extends ShellPage {
  readonly errors: Locator;
  readonly loading: Locator;
  readonly rego: Locator;
  readonly notFound: Locator;
  readonly descriptions: Locator;
  readonly addPhotos: Locator;
  readonly images: Locator;
  readonly offer: Locator;
  readonly amount: Locator;
  readonly noOffer: Locator;
  readonly accepted: Locator;
  readonly car: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.errors = page.getByTestId('form-errors');
    this.loading = page.getByTestId('trade-in-loading');
    this.rego = page.getByLabel('Registration number');
    this.notFound = page.getByTestId('trade-in-not-found');
    this.descriptions = page.getByRole('radio');
    this.addPhotos = page.getByLabel('Add photos');
    this.images = page.getByTestId('trade-in-images').locator('li');
    this.offer = page.getByTestId('trade-in-offer');
    this.amount = page.getByTestId('trade-in-amount');
    this.noOffer = page.getByTestId('trade-in-no-offer');
    this.accepted = page.getByTestId('trade-in-accepted');
    this.car = page.getByTestId('trade-in-car');
  }

  /** A step's heading: 1 `Step One Vehicle Details` … 4 `Step Four Your Details`. */
  step(number: 1 | 2 | 3 | 4): Locator {
    const titles = [
      'Step One Vehicle Details',
      'Step Two Vehicle Selection',
      'Step Three Upload Images',
      'Step Four Your Details',
    ];
    return this.page.getByText(titles[number - 1] ?? '');
  }

  /** The photos with one status (`waiting`, `uploading`, `done`, `failed`). */
  imagesWith(status: string): Locator {
    return this.images.and(this.page.locator(`[data-status="${status}"]`));
  }

  /** Whether this dealer's own dealership takes photos (Step Three), as the page without a car decides. */
  takesPhotos(): boolean {
    const site = this.site();
    const own = site.dealerships.find((d) => d.id === site.dealership_id)?.slug ?? '';
    return publicFeatures(site).tradeInImageUpload.includes(own);
  }

  /** Whether this dealer keeps finished valuations (§7 "Valuation save"). */
  savesValuations(): boolean {
    return publicFeatures(this.site()).valuationSave;
  }

  /** Step One: the rego and state, then Value my car. */
  async enterRego(rego: string, state = 'qld'): Promise<void> {
    await this.rego.fill(rego);
    await this.page.getByLabel('State', { exact: true }).selectOption(state);
    await this.valueMyCar();
  }

  /** Step One's button, with whatever the form holds. */
  async valueMyCar(): Promise<void> {
    await this.page.getByRole('button', { name: 'Value my car' }).click();
  }

  /** Step Two: the nth description (none when `index` is null), then Next. */
  async choose(index: number | null): Promise<void> {
    if (index !== null) await this.descriptions.nth(index).check();
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  /** Step Two or Three: Back, or the not-found screen's Back. */
  async back(): Promise<void> {
    const inNotFound = await this.notFound.isVisible();
    await (inNotFound ? this.notFound : this.page).getByRole('button', { name: 'Back' }).click();
  }

  /** Step Three: photos chosen in the file picker. */
  async addFiles(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.addPhotos.setInputFiles(files);
  }

  /** Step Three: Next. */
  async photosDone(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  /** Step Four: every field filled in, then Get my offer. */
  async fillDetails({ odometer = '42000' }: TradeInDetails = {}): Promise<void> {
    const page = this.page;
    await page.getByLabel('Name', { exact: true }).fill('Sam Shopper');
    await page.getByLabel('Email', { exact: true }).fill('sam@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('0400 111 222');
    await page.getByLabel('Postcode', { exact: true }).fill('4000');
    await page.getByLabel('Odometer (km)').fill(odometer);
    await page.getByLabel('Service history').selectOption('Full');
    await page.getByLabel('Number of keys').fill('2');
    await page.getByLabel('Condition', { exact: true }).selectOption('Good');
    await page.getByLabel('Anything we should know about the car?').fill('One owner, garaged.');
    await this.getMyOffer();
  }

  /** Step Four's button, with whatever the form holds. */
  async getMyOffer(): Promise<void> {
    await this.page.getByRole('button', { name: 'Get my offer' }).click();
  }

  /** The offer's Accept offer. */
  async acceptOffer(): Promise<void> {
    await this.page.getByRole('button', { name: 'Accept offer' }).click();
  }

  /** A real JPEG, encoded by the browser's canvas. */
  async realJpeg(): Promise<Buffer> {
    const bytes = await this.page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#b42318';
        context.fillRect(0, 0, 64, 48);
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      return blob ? [...new Uint8Array(await blob.arrayBuffer())] : [];
    });
    return Buffer.from(bytes);
  }

  private site() {
    const site = demoSites.find((candidate) => candidate.slug === this.slug);
    if (!site) throw new Error(`no demo dealer ${this.slug}`);
    return site;
  }
}
