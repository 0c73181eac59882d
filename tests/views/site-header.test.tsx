import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadTenantBrands } from '../../server/tenants/brand.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { type SiteLogo, toPublicSite } from '../../tenants/public-site.ts';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { headerLogoSize, SiteHeader } from '../../views/layout/site-header.tsx';
import { testConnection } from '../fixtures/public-site.ts';
import { WithSavedCars } from './support/saved-cars.tsx';

/**
 * The header shows the dealer's logo where its folder has one, with the dealer's name as its text
 * and its size given so nothing moves as it loads; a dealer without one shows its name (issue 35
 * item 5).
 */
const sites = loadTenants();
const brands = loadTenantBrands(sites);

function renderHeader(slug: string) {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  const site = toPublicSite(config, testConnection, {}, [], [], brands.get(slug)?.logo ?? null);
  render(
    <SiteProvider site={site}>
      <WithSavedCars>
        <SiteHeader />
      </WithSavedCars>
    </SiteProvider>,
  );
  return within(screen.getByRole('banner'));
}

describe('the site header', () => {
  it('a dealer with a logo: the home link is the logo, named by the dealer’s name, sized to the header', () => {
    const header = renderHeader('bayside-mazda');
    const home = header.getByRole('link', { name: 'Bayside Mazda' });
    const logo = within(home).getByRole('img', { name: 'Bayside Mazda' });
    expect(logo.getAttribute('src')).toMatch(/^\/brand\/logo\.svg\?v=[0-9a-f]{12}$/);
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['240', '40']);
    expect(home.textContent).toBe('');
    expect(header.getByRole('link', { name: '07 5550 1100' })).toBeTruthy();
  });

  it('a dealer without a logo: the home link is its name, as before', () => {
    const header = renderHeader('metro-used');
    const home = header.getByRole('link', { name: 'Metro Used Cars' });
    expect(home.textContent).toBe('Metro Used Cars');
    expect(within(home).queryByRole('img')).toBeNull();
  });

  it.each<[string, SiteLogo, { width: number; height: number }]>([
    [
      'a square mark at the header’s height',
      { src: '/l', width: 512, height: 512 },
      { width: 40, height: 40 },
    ],
    ['a wordmark in its proportions', { src: '/l', width: 600, height: 120 }, { width: 200, height: 40 }],
    [
      'a very long wordmark scaled down to fit',
      { src: '/l', width: 1000, height: 100 },
      { width: 240, height: 24 },
    ],
  ])('%s', (_, logo, size) => {
    expect(headerLogoSize(logo)).toEqual(size);
  });

  it('on a phone (issue 37 item 1): "Call" dials the dealer and "Menu" opens the menus as a dialog, loaded when opened', () => {
    const header = renderHeader('bayside-mazda');
    expect(header.getByRole('link', { name: 'Call 07 5550 1100' }).getAttribute('href')).toBe(
      'tel:0755501100',
    );
    const menu = header.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-haspopup')).toBe('dialog');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
