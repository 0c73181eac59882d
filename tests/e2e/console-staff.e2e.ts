import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { STAFF_MESSAGES } from '../../domain/staff.ts';
import { consoleSignInForm, signInToConsole, signOutOfConsole } from './support/console.ts';
import { expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { emailedText } from './support/mailbox.ts';
import { siteOrigin } from './support/server.ts';

/**
 * The console's staff (issue 36 item 2, decisions 125 and 126) through the real pages: a manager
 * invites a sales member from the Staff page, the emailed link opens the invitation page, the new
 * member joins and is signed in, cannot open Staff, and the manager's audit log lists both steps;
 * the link works once; removing the member is asked again (kept, then removed); a member turns on two-step sign-in on Your account and signing in then asks
 * for the code (a wrong one refused); axe on Staff, Audit log and Your account. The members are made
 * in each test: the demo accounts sign in from other e2e files at the same time.
 */
const HARBOUR = 'harbour-auto-group';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const PASSWORD = 'a-new-members-password';

/** The invitation link in the newest invitation emailed to `email`. */
async function emailedInvitation(email: string): Promise<string> {
  const text = await emailedText(email, 'Your invitation to the dealer console');
  const link = text.match(/https?:\/\/\S+\/dealer\/invitation\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in the email to ${email}`);
  return link;
}

/**
 * The manager of `site` (signed in on `page`, on the Staff page) invites `email` as a sales member
 * and the invitation is listed as waiting; returns the emailed link.
 */
async function inviteSalesMember(page: Page, email: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption('sales');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`An invitation is on its way to ${email}`);
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('Sales');
  await expect(form.getByLabel('Email'), 'the form clears once it is sent').toHaveValue('');
  return emailedInvitation(email);
}

/** Opens an invitation link and joins with `name` and the test's password; the console opens. */
async function acceptInvitation(page: Page, link: string, email: string, name: string): Promise<void> {
  await page.goto(link);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(heading(page)).toHaveText("Join Harbour Auto Group's console");
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(page).toHaveURL(`${siteOrigin(HARBOUR)}/dealer`);
  await expect(page.getByTestId('console-member')).toContainText(name);
  await expect(page.getByTestId('console-member')).toContainText('Sales');
}

/** Signs in through the form with `email` and the test's password, up to the code step when there is one. */
async function fillSignIn(page: Page, email: string): Promise<void> {
  await page.goto(`${siteOrigin(HARBOUR)}/dealer/sign-in`);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  const form = consoleSignInForm(page);
  await form.email.fill(email);
  await form.password.fill(PASSWORD);
  await form.submit.click();
}

test('a manager invites a sales member, who joins through the emailed link; the audit log lists both', async ({
  page,
  browser,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 403/);
  consoleWatch.allow(/status of 410/);
  consoleWatch.allow(/status of 409/);
  const email = freshEmail('staff-invite');
  await signInToConsole(page, { site: HARBOUR, role: 'manager', returnTo: '/dealer/staff' });
  await expect(heading(page)).toHaveText('Staff');
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(
    'manager@harbour-auto-group.example',
  );
  await expectAccessible(page);
  // An active member's email is refused with the server's message.
  await page
    .getByRole('form', { name: 'Invite a member' })
    .getByLabel('Email')
    .fill('sales@harbour-auto-group.example');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(STAFF_MESSAGES.alreadyMember);
  const link = await inviteSalesMember(page, email);
  expect(new URL(link).origin).toBe(siteOrigin(HARBOUR));

  // The new member, in a browser of their own.
  const context = await browser.newContext();
  const member = await context.newPage();
  member.on('console', (message) => {
    if (message.type() === 'error' && !/status of (403|410)/.test(message.text()))
      consoleWatch.errors.push(message.text());
  });
  await acceptInvitation(member, link, email, 'Nina Newhire');
  // A sales member: no Staff in the navigation, and the Staff page is for managers.
  const navigation = member.getByRole('navigation', { name: 'Console' });
  await expect(navigation.getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const forbidden = await member.goto(`${siteOrigin(HARBOUR)}/dealer/staff`);
  expect(forbidden?.status()).toBe(403);
  await expect(heading(member)).toHaveText('This page is for managers');

  // The link works once.
  await member.goto(link);
  await expect(heading(member)).toHaveText('This invitation cannot be used');
  await expect(member.getByRole('alert')).toHaveText(STAFF_MESSAGES.invitationUsed);
  await context.close();

  // The manager's staff page lists the member; the audit log, the invitation and the joining.
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email }),
  ).toContainText('Nina Newhire');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(`${siteOrigin(HARBOUR)}/dealer/audit`);
  await expect(heading(page)).toHaveText('Audit log');
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows.filter({ hasText: 'staff.invite' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'staff.invite' })).toContainText('manager@harbour-auto-group.example');
  await expect(rows.filter({ hasText: 'staff.join' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'staff.join' })).toContainText('Nina Newhire');
  await expectAccessible(page);

  // Removing her is asked again: Keep leaves her be, the second yes removes her.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Remove Nina Newhire' }).click();
  await expect(row).toContainText('Remove Nina Newhire? They are signed out at once.');
  await row.getByRole('button', { name: 'Keep' }).click();
  await expect(row.getByRole('button', { name: 'Yes, remove Nina Newhire' })).toHaveCount(0);
  await expect(row).toContainText('Sales');
  await row.getByRole('button', { name: 'Remove Nina Newhire' }).click();
  await row.getByRole('button', { name: 'Yes, remove Nina Newhire' }).click();
  await expect(page.getByRole('status')).toHaveText('Nina Newhire is removed and signed out');
  await expect(row).toContainText('Removed');
});

test('a member turns on two-step sign-in, and signing in then asks for the code', async ({
  page,
  browser,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 401/);
  consoleWatch.allow(/status of 422/);
  const email = freshEmail('staff-totp');
  // A member of the test's own: the manager invites them in another browser.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInToConsole(manager, { site: HARBOUR, role: 'manager', returnTo: '/dealer/staff' });
  const link = await inviteSalesMember(manager, email);
  await managerContext.close();
  await acceptInvitation(page, link, email, 'Tariq Twostep');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(`${siteOrigin(HARBOUR)}/dealer/account`);
  await expect(heading(page)).toHaveText('Your account');
  await expect(page.getByText('Off: signing in asks only for your password.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('link', { name: 'Open in your authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\//,
  );
  await expectAccessible(page);
  const codeField = page.getByLabel('Code from your authenticator app');
  // A code that is not six digits is refused on the page, with the field's message.
  await codeField.fill('12');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByText(STAFF_MESSAGES.code)).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('status')).toHaveText('Two-step sign-in is on');
  await expect(page.getByText('On: signing in asks for a code from your authenticator app.')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await signOutOfConsole(page);

  // Signing in now asks for the code after the password.
  await fillSignIn(page, email);
  await expect(page.getByText(`Two-step sign-in is on for ${email}.`)).toBeVisible();
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeFocused();
  await expectAccessible(page);
  // A wrong code (none of the codes of the steps around now) is refused…
  const now = Math.floor(Date.now() / 1000);
  const around = await Promise.all(
    [-60, -30, 0, 30, 60].map((shift) => generate({ secret, epoch: now + shift })),
  );
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find(
    (candidate) => !around.includes(candidate),
  );
  await code.fill(wrong ?? '999999');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(consoleSignInForm(page).alert).toHaveText(STAFF_MESSAGES.codeWrong);
  await expect(page).toHaveURL(/\/dealer\/sign-in/);
  // …and the right one signs in. A code counts once, and confirming used this step's: the next
  // step's code (which the server takes, a phone's clock drifting) is the one an app shows next.
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(`${siteOrigin(HARBOUR)}/dealer`);
  await expect(page.getByTestId('console-member')).toContainText('Tariq Twostep');
});
