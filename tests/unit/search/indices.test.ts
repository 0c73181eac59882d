import { describe, expect, it } from 'vitest';
import { SearchIndexRegistry } from '../../../server/search/engine/registry.ts';
import { CarSearchRecord, defineSearchIndices } from '../../../server/search/indices.ts';
import { generateCarRecords } from '../../fixtures/search-records.ts';

describe('storefront indices (issue 3 item 5)', () => {
  it('the fixture generator makes valid CarSearchRecords, deterministically', () => {
    const records = generateCarRecords(300, 7);
    for (const record of records) CarSearchRecord.parse(record);
    expect(generateCarRecords(300, 7)).toEqual(records);
    expect(new Set(records.map((r) => r.fuel))).toEqual(new Set(['Petrol', 'Diesel', 'Hybrid', 'Electric']));
  });

  it('cars answers facets for every Search-state attribute (spec §3) and sorts its replicas', () => {
    const r = new SearchIndexRegistry();
    defineSearchIndices(r);
    r.replaceAll('cars', generateCarRecords(500));
    const result = r.search('cars', { facets: ['*'], hitsPerPage: 0 });
    const searchState = [
      'badge',
      'status',
      'car_type',
      'categories',
      'city',
      'colour',
      'dealership_name',
      'filtered_features',
      'item_type',
      'km',
      'location_name',
      'make',
      'make_model',
      'model',
      'price',
      'subscription_price',
      'price_range',
      'seats',
      'body',
      'drive',
      'fuel',
      'transmission',
      'state',
      'tag',
      'weekly_price_range',
      'year',
    ];
    expect(Object.keys(result.facets ?? {}).sort()).toEqual([...searchState].sort());
    expect(result.facets).not.toHaveProperty('dealership_id');
    const prices = r.search('cars_price_desc', { hitsPerPage: 50 }).hits.map((h) => h.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const created = r.search('cars_latest', { hitsPerPage: 50 }).hits.map((h) => h.created_at as number);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(
      r
        .search('cars', { filters: 'sold_at > 0 AND dealership_id:3', hitsPerPage: 1000 })
        .hits.every((h) => h.status === 'sold' && h.dealership_id === 3),
    ).toBe(true);
  });
});
