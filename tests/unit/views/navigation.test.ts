import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../../server/tenants/load.ts';
import { toPublicSite } from '../../../tenants/public-site.ts';
import { siteNavigation } from '../../../views/layout/navigation.ts';
import { testConnection as connection } from '../../fixtures/public-site.ts';

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

  it('a used-car dealer lists no new or demo stock', () => {
    expect(labels('metro-used', 'Stock')).toEqual(['All stock', 'Used cars']);
  });

  it('a leisure dealer lists caravans and motorcycles', () => {
    expect(labels('outback-rv', 'Stock')).toEqual(expect.arrayContaining(['Caravans', 'Motorcycles']));
  });

  it('the finance link follows the dealer’s finance path', () => {
    for (const site of loadTenants()) {
      const finance = siteNavigation(toPublicSite(site, connection)).find((m) => m.label === 'Finance');
      expect(finance?.links?.[0]?.href).toBe(site.finance.path);
    }
  });
});
