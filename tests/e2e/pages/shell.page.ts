import type { Locator, Page, Response } from '@playwright/test';
import { siteOrigin } from '../support/server.ts';

/** The storefront shell every page shares: header, menus, footer, and the hydration flag. */
export class ShellPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly mainNav: Locator;

  constructor(
    readonly page: Page,
    readonly slug: string,
  ) {
    this.header = page.locator('header').first();
    this.footer = page.locator('footer').first();
    this.mainNav = page.getByRole('navigation', { name: 'Main' });
  }

  /** Opens a path on this dealer's own host and waits until React has hydrated it. */
  async open(path = '/'): Promise<Response | null> {
    const response = await this.page.goto(`${siteOrigin(this.slug)}${path}`);
    await this.page.locator('html[data-hydrated="true"]').waitFor();
    return response;
  }

  menuTrigger(label: string): Locator {
    return this.mainNav.getByRole('button', { name: label });
  }

  menuLink(label: string): Locator {
    return this.mainNav.getByRole('link', { name: label, exact: true });
  }

  /** How far down the page is scrolled, in CSS pixels. */
  scrollY(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }

  /** Where an element's top is, in CSS pixels below the top of the window. */
  topOf(locator: Locator): Promise<number> {
    return locator.evaluate((element) => Math.round(element.getBoundingClientRect().top));
  }

  theme(): Promise<string | null> {
    return this.page.locator('html').getAttribute('data-panda-theme');
  }
}
