import { chromium, type Page } from 'playwright';

/**
 * Frames while results load (issue 20 item 4: "the range slider and text box stay at 60 frames per
 * second while results load"), in Chromium against a running production server.
 *
 * Two shopper gestures on `{origin}/search` (desktop viewport, the sidebar's price slider): dragging
 * the price thumb back and forth in small mouse steps (each release searches), and typing a make
 * into the search box a key every 80 ms (each key asks for suggestions). While each runs, a
 * `requestAnimationFrame` loop in the page records every frame's start; a frame interval over one
 * vsync (16.7 ms, with 25 % slack for timer jitter: 20.8 ms) is a missed frame. The gesture's
 * searches run over loopback to the embedded endpoint, as the facet click's do.
 */
export interface FrameSeries {
  gesture: string;
  frames: number;
  /** Share of frame intervals within one vsync (with slack), in percent. */
  onTimePercent: number;
  p95Ms: number;
  maxMs: number;
  /** Frames the display would have shown that the page did not draw. */
  dropped: number;
  /** Requests to the search endpoint the gesture made (results and suggestions loading meanwhile). */
  searches: number;
}

/** Where the price thumb is dragged to, as fractions of its travel. */
const STOPS = [0.3, 0.12, 0.5, 0.2, 0.6, 0.05];
/** What is typed, a key every 80 ms, each then searched with Enter. */
const WORDS = ['toyota', 'hyundai kona', 'mazda cx', 'ford ranger'];
const VSYNC_MS = 1000 / 60;
const LATE_MS = VSYNC_MS * 1.25;

/** Starts recording frame starts in the page (plain source: see facet-click.ts on tsx's `__name`). */
const START = `(() => {
  const frames = [];
  window.__frames = frames;
  window.__recording = true;
  const tick = (t) => { frames.push(t); if (window.__recording) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;
const STOP = `(() => { window.__recording = false; return window.__frames; })()`;

function summarise(gesture: string, starts: number[], searches: number): FrameSeries {
  const intervals = starts.slice(1).map((t, i) => t - (starts[i] ?? t));
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    gesture,
    frames: intervals.length,
    onTimePercent: round(
      (100 * intervals.filter((ms) => ms <= LATE_MS).length) / Math.max(1, intervals.length),
    ),
    p95Ms: round(at(95)),
    maxMs: round(at(100)),
    dropped: intervals.reduce((sum, ms) => sum + Math.max(0, Math.round(ms / VSYNC_MS) - 1), 0),
    searches,
  };
}

async function recorded(page: Page, gesture: string, run: () => Promise<void>): Promise<FrameSeries> {
  let searches = 0;
  const count = (request: { url(): string }) => {
    if (new URL(request.url()).pathname.startsWith('/search-api/')) searches++;
  };
  page.on('request', count);
  await page.evaluate(START);
  await run();
  // The last search's results paint inside the recording.
  await page.waitForSelector('[data-status="hasData"] [data-testid="result-count"]');
  await page.waitForTimeout(300);
  page.off('request', count);
  const series = summarise(gesture, (await page.evaluate(STOP)) as number[], searches);
  if (searches === 0) throw new Error(`${gesture}: no search ran, so nothing loaded while it was measured`);
  return series;
}

/** Drags the price slider and types into the search box on `{origin}/search`, recording frames. */
export async function measureFrames(options: { origin: string; rounds?: number }): Promise<FrameSeries[]> {
  const rounds = options.rounds ?? 6;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${options.origin}/search`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForSelector('[data-status="hasData"] [data-testid="result-count"]');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const thumb = filters.getByRole('slider').first();
    await thumb.scrollIntoViewIfNeeded();
    const slider = await recorded(page, 'dragging the price slider', async () => {
      for (let round = 0; round < rounds; round++) {
        // A search scrolls the page to the top: bring the slider back, as a shopper would.
        await thumb.scrollIntoViewIfNeeded();
        const box = await thumb.boundingBox();
        if (!box) throw new Error('the price thumb is not on screen');
        const [value, max] = await thumb.evaluate((input) => [
          (input as HTMLInputElement).valueAsNumber,
          Number((input as HTMLInputElement).max),
        ]);
        const half = box.height / 2;
        const x = (at: number) => box.x + half + at * (box.width - 2 * half);
        await page.mouse.move(x(value / max), box.y + half);
        await page.mouse.down();
        // A new position each time: every release is a search the page has not cached.
        await page.mouse.move(x(STOPS[round % STOPS.length] ?? 0.5), box.y + half, { steps: 24 });
        await page.mouse.up();
        await page.waitForTimeout(120);
      }
    });
    const box = page.getByRole('combobox', { name: 'Search stock' });
    await box.scrollIntoViewIfNeeded();
    const typing = await recorded(page, 'typing into the search box', async () => {
      for (const words of WORDS) {
        await box.fill('');
        await box.pressSequentially(words, { delay: 80 });
        await box.press('Enter');
        await page.waitForTimeout(150);
      }
    });
    return [slider, typing];
  } finally {
    await browser.close();
  }
}
