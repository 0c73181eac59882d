import type { Page } from '@playwright/test';
import { SignInPage } from './pages/sign-in.page.ts';
import { WatchlistPage } from './pages/watchlist.page.ts';
import { dropNextCall, expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { emailedLink, emailedText } from './support/mailbox.ts';
import { E2E_PORT, nodeRequest, siteOrigin } from './support/server.ts';

/**
 * The sign-in page's `auth` machine driven through the real page (issue 13 item 8): each test replays
 * a path of the machine — its events made as a shopper makes them (`SignInPage`), reaching the page
 * by the header's link so the machine starts in the browser. Where a path needs the server to fail
 * (the network drops a call), the browser's request is aborted once; the server itself is real.
 */
const BAYSIDE = 'bayside-mazda';
const PASSWORD = 'correct horse battery';

/** Opens `/` and follows the header's account link: the sign-in page starts in the browser. */
async function viaHeader(page: Page): Promise<SignInPage> {
  const shell = new WatchlistPage(page, BAYSIDE);
  await shell.open('/');
  await shell.accountLink.click();
  await expect(page).toHaveURL(/\/sign-in/);
  return new SignInPage(page, BAYSIDE);
}

test.describe('sign-in page, its machine driven through the UI', () => {
  test('refused form, sign-up, account, phone, sign-out, a wrong password and a sign-in', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 401/);
    const email = freshEmail('paths');
    let signIn = await viaHeader(page);
    await expect(signIn.heading).toHaveText('Sign in');
    await signIn.submitCredentials('not an email', PASSWORD);
    await expect(signIn.fieldError('email')).toHaveText('Please enter a valid email address');

    await signIn.switchMode();
    await expect(signIn.heading).toHaveText('Create an account');
    await signIn.submitCredentials(email);
    // Issue 14 item 8: the account is finished from the emailed link; "Sign in instead" meanwhile.
    await expect(signIn.heading).toHaveText('Check your email');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in instead' }).click();
    await expect(signIn.heading).toHaveText('Sign in');
    // Decision 104: the link opens the page where the password is chosen, at the site's own origin.
    const link = await emailedLink(email);
    expect(link.startsWith(`${siteOrigin(BAYSIDE)}/sign-in/set-password?`)).toBe(true);
    await page.goto(link);
    await expect(signIn.heading).toHaveText('Choose your password');
    await expectAccessible(page);
    await signIn.choosePassword('short');
    await expect(signIn.fieldError('password')).toHaveText('Your password needs at least 8 characters');
    await signIn.choosePassword(PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/`);

    signIn = await viaHeader(page);
    await expect(signIn.heading).toHaveText('Your account');
    await signIn.submitPhone('12');
    await expect(signIn.fieldError('phone_number')).toHaveText('Please enter a valid phone number');
    await signIn.submitPhone('0400 222 333');
    const storedPhone = () =>
      page.evaluate(async () => {
        const answer = (await (await fetch('/api/auth/session')).json()) as {
          user: { phone_number: string };
        };
        return answer.user.phone_number;
      });
    await expect.poll(storedPhone).toBe('0400222333');
    await expect(page.getByRole('button', { name: 'Save phone number' })).toBeEnabled();

    await signIn.signOut();
    await expect(signIn.heading).toHaveText('Sign in');
    await signIn.submitCredentials(email, 'not the password');
    await expect(signIn.alert).toContainText('Incorrect email or password');
    await signIn.submitCredentials(email, PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/`);
  });

  test('a shopper who comes for the watchlist without a phone adds one and goes on; a failed save asks again', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const email = freshEmail('phoneless');
    let signIn = await viaHeader(page);
    await signIn.switchMode();
    await signIn.submitCredentials(email);
    await signIn.openEmailedLink(email);
    await signIn.choosePassword(PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/`);
    signIn = await viaHeader(page);
    await signIn.signOut();
    await expect(signIn.heading).toHaveText('Sign in');

    const watchlist = new WatchlistPage(page, BAYSIDE);
    await watchlist.open('/sign-in?type=watchlist&redirect=%2Fwatchlist&back=%2F');
    await signIn.submitCredentials(email, PASSWORD);
    await expect(signIn.heading).toHaveText('Add your phone number');
    await dropNextCall(page, '**/api/auth/phone');
    await signIn.submitPhone('0400 333 444');
    await expect(signIn.alert).toBeVisible();
    await expect(signIn.heading).toHaveText('Add your phone number');
    await signIn.submitPhone('0400 333 444');
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/watchlist`);
  });

  test('a session that cannot be read offers a retry; a failed phone change or sign-out keeps the account', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const shell = new WatchlistPage(page, BAYSIDE);
    await shell.signUpInBrowser(freshEmail('faults'), '0400 444 555');
    await shell.open('/');
    await dropNextCall(page, '**/api/auth/session');
    await shell.accountLink.click();
    const signIn = new SignInPage(page, BAYSIDE);
    await expect(signIn.heading).toHaveText('Sorry, this page could not be loaded');
    await signIn.retry();
    await expect(signIn.heading).toHaveText('Your account');

    await dropNextCall(page, '**/api/auth/phone');
    await signIn.submitPhone('0400 444 666');
    await expect(signIn.alert).toBeVisible();
    await expect(signIn.heading).toHaveText('Your account');

    await dropNextCall(page, '**/api/auth/sign-out');
    await signIn.signOut();
    await expect(signIn.alert).toBeVisible();
    await expect(signIn.heading).toHaveText('Your account');
  });
});

test.describe('accounts are the inbox’s (issue 31 item 2, decision 104)', () => {
  test('an account signed up by someone else first is still the inbox owner’s: their password, not the stranger’s', async ({
    page,
    request,
  }) => {
    const email = freshEmail('taken');
    const host = `${BAYSIDE}.localhost:${E2E_PORT}`;
    const stranger = (path: string, data: object) =>
      request.post(nodeRequest(host, path).url, { headers: { host }, data });
    expect((await stranger('/api/auth/sign-up', { email, password: 'stranger password' })).status()).toBe(
      202,
    );

    const signIn = await viaHeader(page);
    await signIn.signUp(email, PASSWORD);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/`);
    expect((await stranger('/api/auth/sign-in', { email, password: 'stranger password' })).status()).toBe(
      401,
    );
    expect((await stranger('/api/auth/sign-in', { email, password: PASSWORD })).status()).toBe(200);
  });

  test('“Forgot password?” emails a link whose new password signs in here and signs out everywhere else', async ({
    page,
    browser,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of (401|410)/);
    const email = freshEmail('reset');
    const shell = new WatchlistPage(page, BAYSIDE);
    await shell.signUpInBrowser(email, null);
    await shell.open('/');
    await expect(shell.accountLink).toHaveText('Your account');

    // On another device, signed out: "Forgot password?" keeps where the shopper was going.
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      const signIn = new SignInPage(phone, BAYSIDE);
      await signIn.open('/sign-in?type=checkout&redirect=%2Fsaved-searches&back=%2F');
      await signIn.forgotPassword.click();
      await expect(signIn.heading).toHaveText('Forgot your password?');
      await expectAccessible(phone);
      await signIn.askForNewPassword(email);
      await expect(signIn.heading).toHaveText('Check your email');
      await expect(phone.getByRole('status')).toHaveText(
        `We have sent an email to ${email}. Open its link to choose a new password.`,
      );
      const link = await emailedLink(email);
      expect(link).toMatch(/[?&]reset=1(&|$)/);
      await phone.goto(link);
      await expect(signIn.heading).toHaveText('Choose a new password');
      await signIn.choosePassword('a brand new password');
      await expect(phone).toHaveURL(`${siteOrigin(BAYSIDE)}/saved-searches`);
    } finally {
      await other.close();
    }

    // The first device's session ended with the reset; the old password no longer signs in.
    await shell.open('/');
    await expect(shell.accountLink).toHaveText('Sign in');
    const signIn = await viaHeader(page);
    await signIn.submitCredentials(email, PASSWORD);
    await expect(signIn.alert).toContainText('Incorrect email or password');
    await signIn.submitCredentials(email, 'a brand new password');
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/`);

    // A used link says so and offers a new one.
    await page.goto(await emailedLink(email));
    await signIn.choosePassword('yet another password');
    await expect(signIn.heading).toHaveText('This link no longer works');
    await expect(page.getByRole('link', { name: 'Email me a new link' })).toBeVisible();
  });

  test('a reset asked for an email without an account answers the same, and its inbox gets a note', async ({
    page,
  }) => {
    const email = freshEmail('no-account');
    const signIn = new SignInPage(page, BAYSIDE);
    await signIn.open('/sign-in/forgot-password');
    await signIn.askForNewPassword(email);
    await expect(signIn.heading).toHaveText('Check your email');
    const note = await emailedText(email, 'About your password');
    expect(note).toContain('there is no such account');
    expect(note).not.toContain('token=');
  });

  test('a reset refuses what is not an email, and one the network lost says so and may be asked again', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED|Failed to load resource/);
    const email = freshEmail('reset-offline');
    const signIn = new SignInPage(page, BAYSIDE);
    await signIn.open('/sign-in/forgot-password');
    await signIn.askForNewPassword('not an email');
    await expect(signIn.fieldError('email')).toHaveText('Please enter a valid email address');

    await dropNextCall(page, '**/api/auth/password-reset');
    await signIn.askForNewPassword(email);
    await expect(signIn.alert).toContainText('Network error');
    await expect(signIn.heading).toHaveText('Forgot your password?');
    await signIn.askForNewPassword(email);
    await expect(signIn.heading).toHaveText('Check your email');
  });
});
