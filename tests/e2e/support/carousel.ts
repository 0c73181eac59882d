import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Presses a carousel's arrow until it is disabled (the carousel at its end), one slide at a time: after
 * each press it waits for the track to move (a press during the previous slide's scroll may be dropped
 * by a busy browser, and is then pressed again), never for a fixed time. Fails if the end is not
 * reached within twice as many presses as there are slides.
 */
export async function pressToTheEnd(carousel: Locator, arrow: Locator): Promise<void> {
  const track = carousel.getByTestId('carousel-track');
  const slides = await track.locator(':scope > li').count();
  const position = () => track.evaluate((element) => element.scrollLeft);
  for (let press = 0; press < slides * 2 && (await arrow.isEnabled()); press++) {
    const before = await position();
    await arrow.click();
    // Moved, or the arrow went out at the end: on to the next press either way.
    await expect
      .poll(async () => (await position()) !== before || !(await arrow.isEnabled()), { timeout: 2_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  await expect(arrow).toBeDisabled();
}
