import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { STAFF_MESSAGES } from '../../domain/staff.ts';
import { consoleSignInForm, demoStaffAccount, signInToConsole, signOutOfConsole } from './support/console.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { nodeRequest, siteOrigin } from './support/server.ts';

/**
 * The dealer console's own app (issue 36 item 7, decision 126) through the real pages: sign-in and
 * sign-out, a wrong password, a signed-out visit sent to sign in and back, a member of one dealer a
 * stranger on another's site, axe on each page, a phone's width, and none of its code in any
 * storefront route's JavaScript.
 */
const BAYSIDE = 'bayside-mazda';
const HARBOUR = 'harbour-auto-group';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The page scrolls sideways by this many pixels (0 or less: it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('the dealer console', () => {
  test('a manager signs in through the form, sees the overview and the navigation, and signs out', async ({
    page,
  }) => {
    await page.goto(`${siteOrigin(BAYSIDE)}/dealer/sign-in`);
    await expect(heading(page)).toHaveText('Sign in to the console');
    await expectAccessible(page);
    await signInToConsole(page, { site: BAYSIDE, role: 'manager' });
    await expect(heading(page)).toHaveText(/^Welcome, /);
    await expect(page.getByTestId('console-member')).toContainText('Manager');
    const navigation = page.getByRole('navigation', { name: 'Console' });
    await expect(navigation.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
    await signOutOfConsole(page);
    await expect(heading(page)).toHaveText('Sign in to the console');
    // Signed out for real: the overview sends to sign in again.
    await page.goto(`${siteOrigin(BAYSIDE)}/dealer`);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/dealer/sign-in`);
  });

  test('a wrong password is refused with the server’s message, and the right one then signs in', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 401/);
    const { email, password } = demoStaffAccount(BAYSIDE, 'sales');
    await page.goto(`${siteOrigin(BAYSIDE)}/dealer/sign-in`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const form = consoleSignInForm(page);
    await form.email.fill(email);
    await form.password.fill('not-the-password');
    await form.submit.click();
    await expect(form.alert).toHaveText(STAFF_MESSAGES.signInFailed);
    await expectAccessible(page);
    await form.password.fill(password);
    await form.submit.click();
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/dealer`);
    await expect(page.getByTestId('console-member')).toContainText('Sales');
  });

  test('a signed-out visit is sent to sign in, and returns to the page it asked for', async ({ page }) => {
    const asked = '/dealer?from=bookmark';
    await page.goto(`${siteOrigin(BAYSIDE)}${asked}`);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/dealer/sign-in?return=${encodeURIComponent(asked)}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const { email, password } = demoStaffAccount(BAYSIDE, 'manager');
    const form = consoleSignInForm(page);
    await form.email.fill(email);
    await form.password.fill(password);
    await form.submit.click();
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}${asked}`);
    await expect(heading(page)).toHaveText(/^Welcome, /);
  });

  test('staff of one dealer are strangers on another dealer’s site', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 401/);
    // Harbour's manager signs in on their own site…
    await signInToConsole(page, { site: HARBOUR, role: 'manager' });
    // …is not signed in on Bayside's (its pages send them to sign in)…
    await page.goto(`${siteOrigin(BAYSIDE)}/dealer`);
    await expect(page).toHaveURL(`${siteOrigin(BAYSIDE)}/dealer/sign-in`);
    // …and Harbour's account does not open Bayside's console.
    const { email, password } = demoStaffAccount(HARBOUR, 'manager');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const form = consoleSignInForm(page);
    await form.email.fill(email);
    await form.password.fill(password);
    await form.submit.click();
    await expect(form.alert).toHaveText(STAFF_MESSAGES.signInFailed);
  });

  test('an invitation link that cannot be used says so', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 410/);
    await page.goto(`${siteOrigin(BAYSIDE)}/dealer/invitation?token=${'x'.repeat(43)}`);
    await expect(heading(page)).toHaveText('This invitation cannot be used');
    await expect(page.getByRole('alert')).toHaveText(STAFF_MESSAGES.invitationUnknown);
    await expectAccessible(page);
  });

  test('on a 375 px phone the console fits without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${siteOrigin(BAYSIDE)}/dealer/sign-in`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await signInToConsole(page, { site: BAYSIDE, role: 'manager' });
    expect(await sidewaysScroll(page), '/dealer at 375 px').toBeLessThanOrEqual(0);
    const links = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      await page.goto(`${siteOrigin(BAYSIDE)}${href}`);
      await expect(page.getByTestId('console-member')).toBeVisible();
      expect(await sidewaysScroll(page), `${href} at 375 px`).toBeLessThanOrEqual(0);
    }
  });

  test('console pages are not indexed and robots.txt keeps crawlers out of /dealer', async ({ request }) => {
    const robots = nodeRequest(`${BAYSIDE}.localhost`, '/robots.txt');
    expect(await (await request.get(robots.url, { headers: robots.headers })).text()).toContain(
      'Disallow: /dealer',
    );
    const signIn = nodeRequest(`${BAYSIDE}.localhost`, '/dealer/sign-in');
    const answer = await request.get(signIn.url, { headers: signIn.headers, maxRedirects: 0 });
    expect(answer.headers()['x-robots-tag']).toContain('noindex');
    expect(answer.headers()['cache-control']).toBe('no-store');
    const overview = nodeRequest(`${BAYSIDE}.localhost`, '/dealer');
    const redirected = await request.get(overview.url, { headers: overview.headers, maxRedirects: 0 });
    expect(redirected.status()).toBe(302);
    expect(redirected.headers().location).toBe('/dealer/sign-in');
  });
});

/** One chunk of a Vite build manifest. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const CLIENT = resolve(import.meta.dirname, '../../dist/client');
const CONSOLE_SOURCE =
  /(^|\/)(views\/console\/|machines\/console-[^/]+\/|services\/console\/|domain\/contracts\/console-)/;

test('no storefront route’s JavaScript contains console code (both build manifests, each chunk’s sources)', () => {
  const storefront = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const consoleManifest = JSON.parse(
    readFileSync(join(CLIENT, '.vite/console-manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  // Every chunk a storefront route can load: the entry's, each page's and what they import.
  const files = new Set(
    Object.values(storefront)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  );
  expect(files.size).toBeGreaterThan(5);
  expect(Object.keys(storefront).filter((key) => CONSOLE_SOURCE.test(key))).toEqual([]);
  const consoleFiles = new Set(Object.values(consoleManifest).map((chunk) => chunk.file));
  // Rolldown's runtime helper is the same bytes in both builds, so both name the same file: not console code.
  expect([...files].filter((file) => consoleFiles.has(file) && !/rolldown-runtime-/.test(file))).toEqual([]);
  // The sources each chunk was built from (its source map): none of them is the console's.
  for (const file of files) {
    const map = join(CLIENT, `${file}.map`);
    if (!existsSync(map)) continue;
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    expect(
      sources.filter((source) => CONSOLE_SOURCE.test(source)),
      `${file} holds console modules`,
    ).toEqual([]);
  }
  // And the console is built: its entry names its own chunks.
  expect(Object.values(consoleManifest).some((chunk) => chunk.isEntry && chunk.src === 'console.html')).toBe(
    true,
  );
});
