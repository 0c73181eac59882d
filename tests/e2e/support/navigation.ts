import type { Page } from '@playwright/test';

/** Goes to `path` inside the app as the browser's back button or a link would (no page load). */
export async function goWithinApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
