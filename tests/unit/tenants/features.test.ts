import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FeatureName,
  featureNames,
  features,
  hasFeature,
  isSwitchOn,
  type PublicFeatures,
  publicFeatures,
} from '../../../tenants/features.ts';
import { type SiteConfig, siteConfigSchema, templateSchema } from '../../../tenants/tenant.schema.ts';

const tenantsDir = resolve(import.meta.dirname, '../../../tenants');
const sites: SiteConfig[] = readdirSync(tenantsDir)
  .filter((entry) => statSync(join(tenantsDir, entry)).isDirectory())
  .map((slug) =>
    siteConfigSchema.parse(JSON.parse(readFileSync(join(tenantsDir, slug, 'site.json'), 'utf8'))),
  );

function site(slug: string): SiteConfig {
  const found = sites.find((s) => s.slug === slug);
  if (!found) throw new Error(`no demo dealer ${slug}`);
  return found;
}

/** On for a dealer: for a dealership switch, on for at least one of the dealer's dealerships. */
function onForDealer(s: SiteConfig, name: FeatureName): boolean {
  return hasFeature(s, name) || s.dealerships.some((d) => hasFeature(s, name, d.slug));
}

const switches = featureNames.map((name) => ({ name, ...features[name] }));
const specDocuments = /^(search-detail-finance-watchlist|locations-forms-tradein-site)\.md §\d/;

describe('feature switches: the catalogue (search-detail-finance-watchlist.md §1; locations-forms-tradein-site.md §1)', () => {
  it.each(switches)('$name says in one line what it switches and names a spec section', (s) => {
    expect(s.summary.trim().length).toBeGreaterThan(10);
    expect(s.summary).not.toMatch(/\n/);
    expect(s.spec).toMatch(specDocuments);
    for (const part of s.spec.split('; ').slice(1)) expect(part).toMatch(/^(\S+\.md )?§\d/);
    expect(['site', 'dealership']).toContain(s.scope);
  });

  it.each(switches)(
    '$name lists only known templates, demo site slugs and (by scope) dealership slugs',
    (s) => {
      const siteSlugs = sites.map((x) => x.slug);
      const dealershipSlugs = sites.flatMap((x) => x.dealerships.map((d) => d.slug));
      const known = s.scope === 'dealership' ? [...siteSlugs, ...dealershipSlugs] : siteSlugs;
      for (const slug of s.slugs) expect(known).toContain(slug);
      for (const template of s.templates) expect(templateSchema.options).toContain(template);
      expect(s.slugs.length + s.templates.length).toBeGreaterThan(0);
    },
  );

  it.each(switches)('$name is on for at least one demo dealer and off for another', (s) => {
    const on = sites.filter((x) => onForDealer(x, s.name)).map((x) => x.slug);
    expect(on.length).toBeGreaterThan(0);
    expect(on.length).toBeLessThan(sites.length);
  });

  it('dealership switches are on for some dealerships of the group and off for others', () => {
    const group = site('harbour-auto-group');
    for (const name of featureNames.filter((n) => features[n].scope === 'dealership')) {
      if (hasFeature(group, name)) continue;
      const on = group.dealerships.filter((d) => hasFeature(group, name, d.slug));
      expect(on.length, name).toBeLessThan(group.dealerships.length);
    }
  });
});

describe('hasFeature', () => {
  it('is on for a listed site slug, off for another (search-detail-finance-watchlist.md §4 Car tag precedence 3)', () => {
    expect(hasFeature(site('bayside-mazda'), 'certifiedUsed')).toBe(true);
    expect(hasFeature(site('harbour-auto-group'), 'certifiedUsed')).toBe(false);
    expect(hasFeature({ slug: 'bayside-mazda', template: 'used' }, 'certifiedUsed')).toBe(true);
  });

  it('is on for every site of a listed template (search-detail-finance-watchlist.md §9 Search filter presets)', () => {
    expect(hasFeature({ slug: 'any-new-franchise', template: 'franchise' }, 'searchPresetNewAndDemo')).toBe(
      true,
    );
    expect(hasFeature({ slug: 'any-new-franchise', template: 'group' }, 'searchPresetNewAndDemo')).toBe(
      false,
    );
    expect(hasFeature(site('outback-rv'), 'searchPresetInStock')).toBe(true);
    expect(hasFeature(site('metro-used'), 'searchPresetInStock')).toBe(false);
  });

  it('a site switch ignores the dealership slug', () => {
    expect(hasFeature(site('bayside-mazda'), 'checkoutJourney', 'metro-used-cars')).toBe(false);
    expect(hasFeature(site('metro-used'), 'checkoutJourney', 'any-dealership')).toBe(true);
  });

  it('a dealership switch is on for a listed dealership only (search-detail-finance-watchlist.md §5 Finance-estimate display)', () => {
    const group = site('harbour-auto-group');
    expect(hasFeature(group, 'financeHidden', 'harbour-volkswagen')).toBe(true);
    expect(hasFeature(group, 'financeHidden', 'harbour-toyota')).toBe(false);
    expect(hasFeature(group, 'financeHidden')).toBe(false);
  });

  it('a dealership switch is on for every dealership of a listed site (search-detail-finance-watchlist.md §2 Routes)', () => {
    const used = site('metro-used');
    expect(hasFeature(used, 'buyOnlinePath')).toBe(true);
    expect(hasFeature(used, 'buyOnlinePath', 'metro-used-cars')).toBe(true);
    expect(hasFeature(site('bayside-mazda'), 'buyOnlinePath', 'bayside-mazda')).toBe(false);
  });

  it('trade-in image upload exists only for some dealerships (locations-forms-tradein-site.md §4 Trade-in wizard)', () => {
    const outback = site('outback-rv');
    expect(hasFeature(outback, 'tradeInImageUpload', 'outback-cars')).toBe(true);
    expect(hasFeature(outback, 'tradeInImageUpload', 'outback-caravans')).toBe(false);
  });

  it('a dealership switch is on for every dealership of a listed template, and a site switch is not per dealership', () => {
    const base = {
      summary: 'test',
      spec: 'locations-forms-tradein-site.md §4',
      slugs: ['d-1'],
      browser: true,
    };
    const perDealership = { ...base, scope: 'dealership', templates: ['leisure'] } as const;
    expect(isSwitchOn(perDealership, { slug: 'x', template: 'leisure' }, 'd-9')).toBe(true);
    expect(isSwitchOn(perDealership, { slug: 'x', template: 'used' }, 'd-1')).toBe(true);
    expect(isSwitchOn(perDealership, { slug: 'x', template: 'used' }, 'd-9')).toBe(false);
    expect(isSwitchOn(perDealership, { slug: 'x', template: 'used' })).toBe(false);
    const perSite = { ...base, scope: 'site', templates: [] } as const;
    expect(isSwitchOn(perSite, { slug: 'x', template: 'used' }, 'd-1')).toBe(false);
    expect(isSwitchOn(perSite, { slug: 'd-1', template: 'used' })).toBe(true);
  });

  it('refuses a name that is not a switch, at compile time and at run time', () => {
    // @ts-expect-error an unknown switch name is a type error
    expect(() => hasFeature(site('bayside-mazda'), 'noSuchSwitch')).toThrow(/Unknown feature switch/);
    // @ts-expect-error inherited object keys are not switches either
    expect(() => hasFeature(site('bayside-mazda'), 'toString')).toThrow(/Unknown feature switch/);
  });
});

describe('publicFeatures', () => {
  it('holds exactly the browser switches, never the lists', () => {
    const shown = publicFeatures(site('harbour-auto-group'));
    expect(Object.keys(shown).sort()).toEqual(featureNames.filter((n) => features[n].browser).sort());
    // The valuation save is the browser's call (§7 "only on a flagged site"), so it knows the switch.
    expect(shown.valuationSave).toBe(true);
    expect(JSON.stringify(shown)).not.toContain('outback');
  });

  it('evaluates site switches to booleans for the site', () => {
    const group = publicFeatures(site('harbour-auto-group'));
    expect(group.popularMakesCount).toBe(true);
    expect(group.personalisedFlow).toBe(true);
    expect(group.fuelTypeTag).toBe(true);
    expect(group.certifiedUsed).toBe(false);
    const franchise = publicFeatures(site('bayside-mazda'));
    expect(franchise.fuelTypeTag).toBe(true);
    expect(franchise.popularMakesCount).toBe(false);
  });

  it("evaluates dealership switches to the site's dealership slugs they are on for", () => {
    const group: PublicFeatures = publicFeatures(site('harbour-auto-group'));
    expect(group.financeHidden).toEqual(['harbour-volkswagen']);
    expect(group.tradeInImageUpload).toEqual(['harbour-toyota', 'harbour-hyundai']);
    expect(group.buyOnlinePath).toEqual(['harbour-hyundai']);
    expect(publicFeatures(site('metro-used')).buyOnlinePath).toEqual(['metro-used-cars']);
    expect(publicFeatures(site('bayside-mazda')).financeHidden).toEqual([]);
  });

  it('is plain JSON', () => {
    for (const s of sites) {
      const shown = publicFeatures(s);
      expect(JSON.parse(JSON.stringify(shown))).toEqual(shown);
    }
  });
});
