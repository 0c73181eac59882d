import type { Locator, Page } from '@playwright/test';
import type { CompareCar } from '../../../domain/compare.ts';
import { ShellPage } from './shell.page.ts';

/** Where the tray is kept in the browser (`services/storage/browser-storage.ts` `STORAGE_KEYS.compare`). */
const TRAY_KEY = 'forecourt:compare';

/**
 * Compare (issue 19 item 1): the Compare toggles of the listing's cards and the car page, the tray at
 * the foot of every page, and the comparison at `/compare?cars=…`.
 */
export class ComparePage extends ShellPage {
  readonly toggles: Locator;
  readonly tray: Locator;
  readonly trayAlert: Locator;
  readonly heading: Locator;
  readonly columns: Locator;
  readonly share: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.toggles = page.getByRole('button', { name: /^Compare / });
    this.tray = page.getByRole('region', { name: 'Compare' });
    this.trayAlert = this.tray.getByRole('alert');
    this.heading = page.getByRole('heading', { level: 1 });
    this.columns = page.getByTestId('compare-column');
    this.share = page.getByLabel('Share this comparison');
  }

  /** The car a Compare toggle is for (its name, from its label). */
  async carOf(toggle: Locator): Promise<string> {
    return ((await toggle.getAttribute('aria-label')) ?? '').replace(/^Compare /, '');
  }

  /** Presses the first `count` Compare toggles on the page, each until it shows pressed; their cars' names. */
  async addFirst(count: number): Promise<string[]> {
    const names: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const toggle = this.toggles.nth(i);
      names.push(await this.carOf(toggle));
      await toggle.click();
      await toggle.and(this.page.locator('[aria-pressed="true"]')).waitFor();
    }
    return names;
  }

  /** The tray's Remove button of one car. */
  removeFromTray(name: string): Locator {
    return this.page.getByRole('button', { name: `Remove ${name} from compare` });
  }

  /**
   * Stores `value` as the tray before the first page of this context loads (a tray from an earlier
   * visit; a string is stored as it is, e.g. one that is not a tray).
   */
  async storeTray(value: readonly CompareCar[] | string): Promise<void> {
    const raw = typeof value === 'string' ? value : JSON.stringify(value);
    await this.page.context().addInitScript(
      ([key, stored]) => {
        // Once per browser context: later pages and reloads find what the app wrote since.
        if (localStorage.getItem('e2e:tray-stored')) return;
        localStorage.setItem(key, stored);
        localStorage.setItem('e2e:tray-stored', '1');
      },
      [TRAY_KEY, raw] as const,
    );
  }
}
