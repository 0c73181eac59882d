import { expect, type Page } from '@playwright/test';
import type { StaffRole } from '../../../domain/staff.ts';
import { demoStaffAccounts } from '../../../server/seed/staff.ts';
import { asOwnShopper } from './fixtures.ts';
import { siteOrigin } from './server.ts';

/**
 * A demo dealer's console account of `role` (issue 36; seeded with the demo, never in production;
 * README "Dealer console"): `<role>@<slug>.example` with the password `demo-<role>-password`.
 */
export function demoStaffAccount(site: string, role: StaffRole): { email: string; password: string } {
  const account = demoStaffAccounts(site).find((candidate) => candidate.role === role);
  if (!account) throw new Error(`The demo has no ${role} account on ${site}`);
  return { email: account.email, password: account.password };
}

/** The console's sign-in form on the page. */
export function consoleSignInForm(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1 }),
    email: page.getByLabel('Email'),
    password: page.getByLabel('Password'),
    submit: page.getByRole('button', { name: 'Sign in' }),
    alert: page.getByRole('alert'),
  };
}

/**
 * Signs in to a dealer's console through its sign-in page, as a member signs in, with the demo
 * account of `role` (`manager` unless given), and waits for the console to open at `returnTo`
 * (default: the overview). Use it at the start of every console e2e test:
 *
 * @example
 * await signInToConsole(page, { site: 'bayside-mazda', role: 'sales', returnTo: '/dealer/leads' });
 * await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads');
 */
export async function signInToConsole(
  page: Page,
  options: { site: string; role?: StaffRole; returnTo?: string },
): Promise<void> {
  const { email, password } = demoStaffAccount(options.site, options.role ?? 'manager');
  const target = options.returnTo ?? '/dealer';
  const query = target === '/dealer' ? '' : `?return=${encodeURIComponent(target)}`;
  // Each sign-in from an address of its own, as members sign in from their own connections: the
  // per-address limit (10, then one every 6 s) is the shipped one, and a quick run of the console's
  // tests from one loopback address used it up (429).
  await asOwnShopper(page);
  await page.goto(`${siteOrigin(options.site)}/dealer/sign-in${query}`);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  const form = consoleSignInForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
  await expect(page).toHaveURL(`${siteOrigin(options.site)}${target}`);
  await expect(page.getByTestId('console-member')).toBeVisible();
}

/** Signs out through the console's header; the sign-in page opens. */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/dealer\/sign-in/);
}
