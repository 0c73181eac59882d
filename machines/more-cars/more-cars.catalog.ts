import type { CarHit } from '../../domain/search-result.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { moreCarsMachine } from './more-cars.machine.ts';

const hit = (id: number, name: string): CarHit => ({
  objectID: String(id),
  id,
  slug: `${name.toLowerCase().replaceAll(' ', '-')}-${id}`,
  name,
  year: 2022,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Touring',
  series: null,
  car_type: 'used',
  status: 'in_stock',
  tag: null,
  km: 21_000,
  body: 'SUV',
  fuel: 'Petrol',
  transmission: 'Automatic',
  price: 36_990,
  before_price: null,
  offer_price: null,
  subscription_price: null,
  preorder: false,
  price_type: null,
  city: 'Brighton',
  state: 'vic',
  location_name: null,
  dealership_slug: 'bayside-mazda',
  created_at: 1_790_000_000,
  primary_image_url: null,
  primary_image_thumbhash: null,
  vehicle_kind: 'cars',
  reserved: false,
  certified: false,
  sold: false,
  image_count: 0,
  finance_lenders: {},
});

const search = {
  endpoint: { appId: 'forecourt', apiKey: 'browser-key', host: 'localhost/search-api', protocol: 'http' },
  indexName: 'cars',
  listing: { nowSeconds: 1_790_000_000 },
} as const;

const cx5 = hit(502, '2022 Mazda CX-5 Touring');
const cx3 = hit(503, '2021 Mazda CX-3 Maxx');

/**
 * "More cars" path tests, from a car page and from the home page (no car: recent cars only): storage holds another viewed car, nothing readable, or
 * cannot be read or written; the sections come near while recording or after; each section finds
 * cars, none, or fails; the recent cars are cleared, or clearing fails.
 */
export const moreCarsCatalogEntry = defineCatalogEntry(moreCarsMachine, {
  summary:
    'More cars: record the view → wait until near → similar (loading → ready | none | failed), recent (loading → ready ⇄ clearing | none | failed)',
  inputs: [
    { car: { id: 501, make: 'Mazda', body: 'SUV', price: 34_990 }, search },
    { car: null, search },
  ],
  promiseInvokes: {
    readViewed: 'readViewed',
    saveViewed: 'saveViewed',
    loadSimilar: 'loadSimilar',
    loadRecent: 'loadRecent',
    clearViewed: 'saveViewed',
  },
  events: [
    { type: 'xstate.done.actor.readViewed', output: [503, 501] },
    { type: 'xstate.done.actor.readViewed', output: 'not a list' },
    { type: 'xstate.error.actor.readViewed', error: new Error('Storage is unavailable') },
    { type: 'xstate.done.actor.saveViewed', output: undefined },
    { type: 'xstate.error.actor.saveViewed', error: new Error('Storage is full') },
    { type: 'xstate.done.actor.loadSimilar', output: { alike: [cx5], sameMake: [cx3] } },
    { type: 'xstate.done.actor.loadSimilar', output: { alike: [], sameMake: [] } },
    { type: 'xstate.error.actor.loadSimilar', error: new Error('Network error') },
    { type: 'xstate.done.actor.loadRecent', output: [cx3] },
    { type: 'xstate.done.actor.loadRecent', output: [] },
    { type: 'xstate.error.actor.loadRecent', error: new Error('Network error') },
    { type: 'xstate.done.actor.clearViewed', output: undefined },
    { type: 'xstate.error.actor.clearViewed', error: new Error('Storage is full') },
    { type: 'section.near' },
    { type: 'viewed.clear' },
    { type: 'retry' },
  ],
  // The two regions interleave every order of their loads, so simple paths grow fast; the shortest
  // paths already take every transition.
  simplePaths: false,
  notThroughUi: {
    'showing.similar.failed retry':
      'a failed search leaves the similar cars out with no Retry (the section is extra); the next car page searches again',
    'showing.recent.failed retry':
      'a failed search leaves the recent cars out with no Retry (the section is extra); the next car page searches again',
  },
});
