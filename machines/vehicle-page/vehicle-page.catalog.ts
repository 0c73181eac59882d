import { fromPromise } from 'xstate';
import { carSchema } from '../../domain/car.ts';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { enquiryMachine } from '../enquiry/enquiry.machine.ts';
import type { VehicleData } from './vehicle-page.machine.ts';
import { vehiclePageMachine } from './vehicle-page.machine.ts';
import type { VehicleSettings } from './vehicle-settings.ts';

/** Settings of a franchise dealer, for the path tests. */
export const catalogVehicleSettings: VehicleSettings = {
  siteId: 101,
  siteName: 'Harbourside Motors',
  searchPath: '/search',
  financeProvider: 'oem',
  financePath: '/finance',
  financeHiddenDealerships: [],
  buyOnlineDealerships: [],
  personalisedFlow: false,
  checkoutJourney: false,
  certifiedUsed: false,
  fuelTypeTag: false,
  enquireLabel: 'Enquire Now',
  texts: {
    no_price: 'Enquire for price.',
    tag_new: 'New',
    tag_sold: 'JUST SOLD',
    tag_new_arrival: 'New Arrival',
  },
  reserveDeposit: 200,
  phoneNumbers: {},
  manufacturerSlugs: {},
};

const vehicle: VehicleData = {
  car: carSchema.parse({
    id: 501,
    slug: '2022-mazda-cx-5-touring-501',
    name: '2022 Mazda CX-5 Touring',
    year: 2022,
    make: 'Mazda',
    model: 'CX-5',
    car_type: 'used',
    status: 'in_stock',
    price: 36_990,
    km: 21_400,
    stocknum: 'U501',
    created_at: '2026-01-10T09:00:00+10:00',
    dealership_id: 11,
    dealership_slug: 'harbourside',
    payment_processors: ['stripe'],
  }),
  price_history: [],
  dealer: { id: 11, slug: 'harbourside', name: 'Harbourside Motors', phone: '02 5550 1000' },
  as_of: '2026-03-01T00:00:00.000Z',
  origin: 'https://harbourside.example',
};

/** The enquiry's logic as the page loads it on intent: a visitor's, its own paths are its catalog's. */
const loadedEnquiry = enquiryMachine.provide({
  actors: { readContact: fromPromise(async (): Promise<ShopperContact | null> => null) },
});

/**
 * Why the page's own enquiry load cannot fail in a browser: the form's part loads the enquiry's
 * wiring with the form (views/vehicle/vehicle-content.tsx) and asks for the enquiry only once both
 * are in, so the machine imports a module the browser already holds. A chunk that fails is the part's
 * to load again (tests/e2e/vehicle.e2e.ts, the enquiry's code failing to load).
 */
const ENQUIRY_LOADED =
  'the enquiry’s form part loads its wiring with the form and asks for the enquiry only once both are in, so this load finds the module already in the page; a failed chunk is the part’s to retry';

/**
 * The car page's path tests: the car loads, is not found (404), or fails and `retry` loads again; in
 * `ready` the enquiry starts on intent or on a photo request (kept while its logic loads, handed to it
 * once it runs), and a failed load waits for the next intent.
 */
export const vehiclePageCatalogEntry = defineCatalogEntry(vehiclePageMachine, {
  summary:
    'Car page: loads a car by slug; loading → ready | notFound | failed, and retry from failed; the enquiry loads and starts on intent',
  input: { slug: vehicle.car.slug, settings: catalogVehicleSettings },
  promiseInvokes: { loadVehicle: 'loadVehicle', loadEnquiry: 'loadEnquiry' },
  // The enquiry's events held before it runs make every order of them a simple path: shortest paths
  // reach every state and transition, and the enquiry's own paths are its catalog's.
  simplePaths: false,
  events: [
    { type: 'enquiry.load', rules: { contact: true, dealershipCount: 1, categories: ['Vehicle Enquiry'] } },
    { type: 'enquiry.next', values: { message: 'Is it still available?' } },
    { type: 'xstate.done.actor.loadEnquiry', output: loadedEnquiry },
    {
      type: 'xstate.error.actor.loadEnquiry',
      error: new Error('Failed to fetch dynamically imported module'),
    },
    { type: 'xstate.done.actor.loadVehicle', output: vehicle },
    {
      type: 'xstate.error.actor.loadVehicle',
      error: { kind: 'notFound', message: 'No such car on this site' },
    },
    { type: 'xstate.error.actor.loadVehicle', error: new Error('Network error') },
  ],
  notThroughUi: {
    'ready enquiry.back':
      'the server renders the enquiry’s first step, which has no Back; Back shows on step 2, once the enquiry runs',
    'ready.enquiryLoading xstate.error.actor.loadEnquiry': ENQUIRY_LOADED,
    'ready.enquiryFailed enquiry.load': ENQUIRY_LOADED,
    'ready.enquiryFailed enquiry.next': ENQUIRY_LOADED,
    'ready.enquiryFailed enquiry.back': ENQUIRY_LOADED,
    'ready.enquiryFailed enquiry.requestPhotos': ENQUIRY_LOADED,
  },
});
