import { describe, expect, it } from 'vitest';
import { manifestPreloads } from '../../server/render/renderer.ts';
import { matchPageRoute, pageRoutes, preloadPagesOnIntent } from '../../views/app/pages.ts';

describe('page routes (decision 070: one chunk per page)', () => {
  it('each route names the module it loads, so the server can modulepreload the right chunk', async () => {
    for (const route of pageRoutes) {
      const page = await route.load();
      const module = (await import(/* @vite-ignore */ `../../${route.source}`)) as Record<string, unknown>;
      expect(Object.values(module), route.id).toContain(page);
      expect(typeof page.logic, route.id).toBe('function');
    }
  });

  it('loading a route twice gives the same page (one import per route)', async () => {
    const route = matchPageRoute('/cars/a-car');
    expect(route?.id).toBe('vehicle');
    expect(await route?.load()).toBe(await route?.load());
  });

  it('matches paths as the browser router does', () => {
    expect(matchPageRoute('/')?.id).toBe('home');
    expect(matchPageRoute('/search')?.id).toBe('search');
    expect(matchPageRoute('/search/toyota/corolla')?.id).toBe('search');
    expect(matchPageRoute('/sign-in')?.id).toBe('signIn');
    expect(matchPageRoute('/watchlist')?.id).toBe('watchlist');
    expect(matchPageRoute('/finance')?.id).toBe('finance:/finance');
    expect(matchPageRoute('/cars/a-car/checkout')?.id).toBe('reserve:/cars/:slug/checkout');
    expect(matchPageRoute('/checkout-journey')?.id).toBe('checkoutJourney');
    expect(matchPageRoute('/pages/value-my-car-terms-and-conditions')?.id).toBe(
      'content:/pages/value-my-car-terms-and-conditions',
    );
    expect(matchPageRoute('/no-such-page')).toBeUndefined();
  });
});

describe('modulepreload links from the build manifest', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_search-only.js': { file: 'assets/search-only.js', imports: ['_shared.js'] },
    'views/search/search-page.tsx': {
      file: 'assets/search-page.js',
      imports: ['_search-only.js', '_shared.js'],
    },
  };

  it("lists the page's chunk and its imports, less what the entry loads anyway", () => {
    expect(manifestPreloads(manifest)(['views/search/search-page.tsx'])).toEqual([
      '/assets/search-page.js',
      '/assets/search-only.js',
    ]);
  });

  it('lists nothing for a page the manifest does not know (the not-found page)', () => {
    expect(manifestPreloads(manifest)([])).toEqual([]);
    expect(manifestPreloads(manifest)(['views/pages/unknown.tsx'])).toEqual([]);
  });
});

describe('pages load on the intent to open them (decision 070)', () => {
  it('a link to one of our pages loads it, and what pages read with (the query cache, decision 138)', async () => {
    document.body.innerHTML = `<a href="/cars/a-car">A car</a><a href="https://elsewhere.example/">Away</a><a href="/no-such-page">None</a>`;
    const reads: string[] = [];
    const stop = preloadPagesOnIntent(document, () => reads.push('query cache'));
    const [car, away, none] = [...document.querySelectorAll('a')];
    away?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    none?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(reads).toEqual([]);
    car?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(reads).toEqual(['query cache']);
    stop();
    car?.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(reads).toEqual(['query cache']);
  });
});
