import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Car } from '../../../domain/car.ts';
import { isReservable, reservePath } from '../../../domain/vehicle-actions.ts';
import { publicFeatures } from '../../../tenants/features.ts';
import { goWithinApp } from '../support/navigation.ts';
import type { demoSites } from '../support/server.ts';
import { LeadFormPage, type StoredLead } from './leads.page.ts';
import { ShellPage } from './shell.page.ts';
import { VehicleFinder } from './vehicle.page.ts';

/** The shopper's details as step two takes them. */
export interface ReserveDetails {
  name?: string;
  email?: string;
  phone?: string;
}

/** The card form as the deposit step takes it. */
export interface ReserveCard {
  expiry?: string;
  cvc?: string;
  /** The pay button's name (`Pay $200 deposit`); any deposit by default. */
  label?: RegExp | string;
}

/**
 * The reserve wizard (`views/reserve`, machine `reserve`) on `/cars/{slug}/checkout`,
 * `/cars/{slug}/buy-online` and `/checkout-journey?car_id=`: the terms, the details, the checkout
 * journey's trade-in and payment steps, the deposit's card, the outcomes — and the dealer's lead it
 * stores, read as `npm run leads` reads it (its admin route). Cards are the local provider's test cards.
 */
export class ReservePage extends ShellPage {
  readonly heading: Locator;
  readonly errors: Locator;
  readonly testCards: Locator;
  readonly confirmed: Locator;
  readonly unavailable: Locator;
  readonly purchase: Locator;
  readonly reservationId: Locator;
  readonly car: Locator;
  readonly promise: Locator;
  readonly retry: Locator;
  /** The payment step's own status: the reservation not started, or the payment being checked. */
  readonly paymentStatus: Locator;
  readonly checkAgain: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.errors = page.getByTestId('form-errors');
    this.testCards = page.getByTestId('reserve-test-cards');
    this.confirmed = page.getByTestId('reserve-confirmed');
    this.unavailable = page.getByTestId('reserve-unavailable');
    this.purchase = page.getByTestId('reserve-purchase');
    this.reservationId = page.getByTestId('reservation-id');
    this.car = page.getByTestId('reserve-car');
    this.promise = page.getByTestId('pre-owned-promise');
    this.retry = page.getByRole('button', { name: 'Try again' });
    this.paymentStatus = page.getByTestId('reserve-payment-status');
    this.checkAgain = page.getByRole('button', { name: 'Check again' });
  }

  /** The heading of step `n` ("Step 2 of 3: Your details"). */
  step(n: number): Locator {
    return this.page.locator(`h2[data-step="${n}"]`);
  }

  /** Goes to a path inside the app (no page load): the machine runs in the browser from its start. */
  openWithinApp(path: string): Promise<void> {
    return goWithinApp(this.page, path);
  }

  /** Step one's button: `Reserve for $200`, or `Buy online: $300 deposit` on the checkout journey. */
  async start(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Reserve for|Buy online:) \$[\d,]+( deposit)?$/ }).click();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  async back(): Promise<void> {
    await this.page.getByRole('button', { name: 'Back' }).click();
  }

  /** Step two: the shopper's name, email and phone, then Next. */
  async fillDetails(details: ReserveDetails = {}): Promise<void> {
    await this.page.getByLabel('Name', { exact: true }).fill(details.name ?? 'Sam Shopper');
    await this.page.getByLabel('Email', { exact: true }).fill(details.email ?? 'sam@example.com');
    await this.page.getByLabel('Phone', { exact: true }).fill(details.phone ?? '0400 111 222');
    await this.next();
  }

  /** The checkout journey's trade-in step. */
  async tradeIn(hasCar: boolean): Promise<void> {
    const name = hasCar ? 'I have a car to trade in' : 'No trade-in';
    await this.page.getByRole('button', { name }).click();
  }

  /** The checkout journey's payment step. */
  async payWith(how: 'finance' | 'full'): Promise<void> {
    await this.page
      .getByRole('button', { name: how === 'finance' ? 'Pay with finance' : 'Pay in full' })
      .click();
  }

  /**
   * The deposit step with the local provider's payment component: a card (a test card number), a
   * future expiry, a CVC, the terms; then pay. The card becomes its token in the browser.
   */
  async pay(cardNumber: string, card: ReserveCard = {}): Promise<void> {
    await this.page.getByLabel('Card number').fill(cardNumber);
    await this.page.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? '12/30');
    await this.page.getByLabel('Security code (CVC)').fill(card.cvc ?? '123');
    const terms = this.page.getByLabel(/I understand my deposit is fully refundable/);
    if (!(await terms.isChecked())) await terms.check();
    await this.page.getByRole('button', { name: card.label ?? /^Pay \$[\d,]+ deposit$/ }).click();
  }

  /** The dealer's stored leads of a shopper's email (the admin route `npm run leads` reads). */
  storedLeads(email: string): Promise<StoredLead[]> {
    return new LeadFormPage(this.page, this.slug).storedLeads(email);
  }
}

/** The reservable cars of a site, in listing order (each test takes its own). */
export async function reservableCars(request: APIRequestContext, slug: string): Promise<Car[]> {
  const finder = new VehicleFinder(request, slug);
  const cars: Car[] = [];
  for (const hit of await finder.hits('status:in_stock', 60)) {
    const answer = await finder.vehicle(hit.slug);
    if (isReservable(answer.car as Car)) cars.push(answer.car as Car);
  }
  return cars;
}

/** The reserve path of a car on its site (buy-online where the dealership's switch says so). */
export function reserveUrl(site: (typeof demoSites)[number], car: Car): string {
  return reservePath(car.slug, publicFeatures(site).buyOnlinePath.includes(car.dealership_slug));
}
