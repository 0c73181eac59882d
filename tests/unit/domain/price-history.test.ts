import { describe, expect, it } from 'vitest';
import { type PricePoint, priceChart, priceDrop } from '../../../domain/price-history.ts';

const NOW = new Date('2026-11-26T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const history = (...points: [number, number][]): PricePoint[] =>
  points.map(([price, days]) => ({ price, at: daysAgo(days) }));

describe('price history (issue 19 item 3)', () => {
  it.each<[string, PricePoint[], string | null]>([
    ['one price: no drop', history([30_000, 40]), null],
    ['a fall 10 days ago', history([30_000, 40], [28_500, 10]), 'Price dropped $1,500'],
    ['a fall 30 days ago is still news', history([30_000, 60], [29_000, 30]), 'Price dropped $1,000'],
    ['a fall 31 days ago is not', history([30_000, 60], [29_000, 31]), null],
    ['a rise: none', history([30_000, 40], [31_000, 5]), null],
    ['a fall, then a rise: none', history([30_000, 40], [28_000, 20], [29_000, 5]), null],
    [
      'a rise, then a fall: the fall',
      history([30_000, 40], [32_000, 20], [29_990, 2]),
      'Price dropped $2,010',
    ],
  ])('%s', (_name, points, text) => {
    expect(priceDrop(points, NOW)?.text ?? null).toBe(text);
  });

  it('the chart: nothing for one price; a step line from the first price to now, dearest at the top', () => {
    const box = { width: 200, height: 60, pad: 5 };
    expect(priceChart(history([30_000, 10]), NOW, box)).toBeNull();
    const chart = priceChart(history([30_000, 40], [28_000, 20]), NOW, box);
    expect(chart).toMatchObject({ low: 28_000, high: 30_000 });
    expect(chart?.points.map((p) => [p.x, p.y])).toEqual([
      [5, 5],
      [100, 55],
    ]);
    expect(chart?.path).toBe('M5,5 H100 V55 H195');
  });
});
