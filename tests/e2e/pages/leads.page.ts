import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../support/server.ts';
import { ShellPage } from './shell.page.ts';

/** A lead as the server stored it (the fields the tests read). */
export interface StoredLead {
  lead_id: string;
  payload: Record<string, unknown> & {
    lead_attributes?: { visited_pages?: string[]; linked_query_params?: Record<string, string> };
  };
}

/** A lead form page (site-wide forms, the test-drive booking) and `/success`. */
export class LeadFormPage extends ShellPage {
  readonly heading: Locator;
  readonly errors: Locator;
  readonly submit: Locator;
  readonly success: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.errors = page.getByTestId('form-errors');
    this.submit = page.locator('main form button[type=submit]');
    this.success = page.getByTestId('lead-success');
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Fills the contact details every lead form asks for. */
  async fillContact(details: { name?: string; email?: string; phone?: string; postcode?: string } = {}) {
    await this.field('Name').fill(details.name ?? 'Sam Shopper');
    await this.field('Email').fill(details.email ?? 'sam@example.com');
    await this.field('Phone').fill(details.phone ?? '0400 111 222');
    if (details.postcode !== undefined || (await this.field('Postcode').count()) > 0) {
      await this.field('Postcode').fill(details.postcode ?? '4000');
    }
  }

  /** Chooses the first option of a select when the form shows it. */
  async chooseFirst(label: string): Promise<void> {
    const select = this.field(label);
    if ((await select.count()) === 0) return;
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
    if (values[0]) await select.selectOption(values[0]);
  }

  /** The free times offered, in order (ISO instants). */
  times(): Promise<string[]> {
    return this.page
      .locator('input[name=dateTime]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  }

  /** Chooses a test-drive time, opening its day first. */
  async chooseTime(start: string): Promise<void> {
    const input = this.page.locator(`input[name=dateTime][value="${start}"]`);
    const day = this.page.locator('details', { has: input });
    if (!(await day.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await day.locator('summary').click();
    }
    await input.check();
  }

  /** The next analytics event the browser records (`POST /api/analytics`). */
  nextAnalytics(): Promise<Request> {
    return this.page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics') && request.method() === 'POST',
    );
  }

  /** The dealer's stored leads sent with an email address, as `npm run leads` reads them (its admin route). */
  async storedLeads(email: string): Promise<StoredLead[]> {
    const { adminToken } = JSON.parse(readFileSync(join(E2E_DATA_DIR, 'secrets.json'), 'utf8')) as {
      adminToken: string;
    };
    const response = await fetch(
      `http://127.0.0.1:${E2E_PORT}/api/admin/leads?tenant=${this.slug}&format=json`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    if (response.status !== 200) throw new Error(`the leads export answered ${response.status}`);
    const { text } = (await response.json()) as { text: string };
    return (JSON.parse(text) as StoredLead[]).filter((lead) => lead.payload.email === email);
  }

  /** The next lead the browser sends. */
  nextLead(): Promise<Request> {
    return this.page.waitForRequest(
      (request) => request.url().endsWith('/api/leads') && request.method() === 'POST',
    );
  }
}
