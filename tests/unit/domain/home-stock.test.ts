import { describe, expect, it } from 'vitest';
import { homeStockRequest } from '../../../domain/home-stock.ts';

const endpoint = { appId: 'forecourt', apiKey: 'k', host: 'localhost/search-api', protocol: 'http' } as const;
const settings = {
  endpoint,
  index: 'cars',
  latestIndex: 'cars_latest',
  featured: { carTypes: ['new', 'demo'] as const, limit: 6 },
  listing: { nowSeconds: 1_790_000_000, soldWindowDays: 3, inStockOnly: false, newAndDemoOnly: false },
};

describe('home stock: two limited hit lists (search-detail-finance-watchlist.md §7)', () => {
  it('featured stock: the newest in-stock cars of the featured types, as many as the limit', () => {
    const { featured } = homeStockRequest(settings);
    expect(featured.indexName).toBe('cars_latest');
    expect(featured.hitsPerPage).toBe(6);
    expect(featured.filters).toBe(
      'show_on_dealer_website:true AND status:in_stock AND (car_type:new OR car_type:demo)',
    );
  });

  it('every type when none is configured', () => {
    const { featured } = homeStockRequest({ ...settings, featured: { carTypes: null, limit: 3 } });
    expect(featured.filters).toBe('show_on_dealer_website:true AND status:in_stock');
    expect(featured.hitsPerPage).toBe(3);
  });

  it("the makes: the listing's own stock filter, make counts only, no hits", () => {
    const { makes } = homeStockRequest({
      ...settings,
      listing: { ...settings.listing, newAndDemoOnly: true },
    });
    expect(makes).toMatchObject({
      indexName: 'cars',
      facets: ['make'],
      hitsPerPage: 0,
      maxValuesPerFacet: 1000,
    });
    expect(makes.filters).toContain('(car_type:new OR car_type:demo)');
    expect(makes.filters).toContain('NOT sold_at <');
  });
});
