import { describe, expect, it } from 'vitest';
import {
  type CarButtonsFacts,
  type CarButtonsHiddenReason,
  type CarButtonsSite,
  carButtons,
} from '../../../domain/car-buttons.ts';

const car: CarButtonsFacts = { status: 'in_stock', sold: false, price: 24_990, images: ['/media/a.webp'] };
const site: CarButtonsSite = { garageEnabled: false, favouritesStorageOff: false };

describe('favourite and compare buttons (search-detail-finance-watchlist.md §5 Search and buttons)', () => {
  it.each<[string, Partial<CarButtonsFacts>, Partial<CarButtonsSite>, CarButtonsHiddenReason | null]>([
    ['§5 Search and buttons: shown for a car for sale with a price and images', {}, {}, null],
    ['§5 Search and buttons: shown for a coming-soon car', { status: 'coming_soon' }, {}, null],
    ['§5 Search and buttons: hidden when the car is sold', { status: 'sold' }, {}, 'notForSale'],
    ['§5 Search and buttons: hidden when the sold flag is set', { sold: true }, {}, 'notForSale'],
    ['§5 Search and buttons: hidden for another status', { status: 'archived' }, {}, 'notForSale'],
    ['§5 Search and buttons: hidden when the price is 0', { price: 0 }, {}, 'noPrice'],
    ['§5 Search and buttons: hidden when the price is below 0', { price: -1 }, {}, 'noPrice'],
    ['§5 Search and buttons: hidden when there is no price', { price: null }, {}, 'noPrice'],
    ['§5 Search and buttons: shown at a price of 1', { price: 1 }, {}, null],
    [
      '§5 Search and buttons: hidden without images in garage mode',
      { images: [] },
      { garageEnabled: true },
      'noImages',
    ],
    ['§5 Search and buttons: shown with images in garage mode', {}, { garageEnabled: true }, null],
    [
      '§5 Search and buttons: a search record primary image counts in garage mode',
      { images: undefined, primary_image_url: '/media/a.webp' },
      { garageEnabled: true },
      null,
    ],
    ['§5 Search and buttons: shown without images outside garage mode', { images: [] }, {}, null],
    [
      '§5 Search and buttons: hidden when the storage setting is off',
      {},
      { favouritesStorageOff: true },
      'storageOff',
    ],
    [
      '§5 Search and buttons: the first reason wins (not for sale before storage off)',
      { status: 'sold', price: 0 },
      { favouritesStorageOff: true },
      'notForSale',
    ],
  ])('%s', (_name, facts, options, reason) => {
    const shown = reason === null;
    expect(carButtons({ ...car, ...facts }, { ...site, ...options })).toEqual({
      favourite: shown,
      compare: shown,
      hiddenBecause: reason,
    });
  });
});
