import { z } from 'zod/mini';
import { rowIdSchema } from './row-id.ts';

/**
 * The Car entity, with every field the spec lists: `search-detail-finance-watchlist.md` §3 "Car" and
 * "Finance lender entry", plus the fields `locations-forms-tradein-site.md` §3 "Car" adds (`sold`,
 * `has_nvic`) and three the stock filter and seed need (`show_on_dealer_website`, `sold_at`,
 * `vehicle_kind`). Optional fields default to null, false or empty on parse, so a parsed Car always
 * carries every key; a stock feed may leave them out.
 */

const slugSchema = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens (a-z, 0-9, -)'));
const mediaUrlSchema = z
  .string()
  .check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL'));
const text = () => z.string().check(z.minLength(1));
/**
 * A photo's thumbhash (issue 35 item 3, decision 122): its blurred colours in about 25 bytes, base64.
 * The photo pipeline writes it; a page decodes it into the picture shown while the photo loads.
 */
export const thumbhashSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9+/]{8,64}={0,2}$/, 'must be a base64 thumbhash'));
/** A nullable field that is null when left out. */
const orNull = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);
const nullableText = orNull(z.string());
const nullableNumber = orNull(z.number());
const nullableInt = orNull(z.int());
const nullableDate = orNull(z.iso.date());
const maybeNumber = z.optional(z.nullable(z.number()));
/** An odometer beyond any car's (the trade-in's own ceiling too): the store's column is an integer. */
const MAX_KM = 2_000_000;

/** Car types in the spec's display order (new, demo, used: spec §9). */
export const carTypeSchema = z.enum(['new', 'demo', 'used']);
/** new, demo or used. */
export type CarType = z.infer<typeof carTypeSchema>;

/** Stock status; in_stock and coming_soon count as available (spec §4 "Car availability"). */
export const carStatusSchema = z.enum(['in_stock', 'coming_soon', 'sold']);
/** in_stock, coming_soon or sold. */
export type CarStatus = z.infer<typeof carStatusSchema>;

/** What kind of vehicle a listing is; leisure dealers also sell caravans and motorcycles. */
export const vehicleKindSchema = z.enum(['cars', 'caravans', 'motorcycles']);
/** cars, caravans or motorcycles. */
export type VehicleKind = z.infer<typeof vehicleKindSchema>;

const VEHICLE_NOUNS: Readonly<Record<VehicleKind, string>> = {
  cars: 'car',
  caravans: 'caravan',
  motorcycles: 'motorcycle',
};

/** What one vehicle of a kind is called in a sentence: `car`, `caravan`, `motorcycle`. */
export const vehicleNoun = (kind: VehicleKind): string => VEHICLE_NOUNS[kind];

/** Whether a kind of vehicle has an odometer (a caravan is towed: it has none to read). */
export const hasOdometer = (kind: VehicleKind): boolean => kind !== 'caravans';

/** The eight finance providers a lender entry may be keyed by (spec §5 "Finance-estimate display"). */
export const financeProviderSchema = z.enum([
  'taurus',
  'carclarity',
  '360',
  'ausloans',
  'manual',
  'angle',
  'powertorque',
  'oem',
]);
/** A finance provider key of `finance_lenders`. */
export type FinanceProvider = z.infer<typeof financeProviderSchema>;

/**
 * One provider's finance estimate for a car (spec §3 "Finance lender entry"). Every field may be
 * missing or null: an empty entry, or one without rates, is valid data that simply shows no estimate.
 */
export const financeLenderSchema = z.object({
  interestRate: maybeNumber,
  comparisonRate: maybeNumber,
  paymentWeek: maybeNumber,
  paymentMonth: maybeNumber,
  termMonths: z.optional(z.nullable(z.int())),
  termYears: maybeNumber,
  deposit: maybeNumber,
  balloon: maybeNumber,
  disclaimer: z.optional(z.nullable(z.string())),
});
/** A finance lender entry. */
export type FinanceLender = z.infer<typeof financeLenderSchema>;

/** Lender entries keyed by provider; any provider may be absent. */
export const financeLendersSchema = z.partialRecord(financeProviderSchema, financeLenderSchema);
/** `finance_lenders` of a car. */
export type FinanceLenders = z.infer<typeof financeLendersSchema>;

/** The location a car is displayed at (spec §3 "Car" → location). */
export const carLocationSchema = z.object({
  phone: nullableText,
  slug: slugSchema,
  city: text(),
  state: text(),
  location_name: text(),
  name: text(),
  address: z.object({
    id: nullableInt,
    street: text(),
    city: text(),
    state: text(),
    postcode: z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits')),
    place_url: orNull(z.url()),
  }),
  /** Slugs of further locations the car may be delivered to. */
  distribution_locations: z._default(z.array(z.string()), []),
});
/** A car's location. */
export type CarLocation = z.infer<typeof carLocationSchema>;

/** Technical variant data (spec §3 "Car" → variant). Lengths in mm, masses in kg, torque in Nm. */
export const carVariantSchema = z.object({
  cylinders: nullableInt,
  enginesize: nullableInt,
  enginesize_litres: nullableNumber,
  induction: nullableText,
  geartype: nullableText,
  fuelconsumptioncombined: nullableNumber,
  fuelcapacity: nullableNumber,
  grossvehiclemass: nullableNumber,
  vehiclelength: nullableNumber,
  vehicleheight: nullableNumber,
  vehiclewidth: nullableNumber,
  torque: nullableNumber,
  ancaprating: orNull(z.int().check(z.minimum(0), z.maximum(5))),
});
/** A car's variant data. */
export type CarVariant = z.infer<typeof carVariantSchema>;

/**
 * Caravan specifications (spec §3 "Car" → specifications). `body_width` and `body_length` are in
 * feet (the site converts to metres, spec §9); masses in kg.
 */
export const caravanSpecificationsSchema = z.object({
  body_width: orNull(z.number().check(z.positive())),
  body_length: orNull(z.number().check(z.positive())),
  tare_weight: nullableNumber,
  axle_type: nullableText,
  sleeps: nullableInt,
  aggregate_trailer_mass: nullableNumber,
});
/** A caravan's specifications. */
export type CaravanSpecifications = z.infer<typeof caravanSpecificationsSchema>;

/** Market prices from the valuation feed (spec §3 "Car" → autograb_data; §5 "Below-market badge"). */
export const autograbDataSchema = z.object({
  state_average_market_price: nullableNumber,
  average_market_price: nullableNumber,
});
/** A car's market prices. */
export type AutograbData = z.infer<typeof autograbDataSchema>;

/** A car listing as stored and searched. */
export const carSchema = z.object({
  id: rowIdSchema(),
  slug: slugSchema,
  name: text(),
  year: z.int().check(z.minimum(1900), z.maximum(2100)),
  make: text(),
  model: text(),
  badge: nullableText,
  series: nullableText,
  car_type: carTypeSchema,
  status: carStatusSchema,
  vehicle_kind: z._default(vehicleKindSchema, 'cars'),
  sold: z._default(z.boolean(), false),
  sold_at: orNull(z.iso.datetime({ offset: true })),
  show_on_dealer_website: z._default(z.boolean(), true),
  price: z.number().check(z.minimum(0)),
  before_price: nullableNumber,
  offer_price: nullableNumber,
  /** Weekly subscription price; shown first when above 0 (spec §4 "Price display priority"). */
  subscription_price: nullableNumber,
  /** Set for cars sold ahead of arrival; shown as PREORDER when there is no price. */
  preorder: z._default(z.boolean(), false),
  price_type: nullableText,
  km: z.int().check(z.minimum(0), z.maximum(MAX_KM)),
  stocknum: text(),
  vin: nullableText,
  regplate: nullableText,
  rego_expiry: nullableDate,
  compliance_date: nullableDate,
  build_date: nullableDate,
  colour: nullableText,
  seats: nullableInt,
  doors: nullableInt,
  engine_size: nullableText,
  trans: nullableText,
  fuel: nullableText,
  simple_fuel: nullableText,
  simple_body: nullableText,
  simple_transmission: nullableText,
  drive: nullableText,
  /** The dealer's custom tag (spec §4 "Car tag precedence", rule 4). */
  tag: nullableText,
  reserved: z._default(z.boolean(), false),
  certified: z._default(z.boolean(), false),
  has_nvic: z._default(z.boolean(), false),
  created_at: z.iso.datetime({ offset: true }),
  /** Paragraphs separated by `|` (spec §5 "Dealer comments"). */
  dealercomments: z._default(z.string(), ''),
  dealership_id: rowIdSchema(),
  dealership_slug: slugSchema,
  city: nullableText,
  state: nullableText,
  private_suburb: nullableText,
  private_postcode: orNull(z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits'))),
  views: z._default(z.int().check(z.minimum(0)), 0),
  images: z._default(z.array(mediaUrlSchema), []),
  thumbnails: z._default(z.array(mediaUrlSchema), []),
  primary_image_url: orNull(mediaUrlSchema),
  /** The thumbhash of `primary_image_url` once the pipeline has stored it (decision 122). */
  primary_image_thumbhash: orNull(thumbhashSchema),
  /** The thumbhash of each of `images`, in order (null for one not stored, or a drawing). */
  image_thumbhashes: z._default(z.array(z.nullable(thumbhashSchema)), []),
  standardEquipment: z._default(z.array(z.string()), []),
  /** Link to a history report. */
  file: orNull(mediaUrlSchema),
  carsales_title: nullableText,
  payment_processors: z._default(z.array(z.string()), []),
  location: orNull(carLocationSchema),
  variant: orNull(carVariantSchema),
  specifications: orNull(caravanSpecificationsSchema),
  autograb_data: orNull(autograbDataSchema),
  finance_lenders: z._default(financeLendersSchema, {}),
});
/** A parsed car: every field present. */
export type Car = z.infer<typeof carSchema>;
/** A car as a feed may send it, before defaults apply. */
export type CarInput = z.input<typeof carSchema>;
