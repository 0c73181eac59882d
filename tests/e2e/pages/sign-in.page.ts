import type { Locator, Page } from '@playwright/test';
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

  /** Creates an account from the sign-in form (switching to sign-up first). */
  async signUp(email: string, password: string, phone?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Create an account' }).click();
    await this.email.fill(email);
    await this.password.fill(password);
    if (phone !== undefined) await this.phone.fill(phone);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  /** Signs in with an existing account. */
  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}
