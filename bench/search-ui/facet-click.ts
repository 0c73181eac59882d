import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright';

/**
 * Facet click → results painted on the search listing, in Chromium against a running production
 * server (issue 4 item 8: p95 over at least 30 clicks, goal ≤ 100 ms on loopback).
 *
 * Opens `{origin}/search` (desktop viewport, so the filter sidebar shows), waits for hydration and
 * picks one checkbox list of the sidebar: body type or fuel if they have enough values, else the
 * next list that has (colour on the franchise template). Each click ticks or unticks one value,
 * following a Gray code over the list's values, so every click makes a search state the page has
 * not had before: none is answered from an earlier search — neither the search machine's result
 * cache (`machines/search/`) nor the algoliasearch client's in-memory response cache, which keeps
 * every answer for the page's life. Every click thus runs a real search over loopback; that is
 * checked: a click that sends no request to `/search-api` fails the run.
 *
 * Timing is taken inside the page: `performance.now()` in a capture-phase `pointerdown` listener on
 * the window (the first event of Playwright's click, which releases 2 ms later) starts the sample; a
 * MutationObserver on the listing root waits for `data-status="hasData"` once the click has changed
 * the address, then a double `requestAnimationFrame` (the frame after the one the new results went
 * into) ends it, approximating their paint. With `pressMs` the press is held that long, as a
 * shopper's is, and the sample starts at the release (the click event, which ticks the value): the
 * search a press starts (decision 102) may then be answered before the click. Between clicks the page settles: status
 * `hasData`, no request in flight, the expected values ticked, the page still; the next value is
 * then scrolled into view before it is clicked (so the click's own scroll to the top, which a filter
 * change makes, happens inside its sample, as for a shopper). The warm-up clicks are
 * dropped; p50 and p95 are nearest-rank.
 *
 * Each sample is also cut into the phases a shopper waits through, from the same clock: the click
 * until the search request leaves (the page's own work: the machine's transition, the loading
 * state's render), the request until its response is in (Resource Timing of the `/search-api` entry:
 * the network, the endpoint and the browser's network stack, on the same two cores as the browser),
 * the response until the results are in the page (parsing, validation, the machine, React's render
 * and commit) and from there until the frame after them (layout, paint, the deferred facet counts).
 */

/** Where a click's time goes (see the module comment), each in ms. */
export interface ClickPhases {
  /** The click until the search request leaves. */
  toRequest: number;
  /** The request until its response is in. */
  request: number;
  /** The response until the new results are in the page. */
  toCommit: number;
  /** The results in the page until the frame after them. */
  toPaint: number;
}

export const PHASES: Record<keyof ClickPhases, string> = {
  toRequest: 'click → request sent',
  request: 'request → response in',
  toCommit: 'response → results in the page',
  toPaint: 'results in the page → painted',
};

export interface FacetClickResult {
  clicks: number;
  samplesMs: number[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  facet: string;
  /** Each phase's p50 and p95 over the same clicks. */
  phases: Record<keyof ClickPhases, { p50Ms: number; p95Ms: number }>;
}

/** List filters to click, best first: the brief's body and fuel, then any other checkbox list. */
const PREFERRED = ['body', 'fuel', 'colour', 'model', 'transmission', 'drive', 'seats'];
/** How long one click may take to show its results before the run fails. */
const CLICK_TIMEOUT_MS = 10_000;

/** What the in-page probe hands back for one click. */
interface ProbeSample {
  ms: number;
  phases: ClickPhases;
}

/** The in-page probe (on `window`): armed before a click, `pending` resolves when its results are painted. */
interface Probe {
  /** `fromRelease`: the sample starts at the click event (the release), not at the press. */
  arm(timeoutMs: number, fromRelease: boolean): void;
  pending: Promise<ProbeSample> | null;
}

type ProbeWindow = Window & { __facetClickProbe?: Probe };

/**
 * Installs the probe on `window.__facetClickProbe`. Plain JavaScript source, not a function:
 * tsx (esbuild's keepNames) would wrap a serialised function's inner functions in a `__name`
 * helper that does not exist in the page.
 */
const PROBE = `(() => {
  const count = document.querySelector('[data-testid="result-count"]');
  const root = count && count.closest('[data-status]');
  if (!count || !root) throw new Error('the listing has no result count inside a [data-status] root');
  const probe = { pending: null };
  probe.arm = (timeoutMs, fromRelease) => {
    // The buffer keeps 250 entries; each click needs only its own search's.
    performance.clearResourceTimings();
    const hrefBefore = location.href;
    let clickAt = null;
    let done = false;
    probe.pending = new Promise((resolveSample, rejectSample) => {
      const onPointer = (event) => {
        if (fromRelease && event.type !== 'click') return;
        if (clickAt === null) clickAt = performance.now();
      };
      const stop = () => {
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        removeEventListener('pointerdown', onPointer, true);
        removeEventListener('click', onPointer, true);
      };
      const check = () => {
        if (done || clickAt === null) return;
        const status = root.dataset.status;
        if (status === 'hasError') {
          stop();
          rejectSample(new Error('the search failed (data-status="hasError")'));
          return;
        }
        // The address changes at the click; hasData after it means the click's results are in the
        // DOM (the count and the grid commit with the status), searched or answered from the cache.
        if (status !== 'hasData' || location.href === hrefBefore) return;
        const start = clickAt;
        const committed = performance.now();
        stop();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const end = performance.now();
            const request = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.includes('/search-api/'))
              .pop();
            if (!request) {
              rejectSample(new Error('the click sent no search request'));
              return;
            }
            resolveSample({
              ms: end - start,
              phases: {
                toRequest: request.startTime - start,
                request: request.responseEnd - request.startTime,
                toCommit: committed - request.responseEnd,
                toPaint: end - committed,
              },
            });
          }),
        );
      };
      const observer = new MutationObserver(check);
      const timer = setTimeout(() => {
        stop();
        rejectSample(new Error('no results within ' + timeoutMs + ' ms of the click'));
      }, timeoutMs);
      // The click starts at its first event, pointerdown; click is a fallback.
      addEventListener('pointerdown', onPointer, true);
      addEventListener('click', onPointer, true);
      observer.observe(root, {
        attributes: true,
        attributeFilter: ['data-status'],
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    probe.pending.catch(() => undefined);
  };
  window.__facetClickProbe = probe;
})()`;

/**
 * Resolves once the page has not scrolled for three frames: a filter change scrolls smoothly to the
 * top, and the next click should start on a still page. Source text, as {@link PROBE}.
 */
const SCROLL_STILL = `new Promise((done) => {
  let y = scrollY;
  let still = 0;
  const frame = () => {
    still = scrollY === y ? still + 1 : 0;
    y = scrollY;
    if (still >= 3) done();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The value labels of a list filter (the label without its count), as the e2e page object reads them. */
async function valuesOf(filter: Locator): Promise<string[]> {
  const labels = await filter.locator('[data-part="label"] > span:first-child').allTextContents();
  return labels.map((label) => label.trim()).filter((label) => label !== '');
}

/**
 * The checkbox list to click and the values to cycle: the first list (preferred ones first) with
 * enough values that a Gray code over them gives `states` distinct search states, else none.
 */
async function pickFacet(page: Page, states: number) {
  const bits = Math.ceil(Math.log2(states));
  const filters = page
    .getByRole('complementary', { name: 'Filters' })
    .locator('fieldset[data-testid^="filter-"]')
    .filter({ has: page.getByRole('checkbox') });
  const lists: { attribute: string; filter: Locator; values: string[] }[] = [];
  for (const filter of await filters.all()) {
    const attribute = ((await filter.getAttribute('data-testid')) ?? '').replace(/^filter-/, '');
    // The ten values shown before 'Show more'.
    lists.push({ attribute, filter, values: (await valuesOf(filter)).slice(0, 10) });
  }
  const rank = (attribute: string) =>
    PREFERRED.includes(attribute) ? PREFERRED.indexOf(attribute) : PREFERRED.length;
  lists.sort((a, b) => rank(a.attribute) - rank(b.attribute));
  const picked = lists.find((list) => list.values.length >= bits);
  if (!picked) {
    const sizes = lists.map((list) => `${list.attribute} ${list.values.length}`).join(', ') || 'none';
    throw new Error(`no checkbox list has ${bits} values for ${states} distinct searches (${sizes})`);
  }
  return { ...picked, values: picked.values.slice(0, bits) };
}

/** The value click `n` (from 1) toggles in a reflected Gray code: the lowest set bit of n. */
const grayBit = (n: number) => Math.log2(n & -n);
/** How many values are ticked after click `n`: the set bits of n's Gray code. */
const ticked = (n: number) => (n ^ (n >> 1)).toString(2).replace(/0/g, '').length;

/**
 * Clicks a facet value `warmup + clicks` times on `{origin}/search` and times each click to the
 * painted results; see the module comment.
 */
export async function measureFacetClicks(options: {
  origin: string;
  clicks?: number;
  warmup?: number;
  /**
   * Hold each press this long, as a shopper's finger does (about 100 ms), and time from the release
   * (the click event, when the value is ticked) instead of the press.
   */
  pressMs?: number;
  /**
   * Rest the mouse on each value this long before pressing it, as a shopper's mouse does (decision
   * 102: the search starts after 80 ms of rest); timed from the press.
   */
  restMs?: number;
}): Promise<FacetClickResult> {
  const clicks = options.clicks ?? 40;
  const warmup = options.warmup ?? 3;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let searches = 0;
    let inFlight = 0;
    page.on('request', (request) => {
      inFlight++;
      if (new URL(request.url()).pathname.startsWith('/search-api/')) searches++;
    });
    const settled = () => inFlight--;
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);

    await page.goto(`${options.origin}/search`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForSelector('[data-status="hasData"] [data-testid="result-count"]');
    // The unrefined search the page opened with, then one new state per click.
    const { attribute, filter, values } = await pickFacet(page, warmup + clicks + 1);
    await page.evaluate(PROBE);

    const settle = async (expectTicked: number) => {
      await page.waitForSelector('[data-status="hasData"] [data-testid="result-count"]');
      for (let waited = 0; inFlight > 0 && waited < 5_000; waited += 20) {
        await new Promise((done) => setTimeout(done, 20));
      }
      const checked = await filter.locator('input[type="checkbox"]:checked').count();
      if (checked !== expectTicked) {
        throw new Error(`${attribute}: ${checked} values ticked, expected ${expectTicked}`);
      }
      await page.evaluate(SCROLL_STILL);
    };

    const samples: number[] = [];
    const phases: ClickPhases[] = [];
    for (let n = 1; n <= warmup + clicks; n++) {
      const value = values[grayBit(n)] as string;
      const label = filter
        .locator('[data-part="label"] > span:first-child')
        .getByText(value, { exact: true });
      await label.scrollIntoViewIfNeeded();
      searches = 0;
      await page.evaluate(
        ([timeoutMs, fromRelease]) => {
          (window as ProbeWindow).__facetClickProbe?.arm(timeoutMs, fromRelease);
        },
        [CLICK_TIMEOUT_MS, options.pressMs !== undefined] as const,
      );
      // After arming, which clears the page's resource timings: the rest's search stays among them.
      if (options.restMs !== undefined) {
        await label.hover();
        await page.waitForTimeout(options.restMs);
      }
      await label.click({ delay: options.pressMs ?? 0 });
      const sample = await page.evaluate(() => {
        const pending = (window as ProbeWindow).__facetClickProbe?.pending;
        if (!pending) throw new Error('the probe was not armed');
        return pending;
      });
      if (searches === 0) {
        throw new Error(
          `click ${n} (${attribute} ${value}) was answered from a cache (the machine's or the search client's), not searched`,
        );
      }
      if (n > warmup) {
        samples.push(round(sample.ms));
        phases.push(sample.phases);
      }
      await settle(ticked(n));
    }

    const sorted = [...samples].sort((a, b) => a - b);
    const phase = (name: keyof ClickPhases) => {
      const values = phases.map((p) => p[name]).sort((a, b) => a - b);
      return { p50Ms: round(percentile(values, 50)), p95Ms: round(percentile(values, 95)) };
    };
    return {
      phases: {
        toRequest: phase('toRequest'),
        request: phase('request'),
        toCommit: phase('toCommit'),
        toPaint: phase('toPaint'),
      },
      clicks: samples.length,
      samplesMs: samples,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      maxMs: sorted[sorted.length - 1] ?? Number.NaN,
      facet: `${attribute} (Gray code over ${values.join(', ')})`,
    };
  } finally {
    await browser.close();
  }
}

// `npx tsx bench/search-ui/facet-click.ts [origin] [clicks]` prints the result as JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const origin = process.argv[2] ?? 'http://bayside-mazda.localhost:3231';
  const clicks = process.argv[3] ? Number(process.argv[3]) : undefined;
  console.log(JSON.stringify(await measureFacetClicks({ origin, clicks }), null, 2));
}
