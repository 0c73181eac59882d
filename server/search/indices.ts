import { z } from 'zod';
import { financeLendersSchema } from '../../domain/car.ts';
import { DEFAULT_SYNONYMS } from '../../domain/car-words.ts';
import { priceRatingSchema } from '../../domain/deal-signals.ts';
import type { SearchIndexRegistry } from './engine/registry.ts';
import type { IndexSettings } from './engine/types.ts';

/**
 * The flattened car record the `cars` index holds: the spec's Search-state attribute names
 * (§3 "Search state") plus what a result card and tenant scoping need. Dates are unix seconds.
 */
export const CarSearchRecord = z.object({
  objectID: z.string().min(1),
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  year: z.number().int().nullable(),
  make: z.string(),
  model: z.string(),
  make_model: z.string(),
  badge: z.string().nullable(),
  series: z.string().nullable(),
  car_type: z.enum(['new', 'used', 'demo']),
  status: z.string(),
  item_type: z.string(),
  categories: z.array(z.string()),
  filtered_features: z.array(z.string()),
  tag: z.string().nullable(),
  km: z.number().nullable(),
  colour: z.string().nullable(),
  seats: z.number().int().nullable(),
  body: z.string().nullable(),
  drive: z.string().nullable(),
  fuel: z.string().nullable(),
  transmission: z.string().nullable(),
  stocknum: z.string().nullable(),
  vin: z.string().nullable(),
  price: z.number().nullable(),
  /**
   * The price the card shows (§4 Price display: the offer when there is one, else the price): what
   * "Highest price" and "Lowest price" order by, so the shopper sees the prices in order. Null when
   * the card shows no price (PREORDER, the no-price text): see `priced`.
   */
  asking_price: z.number().nullable(),
  /**
   * Whether the card shows a price: the price sorts rank on it first, so unpriced cars come last in
   * both directions, on the embedded engine and on hosted Algolia alike (decision 105).
   */
  priced: z.boolean(),
  before_price: z.number().nullable(),
  offer_price: z.number().nullable(),
  subscription_price: z.number().nullable(),
  preorder: z.boolean(),
  price_type: z.string().nullable(),
  price_range: z.string().nullable(),
  weekly_price_range: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  location_name: z.string().nullable(),
  dealership_id: z.number().int(),
  dealership_slug: z.string(),
  dealership_name: z.string(),
  created_at: z.number().int(),
  sold_at: z.number().int().nullable(),
  show_on_dealer_website: z.boolean(),
  primary_image_url: z.string().nullable(),
  /** Its thumbhash (base64), the placeholder a card shows while the photo loads (decision 122). */
  primary_image_thumbhash: z.string().nullable(),
  /** What a result card's rules need (tag precedence, favourite visibility, spec §4–§5). */
  vehicle_kind: z.enum(['cars', 'caravans', 'motorcycles']),
  reserved: z.boolean(),
  certified: z.boolean(),
  sold: z.boolean(),
  image_count: z.number().int().min(0),
  /** The lender entries by provider: the listing card's finance strip (§2, §5). */
  finance_lenders: financeLendersSchema,
  /**
   * What a shopper may type about the car — fuel, body, colour, transmission, drive, seats, model names
   * however written — with its dealer's synonyms (`domain/car-words.ts`, decision 129). Searchable,
   * never retrieved by the storefront.
   */
  keywords: z.array(z.string()),
  /** The seats as words (`7seater`): matched whole, without typos (decision 129). */
  seat_words: z.array(z.string()),
  /**
   * The week's repayment its card shows on its dealer's site, whole dollars (`listingWeeklyRepayment`):
   * what "Under $X a week" filters on (issue 37 item 5). Absent where the card shows none.
   */
  weekly_repayment: z.number().int().optional(),
  /** When the car's last asking-price change, a drop, took effect (unix seconds); absent without one. */
  price_dropped_at: z.number().int().optional(),
  /** By how much that last drop lowered the price (dollars); absent without one (decision 130). */
  price_drop_amount: z.number().positive().optional(),
  /** Where the car is: its location's position, Algolia's geo attribute (issue 37 item 3). */
  _geoloc: z.object({ lat: z.number(), lng: z.number() }).optional(),
  /**
   * The price rating against comparable cars of the same site's stock (`domain/deal-signals.ts`,
   * decision 130), worked out when the records are built; absent with too few comparables.
   */
  price_rating: z.optional(priceRatingSchema),
});
/** A record of the `cars` index and its replicas. */
export type CarSearchRecord = z.infer<typeof CarSearchRecord>;

/** A record of the `models` index (directory search over makes and models, spec §7). */
export const ModelSearchRecord = z.object({
  objectID: z.string().min(1),
  manufacturer: z.object({ name: z.string(), slug: z.string().optional() }),
  model: z.object({ name: z.string(), slug: z.string(), body: z.array(z.string()) }),
  status: z.enum(['', 'new', 'coming_soon']),
  image_url: z.string().nullable().optional(),
  override_url: z.string().nullable().optional(),
  /** Dealerships whose sites list the model: tenant keys filter every index on `dealership_id`. */
  dealership_id: z.array(z.number().int()),
});
/** A record of the `models` index. */
export type ModelSearchRecord = z.infer<typeof ModelSearchRecord>;

/** A record of the `items` index (dealership item search by categories and price, spec §7). */
export const ItemSearchRecord = z.object({
  objectID: z.string().min(1),
  name: z.string(),
  categories: z.array(z.string()),
  price: z.number().nullable(),
  /** Tenant keys filter every index on `dealership_id`. */
  dealership_id: z.number().int(),
  image_url: z.string().nullable().optional(),
});
/** A record of the `items` index. */
export type ItemSearchRecord = z.infer<typeof ItemSearchRecord>;

/** The sort options of spec §2 as replicas of `cars`. */
export const CAR_REPLICAS = {
  latest: 'cars_latest',
  priceDesc: 'cars_price_desc',
  priceAsc: 'cars_price_asc',
  priceDrop: 'cars_price_drop',
} as const;

const CAR_FACETS = [
  'badge',
  'status',
  'car_type',
  'categories',
  'city',
  'colour',
  'dealership_name',
  'filtered_features',
  'item_type',
  'km',
  'location_name',
  'make',
  'make_model',
  'model',
  'price',
  'subscription_price',
  'price_range',
  'seats',
  'body',
  'drive',
  'fuel',
  'transmission',
  'state',
  'tag',
  'weekly_price_range',
  'year',
];
const SEARCHABLE_FACETS = new Set([
  'make',
  'model',
  'make_model',
  'badge',
  'colour',
  'city',
  'location_name',
  'dealership_name',
  'body',
]);

/** Settings of the `cars` primary (most relevant first; newest breaks ties). */
export const carsSettings: IndexSettings = {
  // The car's words last: a make or model named in the title ranks above a synonym's match.
  searchableAttributes: [
    'name',
    'make',
    'model',
    'badge',
    'series',
    'stocknum',
    'vin',
    'unordered(keywords)',
    'unordered(seat_words)',
  ],
  // The car's words are for matching, not for showing: never sent, never highlighted.
  attributesToHighlight: ['name', 'make', 'model', 'badge', 'series', 'stocknum', 'vin'],
  unretrievableAttributes: ['keywords', 'seat_words'],
  disablePrefixOnAttributes: ['seat_words'],
  disableTypoToleranceOnAttributes: ['seat_words'],
  attributesForFaceting: [
    ...CAR_FACETS.map((f) => (SEARCHABLE_FACETS.has(f) ? `searchable(${f})` : f)),
    'filterOnly(dealership_id)',
    'filterOnly(dealership_slug)',
    'filterOnly(show_on_dealer_website)',
  ],
  customRanking: ['desc(created_at)'],
  replicas: Object.values(CAR_REPLICAS),
  paginationLimitedTo: 1000,
  hitsPerPage: 21,
};

/**
 * The shipped car-word synonyms as Algolia synonym objects (two-way), which `search:push` saves on
 * `cars` and its replicas. A dealer's own synonyms travel in its cars' `keywords` instead: hosted
 * Algolia's synonyms hold for a whole index, and the index is shared by every dealer (decision 129).
 */
export const CAR_SYNONYMS: ReadonlyArray<{ objectID: string; type: 'synonym'; synonyms: string[] }> =
  DEFAULT_SYNONYMS.map((group) => ({
    objectID: `car-words-${group[0]?.replace(/[^a-z0-9]+/g, '-')}`,
    type: 'synonym',
    synonyms: [...group],
  }));

/** A standard replica's settings: the sort criteria before relevance. */
const sortedBy = (...criteria: string[]): IndexSettings => ({
  ranking: [...criteria, 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  customRanking: ['desc(created_at)'],
});

/** Every index the storefront searches, with its settings (replicas after their primary). */
export const SEARCH_INDICES: ReadonlyArray<{
  name: string;
  settings: IndexSettings;
  /** Synonym objects `search:push` saves (forwarded to the replicas). */
  synonyms?: ReadonlyArray<{ objectID: string; type: 'synonym'; synonyms: string[] }>;
}> = [
  { name: 'cars', settings: carsSettings, synonyms: CAR_SYNONYMS },
  { name: CAR_REPLICAS.latest, settings: sortedBy('desc(created_at)') },
  // Priced cars first whichever way the price sorts: a car without a shown price sorts last in both.
  { name: CAR_REPLICAS.priceDesc, settings: sortedBy('desc(priced)', 'desc(asking_price)') },
  { name: CAR_REPLICAS.priceAsc, settings: sortedBy('desc(priced)', 'asc(asking_price)') },
  { name: CAR_REPLICAS.priceDrop, settings: sortedBy('desc(price_dropped_at)') },
  {
    name: 'models',
    settings: {
      searchableAttributes: ['manufacturer.name', 'model.name', 'model.body'],
      attributesForFaceting: [
        'searchable(manufacturer.name)',
        'model.body',
        'status',
        'filterOnly(dealership_id)',
      ],
      customRanking: ['asc(manufacturer.name)', 'asc(model.name)'],
      hitsPerPage: 21,
    },
  },
  {
    name: 'items',
    settings: {
      searchableAttributes: ['name', 'categories'],
      attributesForFaceting: ['searchable(categories)', 'price', 'filterOnly(dealership_id)'],
      customRanking: ['asc(price)'],
      hitsPerPage: 21,
    },
  },
];

/** Creates every index with its settings (records arrive later through `replaceAll`). */
export function defineSearchIndices(registry: SearchIndexRegistry): void {
  for (const { name, settings } of SEARCH_INDICES) registry.setSettings(name, settings);
}
