import { z } from 'zod';

/**
 * The Car entity, with every field the spec lists: `search-detail-finance-watchlist.md` §3 "Car" and
 * "Finance lender entry", plus the fields `locations-forms-tradein-site.md` §3 "Car" adds (`sold`,
 * `has_nvic`) and three the stock filter and seed need (`show_on_dealer_website`, `sold_at`,
 * `vehicle_kind`). Optional fields default to null, false or empty on parse, so a parsed Car always
 * carries every key; a stock feed may leave them out.
 */

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens (a-z, 0-9, -)');
const mediaUrlSchema = z.string().regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL');
const nullableText = z.string().nullable().default(null);
const nullableNumber = z.number().nullable().default(null);
const nullableInt = z.number().int().nullable().default(null);
const nullableDate = z.iso.date().nullable().default(null);

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
  interestRate: z.number().nullable().optional(),
  comparisonRate: z.number().nullable().optional(),
  paymentWeek: z.number().nullable().optional(),
  paymentMonth: z.number().nullable().optional(),
  termMonths: z.number().int().nullable().optional(),
  termYears: z.number().nullable().optional(),
  deposit: z.number().nullable().optional(),
  balloon: z.number().nullable().optional(),
  disclaimer: z.string().nullable().optional(),
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
  city: z.string().min(1),
  state: z.string().min(1),
  location_name: z.string().min(1),
  name: z.string().min(1),
  address: z.object({
    id: z.number().int().nullable().default(null),
    street: z.string().min(1),
    city: z.string().min(1),
    state: z.string().min(1),
    postcode: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
    place_url: z.url().nullable().default(null),
  }),
  /** Slugs of further locations the car may be delivered to. */
  distribution_locations: z.array(z.string()).default([]),
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
  ancaprating: z.number().int().min(0).max(5).nullable().default(null),
});
/** A car's variant data. */
export type CarVariant = z.infer<typeof carVariantSchema>;

/**
 * Caravan specifications (spec §3 "Car" → specifications). `body_width` and `body_length` are in
 * feet (the site converts to metres, spec §9); masses in kg.
 */
export const caravanSpecificationsSchema = z.object({
  body_width: z.number().positive().nullable().default(null),
  body_length: z.number().positive().nullable().default(null),
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
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  year: z.number().int().min(1900).max(2100),
  make: z.string().min(1),
  model: z.string().min(1),
  badge: nullableText,
  series: nullableText,
  car_type: carTypeSchema,
  status: carStatusSchema,
  vehicle_kind: vehicleKindSchema.default('cars'),
  sold: z.boolean().default(false),
  sold_at: z.iso.datetime({ offset: true }).nullable().default(null),
  show_on_dealer_website: z.boolean().default(true),
  price: z.number().min(0),
  before_price: nullableNumber,
  offer_price: nullableNumber,
  /** Weekly subscription price; shown first when above 0 (spec §4 "Price display priority"). */
  subscription_price: nullableNumber,
  /** Set for cars sold ahead of arrival; shown as PREORDER when there is no price. */
  preorder: z.boolean().default(false),
  price_type: nullableText,
  km: z.number().int().min(0),
  stocknum: z.string().min(1),
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
  reserved: z.boolean().default(false),
  certified: z.boolean().default(false),
  has_nvic: z.boolean().default(false),
  created_at: z.iso.datetime({ offset: true }),
  /** Paragraphs separated by `|` (spec §5 "Dealer comments"). */
  dealercomments: z.string().default(''),
  dealership_id: z.number().int().positive(),
  dealership_slug: slugSchema,
  city: nullableText,
  state: nullableText,
  private_suburb: nullableText,
  private_postcode: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .nullable()
    .default(null),
  views: z.number().int().min(0).default(0),
  images: z.array(mediaUrlSchema).default([]),
  thumbnails: z.array(mediaUrlSchema).default([]),
  primary_image_url: mediaUrlSchema.nullable().default(null),
  standardEquipment: z.array(z.string()).default([]),
  /** Link to a history report. */
  file: mediaUrlSchema.nullable().default(null),
  carsales_title: nullableText,
  payment_processors: z.array(z.string()).default([]),
  location: carLocationSchema.nullable().default(null),
  variant: carVariantSchema.nullable().default(null),
  specifications: caravanSpecificationsSchema.nullable().default(null),
  autograb_data: autograbDataSchema.nullable().default(null),
  finance_lenders: financeLendersSchema.default({}),
});
/** A parsed car: every field present. */
export type Car = z.infer<typeof carSchema>;
/** A car as a feed may send it, before defaults apply. */
export type CarInput = z.input<typeof carSchema>;
