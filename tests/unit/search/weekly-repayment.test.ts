import { describe, expect, it } from 'vitest';
import { listingFinance } from '../../../domain/finance-rules.ts';
import { numericFiltersOf } from '../../../domain/search-filters.ts';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { defineSearchIndices } from '../../../server/search/indices.ts';
import {
  dealershipFinance,
  dealershipNames,
  dealershipSynonyms,
  toCarRecord,
} from '../../../server/search/records.ts';
import { DEMO_TENANTS } from '../../../server/seed/demo-tenants.ts';
import { DEFAULT_SEED, generateDemoData } from '../../../server/seed/seed.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { hasFeature } from '../../../tenants/features.ts';

/*
 * Issue 37 item 5: the record's `weekly_repayment` is the figure each card shows on its dealer's site,
 * and `weekly_repayment<200` through the embedded engine lists only cars whose card shows under $200.
 */
const NOW = new Date('2026-11-01T00:00:00Z');
const cars = generateDemoData(DEMO_TENANTS, { seed: DEFAULT_SEED, now: NOW }).cars;
const sites = loadTenants();
const records = cars.map((car) =>
  toCarRecord(car, {
    names: dealershipNames(sites),
    synonyms: dealershipSynonyms(sites),
    finance: dealershipFinance(sites, NOW),
  }),
);

function cardWeekly(carId: number): number | null {
  const car = cars.find((c) => c.id === carId);
  const site = sites.find((s) => s.dealerships.some((d) => d.id === car?.dealership_id));
  if (!car || !site) return null;
  const strip = listingFinance(car, {
    provider: site.finance_provider ?? null,
    financeHidden: hasFeature(site, 'financeHidden', car.dealership_slug),
    now: NOW,
  });
  return strip?.layout === 'weekly' ? Number(strip.amount.replace(/\D/g, '')) : null;
}

describe('weekly_repayment in the cars index', () => {
  it('is the card’s weekly figure for every car, and absent where the card shows none', () => {
    let withFigure = 0;
    for (const record of records) {
      expect(record.weekly_repayment ?? null).toBe(cardWeekly(record.id));
      if (record.weekly_repayment !== undefined) withFigure++;
    }
    expect(withFigure).toBeGreaterThan(10);
  });

  it('filters below X: every hit’s card shows less, and fewer cars are listed', () => {
    const registry = new SearchIndexRegistry();
    defineSearchIndices(registry);
    registry.replaceAll('cars', records);
    const all = registry.search('cars', { hitsPerPage: 0 }).nbHits;
    const under = registry.search('cars', {
      numericFilters: numericFiltersOf({ weekly: 200 }),
      hitsPerPage: 1000,
      attributesToRetrieve: ['id'],
    });
    expect(under.nbHits).toBeGreaterThan(0);
    expect(under.nbHits).toBeLessThan(all);
    for (const hit of under.hits as unknown as { id: number }[]) {
      const weekly = cardWeekly(hit.id);
      expect(weekly).not.toBeNull();
      expect(weekly ?? Number.POSITIVE_INFINITY).toBeLessThan(200);
    }
  });
});
