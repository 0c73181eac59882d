import { describe, expect, it } from 'vitest';
import { formatNumber, formatPrice, possessive } from '../../../domain/format.ts';

describe('number and price display (search-detail-finance-watchlist.md §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [123456, '123,456'],
    [1234567.4, '1,234,567'],
    [-2500, '-2,500'],
    [-0.2, '0'],
  ])('formatNumber(%d) = %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('keeps decimals when asked', () => {
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
  });

  it.each([
    [34990, '$34,990'],
    [0, '$0'],
    [-500, '-$500'],
    [1250000, '$1,250,000'],
  ])('formatPrice(%d) = %s', (value, text) => {
    expect(formatPrice(value)).toBe(text);
  });
});

describe("a dealer's name in the possessive (issue 31 item 21)", () => {
  it.each([
    ['Bayside Mazda', "Bayside Mazda's"],
    ['Harbour Auto Group', "Harbour Auto Group's"],
    ['Outback RV & Motorcycles', "Outback RV & Motorcycles'"],
    ['Metro Used Cars', "Metro Used Cars'"],
  ])('%s → %s', (name, text) => {
    expect(possessive(name)).toBe(text);
  });
});
