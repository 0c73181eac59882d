import type { Locator, Page } from '@playwright/test';
import { emailedLink } from '../support/mailbox.ts';
import { ShellPage } from './shell.page.ts';

/** `/sign-in?type=…&redirect=…&back=…`: sign in, create an account, or manage the phone on record. */
export class SignInPage extends ShellPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly phone: Locator;
  readonly backLink: Locator;
  readonly alert: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.email = page.getByRole('textbox', { name: 'Email' });
    this.password = page.getByLabel('Password');
    this.phone = page.getByRole('textbox', { name: /^Phone number/ });
    this.backLink = page.getByRole('link', { name: 'Go back without signing in' });
    this.alert = page.getByRole('alert');
  }

  /**
   * Creates an account from the sign-in form (switching to sign-up first), then opens the link the
   * server emailed, as the shopper would: it signs in and goes on to the page's `redirect`.
   */
  async signUp(email: string, password: string, phone?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Create an account' }).click();
    await this.email.fill(email);
    await this.password.fill(password);
    if (phone !== undefined) await this.phone.fill(phone);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await this.openEmailedLink(email);
  }

  /** Waits for "Check your email", then opens the link emailed to the address. */
  async openEmailedLink(email: string): Promise<void> {
    await this.page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await this.page.goto(await emailedLink(email));
    await this.page.locator('html[data-hydrated="true"]').waitFor();
  }

  /** Signs in with an existing account. */
  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /*
   * The `auth` machine's events (machines/auth/auth.machine.ts) as a shopper makes them here, so a
   * test replays a path of the machine through the real page (issue 13 item 8).
   */

  /** `mode.switch`: between signing in and creating an account. */
  async switchMode(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Create an account|Sign in instead)$/ }).click();
  }

  /** `credentials.submit`: the form as typed, sent with its button. */
  async submitCredentials(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: /^(Sign in|Create account)$/, exact: true }).click();
  }

  /** `phone.submit`: a phone number for the account. */
  async submitPhone(phone: string): Promise<void> {
    await this.phone.fill(phone);
    await this.page.getByRole('button', { name: /^(Save phone number|Save and continue)$/ }).click();
  }

  /** `session.end`: signs out. */
  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }

  /** `retry`: after the page could not be loaded. */
  async retry(): Promise<void> {
    await this.page.getByRole('button', { name: 'Try again' }).click();
  }

  /** A field's message under it, by the field's name. */
  fieldError(name: 'email' | 'password' | 'phone_number'): Locator {
    return this.page.locator(`#${name}-error`);
  }
}
