import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../server/tenants/load.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { matchPageRoute } from '../../views/app/pages.ts';
import { legalLinks, siteNavigation } from '../../views/layout/navigation.ts';
import { testConnection as connection } from '../fixtures/public-site.ts';

const nav = (slug: string) => {
  const site = loadTenants().find((s) => s.slug === slug);
  if (!site) throw new Error(slug);
  return siteNavigation(toPublicSite(site, connection));
};
const labels = (slug: string, menu: string) =>
  nav(slug)
    .find((m) => m.label === menu)
    ?.links?.map((l) => l.label) ?? [];

describe('header menus (locations-forms-tradein-site.md §2 Header)', () => {
  it('has Home, Stock, Sell My Car, Finance, Service & Parts and More, with Range for a single-brand dealer', () => {
    expect(nav('bayside-mazda').map((m) => m.label)).toEqual([
      'Home',
      'Range',
      'Stock',
      'Sell My Car',
      'Finance',
      'Service & Parts',
      'More',
    ]);
    expect(nav('harbour-auto-group').map((m) => m.label)).not.toContain('Range');
  });

  it('Range is a mega-menu of the maker’s models by body type, each heading filtering the range, then Models Overview', () => {
    const site = loadTenants().find((s) => s.slug === 'bayside-mazda');
    if (!site) throw new Error('bayside-mazda');
    const range = [
      {
        category: 'SUVs',
        models: [
          { name: 'Mazda CX-5', href: '/search/mazda/cx-5', status: '' as const },
          { name: 'Mazda CX-80', href: '/search/mazda/cx-80', status: 'coming_soon' as const },
        ],
      },
      {
        category: 'Utes',
        models: [{ name: 'Mazda BT-50', href: '/search/mazda/bt-50', status: 'new' as const }],
      },
    ];
    const menu = siteNavigation(toPublicSite(site, connection, {}, [], range)).find(
      (m) => m.label === 'Range',
    );
    expect(menu?.groups?.map((group) => [group.label, group.href])).toEqual([
      ['SUVs', '/models?body=suvs'],
      ['Utes', '/models?body=utes'],
    ]);
    expect(menu?.groups?.[0]?.links.map((link) => link.label)).toEqual([
      'Mazda CX-5',
      'Mazda CX-80 COMING SOON',
    ]);
    expect(menu?.groups?.[1]?.links).toEqual([{ label: 'Mazda BT-50 NEW', href: '/search/mazda/bt-50' }]);
    expect(menu?.links).toEqual([{ label: 'Models Overview', href: '/models' }]);
  });

  it('a used-car dealer lists no new or demo stock; its all-stock listing is its used cars, named once', () => {
    expect(labels('metro-used', 'Stock')).toEqual(['All stock']);
    expect(nav('metro-used').find((m) => m.label === 'Stock')?.links?.[0]?.href).toBe('/search/used-cars');
  });

  it('no menu names the same page twice', () => {
    for (const site of loadTenants()) {
      for (const menu of siteNavigation(toPublicSite(site, connection))) {
        const hrefs = (menu.links ?? []).map((link) => link.href);
        expect(new Set(hrefs).size, `${site.slug} ${menu.label}`).toBe(hrefs.length);
      }
    }
  });

  it('a leisure dealer lists caravans and motorcycles', () => {
    expect(labels('outback-rv', 'Stock')).toEqual(expect.arrayContaining(['Caravans', 'Motorcycles']));
  });

  it('paths come from the dealer’s link map; one the storefront does not serve falls back or is left out', () => {
    const harbour = nav('harbour-auto-group').flatMap((menu) => menu.links ?? []);
    const href = (label: string) => harbour.find((link) => link.label === label)?.href;
    expect(href('Special offers')).toBe('/offers');
    expect(href('Contact us')).toBe('/contact');
    expect(href('Car finance')).toBe('/apply-for-finance');
    expect(href('Fleet')).toBe('/fleet');
    // Its map names /parts/search: the parts and accessories search.
    expect(href('Parts & accessories')).toBe('/parts/search');
    expect(labels('bayside-mazda', 'More')).toEqual(expect.arrayContaining(['FAQs', 'Book a test drive']));
    // A path the storefront has no route for is never linked: the menu leaves that entry out.
    const site = loadTenants().find((s) => s.slug === 'bayside-mazda');
    if (!site) throw new Error('bayside-mazda');
    const unknown = { ...site, links: { ...site.links, faqs: '/no-such-page' } };
    const links = siteNavigation(toPublicSite(unknown, connection)).flatMap((menu) => menu.links ?? []);
    expect(links.map((link) => link.href)).not.toContain('/no-such-page');
    expect(links.map((link) => link.label)).not.toContain('FAQs');
  });

  it('the dealer’s own pages its map names are in its menus (decision 108)', () => {
    expect(labels('bayside-mazda', 'Finance')).toEqual([
      'Car finance',
      'Finance pre-approval',
      'Mazda Finance',
      'Guaranteed Future Value',
      'Trade-in valuation',
    ]);
    expect(labels('bayside-mazda', 'More')).toEqual(
      expect.arrayContaining(['Mazda Assured', 'BT-50 Ute Centre', 'BT-50 for fleets']),
    );
    expect(labels('outback-rv', 'Service & Parts')).toContain('Diamond Advantage');
    expect(labels('metro-used', 'More')).toContain('Buying a car with us');
    expect(labels('harbour-auto-group', 'Finance')).toEqual(['Car finance', 'Trade-in valuation']);
  });

  it('every header, footer and legal link of every dealer is a route the storefront serves', () => {
    for (const site of loadTenants()) {
      const publicSite = toPublicSite(site, connection);
      const links = [
        ...siteNavigation(publicSite).flatMap((menu) => [
          ...(menu.links ?? []),
          ...(menu.href ? [{ label: menu.label, href: menu.href }] : []),
        ]),
        ...legalLinks(publicSite),
      ];
      const unrouted = links.filter((link) => !matchPageRoute(link.href));
      expect(unrouted, site.slug).toEqual([]);
    }
  });

  it('the finance link follows the dealer’s finance path', () => {
    for (const site of loadTenants()) {
      const finance = siteNavigation(toPublicSite(site, connection)).find((m) => m.label === 'Finance');
      expect(finance?.links?.[0]?.href).toBe(site.finance.path);
    }
  });
});
