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
   * Creates an account from the sign-in form (switching to sign-up first: the email alone), opens the
   * link the server emailed, as the shopper would, and chooses the password on the page it opens
   * (decision 104); a `phone` is given where the sign-in page asks for one next (the watchlist). The
   * shopper ends where the page's `redirect` leads.
   */
  async signUp(email: string, password: string, phone?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Create an account' }).click();
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await this.openEmailedLink(email);
    await this.choosePassword(password);
    if (phone !== undefined) {
      await this.page.getByRole('heading', { name: 'Add your phone number' }).waitFor();
      await this.submitPhone(phone);
    }
  }

  /** Waits for "Check your email", then opens the link emailed to the address. */
  async openEmailedLink(email: string): Promise<void> {
    await this.page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await this.page.goto(await emailedLink(email));
    await this.page.locator('html[data-hydrated="true"]').waitFor();
  }

  /** `password.submit` on the page an emailed link opens: a new account's password, or a new one. */
  async choosePassword(password: string): Promise<void> {
    await this.page.getByLabel(/^(New password|Password)/).fill(password);
    await this.page.getByRole('button', { name: /^(Create account|Save new password)$/ }).click();
  }

  /** `email.submit` on "Forgot your password?": asks for a link to choose a new password. */
  async askForNewPassword(email: string): Promise<void> {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Email me a link' }).click();
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

  /** `credentials.submit`: the form as typed (creating an account takes no password), sent with its button. */
  async submitCredentials(email: string, password?: string): Promise<void> {
    await this.email.fill(email);
    if (password !== undefined) await this.password.fill(password);
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

  /** The sign-in form's "Forgot password?" link. */
  get forgotPassword(): Locator {
    return this.page.getByRole('link', { name: 'Forgot password?' });
  }

  /** A field's message under it, by the field's name. */
  fieldError(name: 'email' | 'password' | 'phone_number'): Locator {
    return this.page.locator(`#${name}-error`);
  }
}
