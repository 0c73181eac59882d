import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { priceRangeScreenMachine } from '../../../machines/price-range-screen/price-range-screen.machine.ts';
import {
  priceSortedSearchHref,
  screenSearchHref,
  selectMake,
} from '../../../machines/price-range-screen/price-range-screen.selectors.ts';

const start = () => createActor(priceRangeScreenMachine).start();

describe('price-range screen (locations-forms-tradein-site.md §2 Price-range slider screen, price-sorted link)', () => {
  it('with nothing chosen the search button opens the whole listing, and the price-sorted link sorts it dearest first', () => {
    const actor = start();
    expect(screenSearchHref(actor.getSnapshot(), '/search')).toBe('/search');
    expect(priceSortedSearchHref(actor.getSnapshot(), '/search', 'cars_price_desc')).toBe(
      '/search?sortBy=cars_price_desc',
    );
  });

  it('the make and price chosen refine both links, in the listing’s URL format', () => {
    const actor = start();
    actor.send({ type: 'make.select', make: 'Mazda' });
    actor.send({ type: 'price.refine', range: { min: 20_000, max: 60_000 } });
    const href = screenSearchHref(actor.getSnapshot(), '/search');
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('refinementList[make][0]')).toBe('Mazda');
    expect(params.get('range[price]')).toBe('20000:60000');
    const sorted = new URLSearchParams(
      priceSortedSearchHref(actor.getSnapshot(), '/stock', 'cars_price_desc').split('?')[1],
    );
    expect(sorted.get('sortBy')).toBe('cars_price_desc');
    expect(sorted.get('range[price]')).toBe('20000:60000');
  });

  it('an open end stays open, and "Any make" or a cleared slider drops the refinement', () => {
    const actor = start();
    actor.send({ type: 'price.refine', range: { max: 30_000 } });
    expect(screenSearchHref(actor.getSnapshot(), '/search')).toBe('/search?range[price]=:30000');
    actor.send({ type: 'make.select', make: 'Kia' });
    actor.send({ type: 'make.select', make: null });
    actor.send({ type: 'price.refine', range: null });
    expect(selectMake(actor.getSnapshot())).toBe('');
    expect(screenSearchHref(actor.getSnapshot(), '/search')).toBe('/search');
  });
});
