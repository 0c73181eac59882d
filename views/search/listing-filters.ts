import type { CarType } from '../../domain/car.ts';
import { type SortOption, sortOptions } from '../../domain/search-listing.ts';
import {
  type ListAttribute,
  type MenuAttribute,
  type RangeAttribute,
  SEARCH_ATTRIBUTES,
  type SearchAttribute,
} from '../../domain/search-state.ts';
import type { PublicSite } from '../../tenants/public-site.ts';
import type { Template } from '../../tenants/tenant.schema.ts';

/**
 * The listing's filters per dealer template (spec §2 "Search results grid with facet filters",
 * "Range slider for price, km and year", "Dropdown or select filters"; §3 "Search state"). Which
 * widget an attribute gets follows its refinement kind: a list of checkboxes, a dropdown, or a range;
 * the make is the make picker (§2 "Make picker with logos"), which also refines `make_model`.
 */

/** One filter of the listing: its attribute, label and widget. */
export type ListingFilter = { readonly label: string } & (
  | { readonly widget: 'list'; readonly attribute: Exclude<ListAttribute, 'make'> }
  | { readonly widget: 'makes'; readonly attribute: 'make' }
  | { readonly widget: 'dropdown'; readonly attribute: MenuAttribute }
  | { readonly widget: 'range'; readonly attribute: RangeAttribute }
);

const LABELS: Partial<Record<SearchAttribute, string>> = {
  car_type: 'Condition',
  item_type: 'Vehicle type',
  categories: 'Category',
  make: 'Make',
  model: 'Model',
  body: 'Body type',
  price: 'Price',
  km: 'Kilometres',
  year: 'Year',
  fuel: 'Fuel type',
  transmission: 'Transmission',
  drive: 'Drive type',
  colour: 'Colour',
  seats: 'Seats',
  dealership_name: 'Dealership',
  location_name: 'Location',
  weekly_price_range: 'Weekly price',
};

const BY_TEMPLATE: Record<Template, readonly SearchAttribute[]> = {
  franchise: ['car_type', 'make', 'model', 'body', 'price', 'km', 'year', 'fuel', 'transmission', 'colour'],
  group: [
    'car_type',
    'dealership_name',
    'make',
    'model',
    'body',
    'price',
    'km',
    'year',
    'fuel',
    'transmission',
  ],
  used: ['make', 'model', 'body', 'price', 'km', 'year', 'fuel', 'transmission', 'drive', 'seats', 'colour'],
  leisure: ['item_type', 'categories', 'make', 'model', 'car_type', 'price', 'km', 'year', 'location_name'],
};

const WIDGETS = { refinementList: 'list', menu: 'dropdown', range: 'range' } as const;

/**
 * Templates whose new and demo stock is the dealer's own make (a franchise): the make filter is
 * offered where the listing also holds used cars, which may be of any make (issue 31 item 19).
 */
const OWN_MAKE_WHEN_NEW: readonly Template[] = ['franchise'];

/**
 * The filters a template's listing shows, in order, for the car types it lists (`null`: every type,
 * as `selectListedCarTypes` says).
 */
export function listingFilters(
  template: Template,
  listedCarTypes: readonly CarType[] | null = null,
): ListingFilter[] {
  const oneMake =
    OWN_MAKE_WHEN_NEW.includes(template) && listedCarTypes !== null && !listedCarTypes.includes('used');
  return BY_TEMPLATE[template]
    .filter((attribute) => !(oneMake && attribute === 'make'))
    .map(
      // The widget follows the attribute's kind, which the union pairs it with.
      (attribute) =>
        ({
          attribute,
          label: LABELS[attribute] ?? attribute,
          widget: attribute === 'make' ? 'makes' : WIDGETS[SEARCH_ATTRIBUTES[attribute]],
        }) as ListingFilter,
    );
}

/** What the listing counts besides its filters: car types (stock count, 'Show Me'), make and body tiles. */
const LISTING_FACETS: readonly SearchAttribute[] = ['car_type', 'make', 'body'];

/**
 * The facets a template's search asks for: its filters' attributes over every car type (the make
 * picker's models too) and the listing's own.
 */
export function listingFacets(template: Template): string[] {
  const filters = listingFilters(template);
  const models = filters.some((f) => f.widget === 'makes') ? ['make_model'] : [];
  return [...new Set([...filters.map((f) => f.attribute), ...models, ...LISTING_FACETS])];
}

/** `locations-forms-tradein-site.md` §9 sort options, on the site's own replicas. */
export function listingSorts(site: PublicSite): SortOption[] {
  const { indices, replicas } = site.search_connection;
  return sortOptions(indices.cars).map((option) => ({ ...option, indexName: replicas[option.id] }));
}
