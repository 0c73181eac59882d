import type { HomeContent } from '../../domain/contracts/home.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { homePageMachine } from './home-page.machine.ts';

const home: HomeContent = {
  name: 'Harbourside Motors',
  tagline: 'Quality cars by the water',
  description: 'Family-owned since 1987.',
  dealerships: [{ name: 'Harbourside Motors', slug: 'harbourside', phone: '02 9000 0000' }],
  locations: [
    {
      name: 'Harbourside Sales',
      slug: 'harbourside-sales',
      location_type: 'sales',
      phone: '02 9000 0000',
      address: {
        street: '1 Wharf Road',
        city: 'Sydney',
        state: 'nsw',
        postcode: '2000',
        lat: -33.86,
        long: 151.21,
      },
    },
  ],
  promotions: [
    {
      id: 1,
      title: 'Summer Sale',
      description: null,
      image_url: '/media/promotions/summer-sale.svg',
      link: '/search/new-cars',
      expires_at: '2026-12-31T13:00:00.000Z',
    },
  ],
};

const endpoint = {
  appId: 'forecourt',
  apiKey: 'browser-key',
  host: 'localhost/search-api',
  protocol: 'http',
} as const;
const search = { indexName: 'cars', state: {}, facets: [], filters: '', hitsPerPage: 6 };

/** The home page's path tests: content and stock load, or loading fails and `retry` loads again. */
export const homePageCatalogEntry = defineCatalogEntry(homePageMachine, {
  summary: 'Home page: loads the dealer content and stock; loading → ready | failed, and retry from failed',
  input: {
    stock: { endpoint, featured: search, makes: { ...search, facets: ['make'], hitsPerPage: 0 } },
    nowSeconds: 1_790_000_000,
  },
  promiseInvokes: { load: 'load' },
  events: [
    { type: 'xstate.done.actor.load', output: { content: home, stock: { featured: [], makes: [] } } },
    { type: 'xstate.error.actor.load', error: new Error('Network error') },
  ],
});
