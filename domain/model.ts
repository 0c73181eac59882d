import { z } from 'zod';

/**
 * A model of a make, used for filters, menus and the model directory
 * (`locations-forms-tradein-site.md` §3 "Model"; `search-detail-finance-watchlist.md` §3 "Model").
 * `make_id` and `manufacturer_slug` link a model to its make; the other fields are the spec's.
 */

const mediaUrlSchema = z.string().regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL');

/** The body-style whitelist. */
export const bodyStyleSchema = z.enum([
  '4x4',
  'bus',
  'cabChassis',
  'convertible',
  'coupe',
  'hardtop',
  'hatch',
  'hatchback',
  'motorhome',
  'lightTruck',
  'peopleMover',
  'sedan',
  'softtop',
  'suv',
  'ute',
  'van',
  'wagon',
  'stationWagon',
]);
/** One whitelisted body style. */
export type BodyStyle = z.infer<typeof bodyStyleSchema>;

/**
 * Menu categories for `manufacturer_body*`; the header's Range menu orders suvs, utes, cars, hybrids,
 * sports. Vans, Motorcycles and Caravans cover the rest of the demo dealers' ranges.
 */
export const modelBodyCategorySchema = z.enum([
  'SUVs',
  'Utes',
  'Cars',
  'Hybrids',
  'Sports',
  'Vans',
  'Motorcycles',
  'Caravans',
]);
/** A model body category. */
export type ModelBodyCategory = z.infer<typeof modelBodyCategorySchema>;

/** §2: the Range menu's order of body types: suvs, utes, cars, hybrids, sports (then the rest). */
export const MODEL_MENU_ORDER = modelBodyCategorySchema.options;

/** Empty, new or coming_soon; a model card shows NEW or COMING SOON. */
export const modelStatusSchema = z.enum(['', 'new', 'coming_soon']);
/** A model status. */
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/** A parsed model. */
export const modelSchema = z.object({
  id: z.number().int().positive(),
  make_id: z.number().int().positive(),
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
  description: z.string().nullable().default(null),
  manufacturer_body: modelBodyCategorySchema,
  manufacturer_body2: modelBodyCategorySchema.nullable().default(null),
  manufacturer_body3: modelBodyCategorySchema.nullable().default(null),
  bodyStyle: z.array(bodyStyleSchema).default([]),
  image: z.object({ url: mediaUrlSchema.nullable(), thumb: mediaUrlSchema.nullable() }),
  status: modelStatusSchema.default(''),
  fuel: z.array(z.string()).default([]),
  variant: z.string().nullable().default(null),
  override_url: z.string().nullable().default(null),
  path: z.string().nullable().default(null),
  aftermarket_manufacturer_id: z.number().int().nullable().default(null),
  accessories_count: z.number().int().min(0).default(0),
  /** Body names as shown in filters, e.g. "SUV", "Ute". */
  body: z.array(z.string()).default([]),
  manufacturer_name: z.string().min(1),
  manufacturer_slug: z.string().min(1),
});
/** A model. */
export type Model = z.infer<typeof modelSchema>;
