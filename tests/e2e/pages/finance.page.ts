import type { Locator, Page } from '@playwright/test';
import { goWithinApp } from '../support/navigation.ts';
import { ShellPage } from './shell.page.ts';

/** What the pre-approval application asks (the finance form's required fields). */
export interface FinanceApplicant {
  name: string;
  email: string;
  phone: string;
  postcode: string;
  employment: string;
}

/**
 * The finance page (`/finance`, `/finance-enquiry`, `/apply-for-finance`, `/personalised/finance`):
 * the repayment calculator, the pre-approval application at `#finance-form`, and the car beside them;
 * and the car page's finance-disclaimer modal, which shows the same disclaimer rules.
 */
export class FinancePage extends ShellPage {
  readonly heading: Locator;
  readonly calculator: Locator;
  readonly weekly: Locator;
  readonly disclaimer: Locator;
  readonly car: Locator;
  readonly form: Locator;
  readonly formErrors: Locator;
  readonly apply: Locator;
  readonly budget: Locator;
  readonly failure: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.calculator = page.getByTestId('finance-calculator');
    this.weekly = page.getByTestId('finance-weekly');
    this.disclaimer = page.getByTestId('finance-disclaimer');
    this.car = page.getByTestId('finance-car');
    this.form = page.locator('#finance-form');
    this.formErrors = page.getByTestId('form-errors');
    this.apply = this.form.getByRole('button', { name: 'Apply for pre-approval' });
    this.budget = page.getByLabel('Vehicle price budget ($)');
    this.failure = page.getByRole('heading', { name: 'Sorry, this page could not be loaded' });
  }

  /** Goes to `path` inside the app (no page load), so the page's machine runs in the browser. */
  goWithinApp(path: string): Promise<void> {
    return goWithinApp(this.page, path);
  }

  /** One of the calculator's inputs, by its label ('Vehicle price ($)', 'Deposit ($)', 'Term', 'Balloon ($)'). */
  calculatorInput(label: string): Locator {
    return this.calculator.getByLabel(label);
  }

  /** What is wrong with a calculator input, shown under it. */
  calculatorError(name: 'price' | 'deposit' | 'balloon'): Locator {
    return this.page.locator(`#calculator-${name}-error`);
  }

  /** Fills the application's fields a shopper must give (the dealership and budget are prefilled). */
  async fillApplication(applicant: FinanceApplicant): Promise<void> {
    await this.form.getByLabel('Name', { exact: true }).fill(applicant.name);
    await this.form.getByLabel('Email', { exact: true }).fill(applicant.email);
    await this.form.getByLabel('Phone', { exact: true }).fill(applicant.phone);
    await this.form.getByLabel('Postcode', { exact: true }).fill(applicant.postcode);
    await this.form.getByLabel('Employment status').selectOption(applicant.employment);
  }

  /** Sends the application and answers what the browser posted to `/api/leads`. */
  async submitApplication(): Promise<{ form: string; userData: Record<string, unknown> }> {
    const lead = this.page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
    await this.apply.click();
    return (await lead).postDataJSON() as { form: string; userData: Record<string, unknown> };
  }
}
