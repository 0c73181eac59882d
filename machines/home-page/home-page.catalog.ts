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

/** The home page's path tests: content loads, or loading fails and `retry` loads again. */
export const homePageCatalogEntry = defineCatalogEntry(homePageMachine, {
  summary: 'Home page: loads the dealer content; loading → ready | failed, and retry from failed',
  promiseInvokes: { load: 'load' },
  events: [
    { type: 'xstate.done.actor.load', output: home },
    { type: 'xstate.error.actor.load', error: new Error('Network error') },
  ],
});
