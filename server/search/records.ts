import type { Car } from '../../domain/car.ts';
import { sortingPrice } from '../../domain/car-price.ts';
import {
  carKeywords,
  DEFAULT_SYNONYMS,
  type SynonymGroup,
  seatWords,
  synonymsFor,
} from '../../domain/car-words.ts';
import { type PriceRating, priceRatings, type RatedCar } from '../../domain/deal-signals.ts';
import { type FinanceContext, listingWeeklyRepayment } from '../../domain/finance-rules.ts';
import { formatPrice } from '../../domain/format.ts';
import type { Item } from '../../domain/item.ts';
import type { Model } from '../../domain/model.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { lastPriceDrops, listAllCars } from '../store/cars.repo.ts';
import type { Executor } from '../store/db.ts';
import { listAllItems } from '../store/items.repo.ts';
import { listModels } from '../store/makes.repo.ts';
import type { CarSearchRecord, ItemSearchRecord, ModelSearchRecord } from './indices.ts';

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** `$20,000 - $30,000`: the 10k band a price falls in (the `price_range` facet). */
export function priceBand(price: number): string {
  const low = Math.floor(price / 10_000) * 10_000;
  return `${formatPrice(low)} - ${formatPrice(low + 10_000)}`;
}

/** `$100 - $150`: the $50 band of the lowest weekly finance payment (the `weekly_price_range` facet). */
export function weeklyBand(weekly: number): string {
  const low = Math.floor(weekly / 50) * 50;
  return `${formatPrice(low)} - ${formatPrice(low + 50)}`;
}

function lowestWeekly(car: Car): number | null {
  const payments = Object.values(car.finance_lenders)
    .map((lender) => lender?.paymentWeek)
    .filter((payment): payment is number => typeof payment === 'number' && payment > 0);
  return payments.length > 0 ? Math.min(...payments) : null;
}

/** Dealership names by id, across every site. */
export function dealershipNames(sites: readonly SiteConfig[]): Map<number, string> {
  return new Map(sites.flatMap((site) => site.dealerships.map((d) => [d.id, d.name] as const)));
}

/**
 * The synonyms each dealership's cars are indexed with: the shipped ones and its site's own
 * `search.synonyms` (issue 37 item 2).
 */
export function dealershipSynonyms(sites: readonly SiteConfig[]): Map<number, SynonymGroup[]> {
  return new Map(
    sites.flatMap((site) => {
      const groups = synonymsFor(site.search.synonyms);
      return site.dealerships.map((d) => [d.id, groups] as const);
    }),
  );
}

/**
 * Where each location is, by its slug, across every site: a car's `_geoloc` (Algolia's geo attribute,
 * what a "within 25 km of my postcode" search measures; issue 37 item 3) is its location's position.
 */
export function locationPlaces(sites: readonly SiteConfig[]): Map<string, { lat: number; lng: number }> {
  return new Map(
    sites.flatMap((site) =>
      site.locations.map((l) => [l.slug, { lat: l.address.lat, lng: l.address.long }] as const),
    ),
  );
}

/**
 * The finance rules' context of each dealership's cars on its own site (its provider and the
 * `financeHidden` switch), at `now`: the card's weekly estimate the record carries.
 */
export function dealershipFinance(sites: readonly SiteConfig[], now: Date): Map<number, FinanceContext> {
  return new Map(
    sites.flatMap((site) =>
      site.dealerships.map(
        (d) =>
          [
            d.id,
            {
              provider: site.finance_provider ?? null,
              financeHidden: hasFeature(site, 'financeHidden', d.slug),
              now,
            },
          ] as const,
      ),
    ),
  );
}

/**
 * What a car's record reads besides the car, each keyed by dealership id (places by location slug).
 * Only the names are needed; a record without the rest has no price drop, synonyms, weekly figure or
 * place.
 */
export interface CarRecordContext {
  names: ReadonlyMap<number, string>;
  /** The car's last price drop, by car id. */
  drops?: ReadonlyMap<number, { at: string; amount?: number }>;
  synonyms?: ReadonlyMap<number, readonly SynonymGroup[]>;
  finance?: ReadonlyMap<number, FinanceContext>;
  places?: ReadonlyMap<string, { lat: number; lng: number }>;
}

/** Flattens a stored car into the `cars` index record, with the spec's Search-state attribute names. */
export function toCarRecord(
  car: Car,
  {
    names,
    drops = new Map(),
    synonyms = new Map(),
    finance = new Map(),
    places = new Map(),
  }: CarRecordContext,
): CarSearchRecord {
  const drop = drops.get(car.id);
  const place = car.location ? places.get(car.location.slug) : undefined;
  const financeContext = finance.get(car.dealership_id);
  const weeklyRepayment = financeContext ? listingWeeklyRepayment(car, financeContext) : null;
  const weekly = lowestWeekly(car);
  const fuel = car.simple_fuel ?? car.fuel;
  const transmission = car.simple_transmission ?? car.trans;
  return {
    objectID: String(car.id),
    id: car.id,
    slug: car.slug,
    name: car.name,
    year: car.year,
    make: car.make,
    model: car.model,
    make_model: `${car.make} ${car.model}`,
    badge: car.badge,
    series: car.series,
    car_type: car.car_type,
    status: car.status,
    item_type: car.vehicle_kind,
    categories: [car.simple_body, car.vehicle_kind].filter((value): value is string => Boolean(value)),
    filtered_features: car.standardEquipment,
    tag: car.tag,
    km: car.km,
    colour: car.colour,
    seats: car.seats,
    body: car.simple_body,
    drive: car.drive,
    fuel,
    transmission,
    stocknum: car.stocknum,
    vin: car.vin,
    price: car.price,
    asking_price: sortingPrice(car),
    priced: sortingPrice(car) !== null,
    before_price: car.before_price,
    offer_price: car.offer_price,
    subscription_price: car.subscription_price,
    preorder: car.preorder,
    price_type: car.price_type,
    price_range: car.price > 0 ? priceBand(car.price) : null,
    weekly_price_range: weekly === null ? null : weeklyBand(weekly),
    city: car.city ?? car.location?.city ?? null,
    state: car.state ?? car.location?.state ?? null,
    location_name: car.location?.location_name ?? null,
    dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug,
    dealership_name: names.get(car.dealership_id) ?? car.dealership_slug,
    created_at: unix(car.created_at),
    sold_at: car.sold_at ? unix(car.sold_at) : null,
    show_on_dealer_website: car.show_on_dealer_website,
    primary_image_url: car.primary_image_url ?? car.images[0] ?? null,
    primary_image_thumbhash: car.primary_image_url
      ? car.primary_image_thumbhash
      : (car.image_thumbhashes[0] ?? null),
    vehicle_kind: car.vehicle_kind,
    reserved: car.reserved,
    certified: car.certified,
    sold: car.sold || car.status === 'sold',
    image_count: car.images.length,
    finance_lenders: car.finance_lenders,
    keywords: carKeywords(
      {
        make: car.make,
        model: car.model,
        badge: car.badge,
        series: car.series,
        body: car.simple_body,
        fuel,
        transmission,
        drive: car.drive,
        colour: car.colour,
        seats: car.seats,
      },
      synonyms.get(car.dealership_id) ?? DEFAULT_SYNONYMS,
    ),
    seat_words: seatWords(car.seats),
    ...(drop && { price_dropped_at: unix(drop.at) }),
    ...(drop?.amount !== undefined && drop.amount > 0 && { price_drop_amount: drop.amount }),
    ...(weeklyRepayment !== null && { weekly_repayment: weeklyRepayment }),
    ...(place && { _geoloc: place }),
  };
}

/** What a price rating reads of a car's record (decision 130). */
export function ratedCarOf(record: CarSearchRecord, siteId: number): RatedCar {
  return {
    id: record.id,
    siteId,
    make: record.make,
    model: record.model,
    year: record.year,
    km: record.km,
    price: record.asking_price,
    forSale: !record.sold && record.show_on_dealer_website,
  };
}

/** The records with these price ratings (decision 130); a car without one carries none. */
export function withPriceRatings(
  records: readonly CarSearchRecord[],
  ratings: ReadonlyMap<number, PriceRating>,
): CarSearchRecord[] {
  return records.map((record) => {
    const { price_rating: _stale, ...rest } = record;
    const rating = ratings.get(record.id);
    return rating ? { ...rest, price_rating: rating } : rest;
  });
}

/**
 * The cars' price ratings against comparable cars of their own site's stock (issue 37 item 4,
 * decision 130). A rating depends on the other cars, so the book keeps what every rating reads of the
 * whole stock: a whole load (every stock change, told to every process by the change feed, and
 * `search:push` to hosted search) rates every car; a refresh of some cars (a reservation, a photo, a
 * price or sold change from the console) rates them again and names the other cars whose rating
 * changed with them, which are refreshed too. Cars of a dealership no site lists are not rated.
 */
export class PriceRatingBook {
  readonly #siteOf: ReadonlyMap<number, number>;
  #inputs = new Map<number, RatedCar>();
  #ratings: ReadonlyMap<number, PriceRating> = new Map();

  constructor(sites: readonly SiteConfig[]) {
    this.#siteOf = new Map(sites.flatMap((site) => site.dealerships.map((d) => [d.id, site.id] as const)));
  }

  #remember(records: readonly CarSearchRecord[]): void {
    for (const record of records) {
      const siteId = this.#siteOf.get(record.dealership_id);
      if (siteId === undefined) this.#inputs.delete(record.id);
      else this.#inputs.set(record.id, ratedCarOf(record, siteId));
    }
  }

  /** The whole stock: every record, rated. */
  rateAll(records: readonly CarSearchRecord[]): CarSearchRecord[] {
    this.#inputs = new Map();
    this.#remember(records);
    this.#ratings = priceRatings([...this.#inputs.values()]);
    return withPriceRatings(records, this.#ratings);
  }

  /** Some cars' new records: them rated, and the other cars whose rating changed with them. */
  rateSome(records: readonly CarSearchRecord[]): { records: CarSearchRecord[]; alsoChanged: number[] } {
    const before = this.#ratings;
    this.#remember(records);
    this.#ratings = priceRatings([...this.#inputs.values()]);
    const refreshed = new Set(records.map((record) => record.id));
    const alsoChanged = [...new Set([...before.keys(), ...this.#ratings.keys()])].filter(
      (id) => !refreshed.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(this.#ratings.get(id)),
    );
    return { records: withPriceRatings(records, this.#ratings), alsoChanged };
  }

  /** Records with the ratings as they stand. */
  rated(records: readonly CarSearchRecord[]): CarSearchRecord[] {
    return withPriceRatings(records, this.#ratings);
  }
}

/**
 * What a car's refresh writes to hosted search (a partial update): what changes without an import —
 * `reserved` (a reservation or its release) and its photo (`primary_image_url`, its thumbhash and
 * `image_count`, once the photo pipeline has fetched one in the background, decision 122).
 */
export function hostedCarUpdate({
  objectID,
  reserved,
  primary_image_url,
  primary_image_thumbhash,
  image_count,
}: CarSearchRecord): Pick<
  CarSearchRecord,
  'objectID' | 'reserved' | 'primary_image_url' | 'primary_image_thumbhash' | 'image_count'
> {
  return { objectID, reserved, primary_image_url, primary_image_thumbhash, image_count };
}

/**
 * The `models` index records: a model is listed for the dealerships that stock it or hold its
 * franchise, so a tenant key (which filters every index on `dealership_id`) finds its own range.
 */
export function toModelRecords(
  models: readonly Model[],
  cars: readonly Car[],
  sites: readonly SiteConfig[],
): ModelSearchRecord[] {
  const stockedBy = new Map<string, Set<number>>();
  for (const car of cars) {
    const key = `${car.make.toLowerCase()}|${car.model.toLowerCase()}`;
    const set = stockedBy.get(key) ?? new Set<number>();
    set.add(car.dealership_id);
    stockedBy.set(key, set);
  }
  const franchises = sites.flatMap((site) => site.dealerships);
  return models.flatMap((model) => {
    const ids = new Set(
      stockedBy.get(`${model.manufacturer_name.toLowerCase()}|${model.name.toLowerCase()}`),
    );
    for (const dealership of franchises) {
      if (dealership.manufacturer_slug === model.manufacturer_slug) ids.add(dealership.id);
    }
    if (ids.size === 0) return [];
    return [
      {
        objectID: String(model.id),
        manufacturer: { name: model.manufacturer_name, slug: model.manufacturer_slug },
        model: { name: model.name, slug: model.slug, body: model.body },
        status: model.status,
        image_url: model.image.url,
        override_url: model.override_url,
        dealership_id: [...ids].sort((a, b) => a - b),
      },
    ];
  });
}

/** A dealership item as the `items` index holds it (dealership item search by categories and price). */
export function toItemRecord(item: Item): ItemSearchRecord {
  return {
    objectID: String(item.id),
    name: item.name,
    categories: item.categories,
    price: item.price,
    dealership_id: item.dealership_id,
    image_url: item.image_url,
  };
}

/** Every record the storefront indices hold, built from the store (the embedded index and `search:push`). */
export async function loadSearchRecords(
  db: Executor,
  sites: readonly SiteConfig[],
): Promise<{ cars: CarSearchRecord[]; models: ModelSearchRecord[]; items: ItemSearchRecord[] }> {
  const cars = await listAllCars(db);
  const names = dealershipNames(sites);
  const drops = await lastPriceDrops(db);
  const synonyms = dealershipSynonyms(sites);
  const finance = dealershipFinance(sites, new Date());
  const places = locationPlaces(sites);
  return {
    cars: new PriceRatingBook(sites).rateAll(
      cars.map((car) => toCarRecord(car, { names, drops, synonyms, finance, places })),
    ),
    models: toModelRecords(await listModels(db), cars, sites),
    items: (await listAllItems(db)).map(toItemRecord),
  };
}
