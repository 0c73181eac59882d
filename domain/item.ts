import { z } from 'zod';

/**
 * A dealership item: a part or accessory a dealer sells (spec `search-detail-finance-watchlist.md`
 * §7 "Dealership item search": searched by categories and price). Prices in dollars, GST included.
 */
export const itemSchema = z.object({
  id: z.number().int().positive(),
  dealership_id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
  name: z.string().min(1),
  sku: z.string().min(1),
  /** Most general first, e.g. `['Accessories', 'Towing']`. */
  categories: z.array(z.string().min(1)).min(1),
  price: z.number().min(0),
  /** The make the item fits, or null for universal items. */
  fits_make: z.string().nullable().default(null),
  description: z.string().default(''),
  image_url: z.string().nullable().default(null),
});
/** A dealership item. */
export type Item = z.infer<typeof itemSchema>;
