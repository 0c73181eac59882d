import { z } from 'zod';
import { slugify } from './slug.ts';

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

/** The Range menu's groups and the `/models` page's sections, as the browser sees them. */
export interface ModelRangeGroup {
  category: ModelBodyCategory;
  models: { name: string; href: string; status: ModelStatus; description: string | null }[];
}

/**
 * A dealer's model range (`locations-forms-tradein-site.md` §2 "Range is a model dropdown grouped by
 * body type in the order suvs, utes, cars, hybrids, sports"): the models of its makes
 * (`manufacturer_slug`s), each under every body type it has, linking to its stock
 * (`/search/{make}/{model}`).
 */
export function modelRange(models: readonly Model[], makes: ReadonlySet<string>): ModelRangeGroup[] {
  const own = models.filter((model) => makes.has(model.manufacturer_slug));
  return MODEL_MENU_ORDER.flatMap((category) => {
    const inCategory = own.filter((model) =>
      [model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3].includes(category),
    );
    return inCategory.length === 0
      ? []
      : [
          {
            category,
            models: inCategory.map((model) => ({
              name: `${model.manufacturer_name} ${model.name}`,
              href: `/search/${slugify(model.manufacturer_name)}/${model.slug}`,
              status: model.status,
              description: model.description,
            })),
          },
        ];
  });
}

/** The body type `/models?body=` names (any case), or null for none or one the maker does not use. */
export function modelBodyOf(body: string | undefined): ModelBodyCategory | null {
  const wanted = body?.trim().toLowerCase();
  return MODEL_MENU_ORDER.find((category) => category.toLowerCase() === wanted) ?? null;
}

/** The makes whose models a dealer sells: its dealerships' makers. */
export function modelMakesOf(site: {
  dealerships: readonly { manufacturer_slug?: string | null | undefined }[];
}): Set<string> {
  return new Set(site.dealerships.flatMap((d) => (d.manufacturer_slug ? [d.manufacturer_slug] : [])));
}
