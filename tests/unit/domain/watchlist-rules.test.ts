import { describe, expect, it } from 'vitest';
import { analyticsEventSchema } from '../../../domain/analytics.ts';
import { gatedRoute } from '../../../domain/gated-routes.ts';
import { watchlistChangeSchema, watchlistToast } from '../../../domain/watchlist.ts';

describe('search-detail-finance-watchlist.md §8 Toasts', () => {
  it('a save says the car is now available in the watchlist, with View List', () => {
    expect(watchlistToast('save', '2022 Mazda CX-5 Touring')).toEqual({
      title: 'Car Saved In Watchlist',
      description: '2022 Mazda CX-5 Touring is now available in your watchlist',
      action: { label: 'View List', href: '/watchlist' },
    });
  });

  it('a remove says the car is no longer in the watchlist, with View List', () => {
    expect(watchlistToast('remove', '2022 Mazda CX-5 Touring')).toEqual({
      title: 'Car Removed',
      description: '2022 Mazda CX-5 Touring is no longer in your watchlist',
      action: { label: 'View List', href: '/watchlist' },
    });
  });
});

describe('§7 watchlist save and remove bodies: {phone_number, car_id}', () => {
  it.each([
    [
      { phone_number: '0400111222', car_id: 501 },
      { phone_number: '0400111222', car_id: 501 },
    ],
    [
      { phone_number: '0400111222', car_id: '501' },
      { phone_number: '0400111222', car_id: 501 },
    ],
  ])('%j is read as %j', (body, parsed) => {
    expect(watchlistChangeSchema.parse(body)).toEqual(parsed);
  });

  it.each([
    { phone_number: '', car_id: 1 },
    { phone_number: '0400111222', car_id: 0 },
    { phone_number: '0400111222', car_id: -3 },
    { phone_number: '0400111222', car_id: 1.5 },
    { phone_number: '0400111222', car_id: '1e3' },
    { phone_number: '0400111222', car_id: 2 ** 31 },
    { car_id: 1 },
  ])('%j is refused', (body) => {
    expect(watchlistChangeSchema.safeParse(body).success).toBe(false);
  });
});

describe('§9 analytics event ids', () => {
  it.each([14, 15, 17, 18, 22, 39, 48, 51])('event %i is accepted', (id) => {
    expect(analyticsEventSchema.parse({ event_id: id })).toEqual({ event_id: id, car_id: null, path: null });
  });

  it.each([0, 40, '39', null])('event %j is refused', (id) => {
    expect(analyticsEventSchema.safeParse({ event_id: id }).success).toBe(false);
  });
});

describe('locations-forms-tradein-site.md §4 Gated routes: checkout and finance; never trade-in or sell-my-car', () => {
  it.each([
    ['/cars/2022-mazda-cx-5/checkout', '', { type: 'checkout', back: '/cars/2022-mazda-cx-5' }],
    ['/cars/2022-mazda-cx-5/buy-online', '', { type: 'checkout', back: '/cars/2022-mazda-cx-5' }],
    ['/cars/Odd_Slug/checkout', '', { type: 'checkout', back: '/cars/Odd_Slug' }],
    ['/checkout-journey', 'car_id=2022-mazda-cx-5', { type: 'checkout', back: '/cars/2022-mazda-cx-5' }],
    ['/checkout-journey', 'car_id=%2F%2Fevil.com', { type: 'checkout', back: '/' }],
    ['/finance', 'car_id=501', { type: 'finance', back: '/' }],
    ['/finance/', '', { type: 'finance', back: '/' }],
    ['/finance-enquiry', '', { type: 'finance', back: '/' }],
    ['/apply-for-finance', '', { type: 'finance', back: '/' }],
    ['/personalised/finance', 'car_id=501', { type: 'finance', back: '/' }],
    ['/trade-in', '', null],
    ['/sell-my-car', '', null],
    ['/cars/trade-in', 'car_id=501', null],
    ['/cars/2022-mazda-cx-5', '', null],
    ['/', '', null],
  ])('%s?%s → %j', (path, search, expected) => {
    expect(gatedRoute(path, search)).toEqual(expected);
  });
});
