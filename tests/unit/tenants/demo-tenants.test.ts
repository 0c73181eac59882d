import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenantThemes } from '../../../server/tenants/themes.ts';
import { type SiteConfig, siteConfigSchema } from '../../../tenants/tenant.schema.ts';
import type { ThemeColorName } from '../../../tenants/theme-definition.ts';

const tenantsDir = resolve(import.meta.dirname, '../../../tenants');
/** Each demo dealer's `theme.json`, checked against the theme definition (issue 33 item 8). */
const tenantThemes = Object.fromEntries(loadTenantThemes(tenantsDir));
const tenantSlugs = readdirSync(tenantsDir)
  .filter((entry) => statSync(join(tenantsDir, entry)).isDirectory())
  .sort();
const rawSites = tenantSlugs.map((slug) => ({
  slug,
  raw: JSON.parse(readFileSync(join(tenantsDir, slug, 'site.json'), 'utf8')) as unknown,
}));
const sites: SiteConfig[] = rawSites.map(({ raw }) => siteConfigSchema.parse(raw));

function site(slug: string): SiteConfig {
  const found = sites.find((s) => s.slug === slug);
  if (!found) throw new Error(`no demo dealer ${slug}`);
  return found;
}

function expectUnique(values: readonly (string | number)[]): void {
  const repeated = values.filter((value, index) => values.indexOf(value) !== index);
  expect(repeated).toEqual([]);
}

describe('demo dealers: site config (search-detail-finance-watchlist.md §3 Site config; locations-forms-tradein-site.md §3)', () => {
  it('has the four demo dealers, each in its own folder', () => {
    expect(tenantSlugs).toEqual(['bayside-mazda', 'harbour-auto-group', 'metro-used', 'outback-rv']);
  });

  it.each(rawSites)(
    '$slug/site.json validates with siteConfigSchema and its slug names its folder',
    ({ slug, raw }) => {
      const parsed = siteConfigSchema.safeParse(raw);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      expect(parsed.data?.slug).toBe(slug);
    },
  );

  it('keeps the fixed ids, templates and dealership ids other work depends on', () => {
    const summary = sites.map((s) => ({
      slug: s.slug,
      id: s.id,
      template: s.template,
      dealerships: s.dealerships.map((d) => [d.id, d.slug]),
    }));
    expect(summary).toEqual([
      { slug: 'bayside-mazda', id: 101, template: 'franchise', dealerships: [[1011, 'bayside-mazda']] },
      {
        slug: 'harbour-auto-group',
        id: 102,
        template: 'group',
        dealerships: [
          [1021, 'harbour-toyota'],
          [1022, 'harbour-hyundai'],
          [1023, 'harbour-kia'],
          [1024, 'harbour-volkswagen'],
        ],
      },
      { slug: 'metro-used', id: 104, template: 'used', dealerships: [[1041, 'metro-used-cars']] },
      {
        slug: 'outback-rv',
        id: 103,
        template: 'leisure',
        dealerships: [
          [1031, 'outback-caravans'],
          [1032, 'outback-motorcycles'],
          [1033, 'outback-cars'],
        ],
      },
    ]);
  });

  it('slugs, site ids, dealership ids and slugs, location ids and custom domains are unique across tenants', () => {
    expectUnique(sites.map((s) => s.slug));
    expectUnique(sites.map((s) => s.id));
    expectUnique(sites.flatMap((s) => s.dealerships.map((d) => d.id)));
    expectUnique(sites.flatMap((s) => s.dealerships.map((d) => d.slug)));
    expectUnique(sites.flatMap((s) => s.locations.map((l) => l.id)));
    expectUnique(sites.flatMap((s) => s.domains));
    expect(sites.every((s) => s.domains.length > 0)).toBe(true);
  });
});

describe('demo dealers cover the four required kinds (issue 2, Tenants)', () => {
  it('a single-brand franchise dealer', () => {
    const franchise = sites.filter(
      (s) =>
        s.template === 'franchise' &&
        s.dealerships.length === 1 &&
        s.manufacturer !== null &&
        s.dealerships[0]?.manufacturer_slug === s.manufacturer.name.toLowerCase(),
    );
    expect(franchise.map((s) => s.slug)).toEqual(['bayside-mazda']);
  });

  it('a dealer group with several dealerships and sales, service and parts locations', () => {
    const group = site('harbour-auto-group');
    expect(group.template).toBe('group');
    expect(group.manufacturer).toBeNull();
    expect(group.dealerships.length).toBeGreaterThan(1);
    expect(group.locations.length).toBeGreaterThanOrEqual(7);
    expect(new Set(group.locations.map((l) => l.location_type))).toEqual(
      new Set(['sales', 'service', 'parts']),
    );
    expect(new Set(group.locations.map((l) => l.address.city)).size).toBeGreaterThanOrEqual(3);
    expect(group.stock_count).toBeGreaterThan(1999);
    expect(group.search.popular_makes_count).not.toBe(7);
  });

  it('a dealer that sells caravans and motorcycles as well as cars', () => {
    const leisure = site('outback-rv');
    expect(leisure.vehicle_kinds).toEqual(expect.arrayContaining(['cars', 'caravans', 'motorcycles']));
    expect(leisure.dealerships.find((d) => d.slug === 'outback-caravans')?.manufacturer_slug).toBeNull();
  });

  it('a used-car dealer (garage mode on)', () => {
    const used = site('metro-used');
    expect(used.template).toBe('used');
    expect(used.garage_enabled).toBe(true);
  });
});

describe('demo dealers: locations and opening hours (locations-forms-tradein-site.md §3 Location, §4 Opening hours display)', () => {
  const locations = sites.flatMap((s) => s.locations.map((l) => ({ site: s.slug, ...l })));
  const sameMonToFri = (l: (typeof locations)[number]) => {
    const weekdays = l.opening_hours.filter((h) => h.weekday >= 1 && h.weekday <= 5);
    return new Set(weekdays.map((h) => `${h.status} ${h.open} ${h.close}`)).size === 1;
  };

  it.each(locations)(
    '$site $slug lists each weekday 0 (Sunday) to 6 (Saturday) once, open before close',
    (l) => {
      expect(l.opening_hours.map((h) => h.weekday).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      for (const h of [
        ...l.opening_hours,
        ...l.special_hours.map((s) => ({ ...s, open: s.start_hour, close: s.end_hour })),
      ]) {
        if (h.status === 'Closed') expect([h.open, h.close]).toEqual([null, null]);
        else expect((h.open ?? '') < (h.close ?? '')).toBe(true);
      }
    },
  );

  it('every site has one primary location, and its site address is a location address', () => {
    for (const s of sites) {
      expect(s.locations.filter((l) => l.primary)).toHaveLength(1);
      expect(s.locations.map((l) => l.address.street)).toContain(s.address.street);
    }
  });

  it('most locations have identical Mon-Fri hours (so the Mon-Fri grouping shows) and at least one does not', () => {
    const grouped = locations.filter(sameMonToFri);
    expect(grouped.length).toBeGreaterThan(locations.length / 2);
    expect(grouped.length).toBeLessThan(locations.length);
  });

  it('some locations close on Sunday and some open', () => {
    const sunday = locations.map((l) => l.opening_hours.find((h) => h.weekday === 0)?.status);
    expect(new Set(sunday)).toEqual(new Set(['Open', 'Closed']));
  });

  it('every location has Christmas, Boxing Day and New Year special hours', () => {
    for (const l of locations) {
      expect(l.special_hours.map((h) => h.date)).toEqual(
        expect.arrayContaining(['2026-12-25', '2026-12-26', '2027-01-01']),
      );
    }
  });

  it('every sales location shows a dealer licence number', () => {
    for (const l of locations.filter((x) => x.location_type === 'sales')) {
      expect(l.dealer_license_number).toMatch(/^(MDL? \d{5,7}|LMCT \d{4,6})$/);
    }
  });

  it('locations lie in their state (plausible lat/long)', () => {
    const boxes: Record<string, [number, number, number, number]> = {
      qld: [-29.2, -9, 138, 154],
      nsw: [-37.6, -28.1, 141, 154],
      vic: [-39.2, -33.9, 140.9, 150],
    };
    for (const l of locations) {
      const box = boxes[l.address.state];
      expect(box, l.slug).toBeDefined();
      if (!box) continue;
      const [south, north, west, east] = box;
      expect(l.address.lat).toBeGreaterThan(south);
      expect(l.address.lat).toBeLessThan(north);
      expect(l.address.long).toBeGreaterThan(west);
      expect(l.address.long).toBeLessThan(east);
    }
  });
});

describe('demo dealers: links, finance and texts', () => {
  const required = [
    'finance',
    'service',
    'trade_in',
    'sell_my_car',
    'book_test_drive',
    'contact',
    'terms',
    'privacy',
  ];

  it.each(sites)('$slug links the pages the header and footer need', (s) => {
    expect(Object.keys(s.links)).toEqual(expect.arrayContaining(required));
  });

  it('the finance link is the site finance path, which varies by site (search-detail-finance-watchlist.md §2 Routes)', () => {
    for (const s of sites) expect(s.links.finance).toBe(s.finance.path);
    expect(new Set(sites.map((s) => s.finance.path))).toEqual(
      new Set(['/finance', '/finance-enquiry', '/apply-for-finance']),
    );
    expect(new Set(sites.map((s) => s.finance_provider)).size).toBe(sites.length);
  });

  it("one dealer's enquire button says 'Message Now' (locations-forms-tradein-site.md §9 Search and defaults)", () => {
    expect(sites.filter((s) => s.texts.enquire_button === 'Message Now').map((s) => s.slug)).toEqual([
      'metro-used',
    ]);
  });

  it('emails use example domains; phone numbers are Australian', () => {
    for (const s of sites) {
      const emails = [s.email, ...s.locations.flatMap((l) => (l.email ? [l.email] : []))];
      for (const email of emails) expect(email).toMatch(/@[a-z-]+\.example$/);
      const phones = [s.phone, ...s.dealerships.map((d) => d.phone), ...s.locations.map((l) => l.phone)];
      for (const phone of phones) expect(phone).toMatch(/^0[2378] \d{4} \d{4}$/);
    }
  });
});

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('demo dealers: themes', () => {
  it('every tenant has a theme file in its folder', () => {
    expect(Object.keys(tenantThemes).sort()).toEqual(tenantSlugs);
  });

  it('every theme colour is a plain hex value', () => {
    for (const theme of Object.values(tenantThemes)) {
      for (const token of Object.values(theme.semanticTokens.colors))
        expect(token.value).toMatch(/^#[0-9A-Fa-f]{6}$/);
    }
  });

  it('each dealer has a clearly different brand colour', () => {
    const brands = Object.values(tenantThemes).map((t) => t.semanticTokens.colors.brand.value.toLowerCase());
    expectUnique(brands);
  });

  const textPairs: [text: ThemeColorName, background: ThemeColorName][] = [
    ['fg', 'canvas'],
    ['fg', 'surface'],
    ['fg', 'brandSubtle'],
    ['fgMuted', 'canvas'],
    ['fgMuted', 'surface'],
    ['brandFg', 'brand'],
    ['accent', 'canvas'],
    ['accent', 'surface'],
  ];
  const cases = Object.entries(tenantThemes).flatMap(([slug, theme]) =>
    textPairs.map(([text, background]) => ({ slug, text, background, colors: theme.semanticTokens.colors })),
  );

  it.each(cases)('$slug: $text on $background has contrast of at least 4.5:1 (WCAG AA)', (c) => {
    expect(contrast(c.colors[c.text].value, c.colors[c.background].value)).toBeGreaterThanOrEqual(4.5);
  });

  it('the contrast check itself is right: black on white is 21:1, white on white 1:1', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
  });
});
