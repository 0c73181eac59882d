import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { demoSites, E2E_PORT, nodeRequest } from './support/server.ts';

/**
 * No dead link (issue 18 item 9): from each demo dealer's `/`, every internal link on every page it
 * reaches — header, footer, cards, tiles, a listing's first pages — answers 200 or an intended
 * redirect. Pages are read as the server renders them (the HTML a crawler and a first load get).
 * Car pages are many and alike: the crawl follows the first twelve it meets, whose links (trade-in,
 * test drive, finance, reserve) stand for the rest. So are one route's addresses that differ only in
 * their query (a sign-in's `redirect`, a listing's refinements, a saved search's criteria): the
 * crawl follows the first four of each, which render the same page (issue 32 item 11: the crawl of
 * 700 addresses per dealer, 300 of them sign-in links, was an eighth of the end-to-end time).
 */
const MAX_PAGES = 700;
const MAX_CAR_PAGES = 12;
const MAX_QUERY_VARIANTS = 4;

async function crawl(request: APIRequestContext, slug: string) {
  const host = `${slug}.localhost:${E2E_PORT}`;
  const status = new Map<string, number>();
  const foundOn = new Map<string, string>();
  const queue = ['/'];
  let carPages = 0;
  const variants = new Map<string, number>();
  while (queue.length > 0 && status.size < MAX_PAGES) {
    const path = queue.shift() ?? '/';
    if (status.has(path)) continue;
    const { url, headers } = nodeRequest(host, path);
    const response = await request.get(url, { headers, maxRedirects: 0 });
    status.set(path, response.status());
    const location = response.headers().location;
    const links: string[] = [];
    if (response.status() >= 300 && response.status() < 400 && location?.startsWith('/'))
      links.push(location);
    if (response.status() === 200 && (response.headers()['content-type'] ?? '').includes('text/html')) {
      const html = await response.text();
      for (const match of html.matchAll(/href="(\/[^"#]*)"/g))
        links.push((match[1] ?? '').replace(/&amp;/g, '&'));
    }
    for (const link of links) {
      if (link.startsWith('//') || /^\/(assets|media|api|search-api)\//.test(link)) continue;
      if (status.has(link) || queue.includes(link)) continue;
      if (/^\/cars\/[^/?]+$/.test(link)) {
        if (carPages >= MAX_CAR_PAGES) continue;
        carPages += 1;
      }
      const [route = link, query] = link.split('?');
      if (query !== undefined) {
        const seen = (variants.get(route) ?? 0) + 1;
        variants.set(route, seen);
        if (seen > MAX_QUERY_VARIANTS) continue;
      }
      queue.push(link);
      foundOn.set(link, path);
    }
  }
  const dead = [...status]
    .filter(([, code]) => code >= 400)
    .map(([path, code]) => `${code} ${path} (linked from ${foundOn.get(path)})`);
  return { dead, visited: status.size };
}

for (const site of demoSites) {
  test(`${site.name}: every internal link from / answers 200 or an intended redirect`, async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const { dead, visited } = await crawl(request, site.slug);
    expect(dead).toEqual([]);
    // The crawl reached the site's pages, not just its home page.
    expect(visited).toBeGreaterThan(60);
  });
}
