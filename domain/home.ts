import { z } from 'zod/mini';

/**
 * What the home page shows for one dealer: its welcome, its dealerships and its locations with their
 * contact details. Later issues add featured stock, promotions and reviews here.
 */
export const homeLocationSchema = z.object({
  name: z.string(),
  slug: z.string(),
  location_type: z.enum(['sales', 'service', 'parts', '']),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
});

export const homeContentSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  dealerships: z.array(z.object({ name: z.string(), slug: z.string(), phone: z.string() })),
  locations: z.array(homeLocationSchema),
});

/** The home page's data, as `/api/home` answers it. */
export type HomeContent = z.infer<typeof homeContentSchema>;
/** One location as the home page lists it. */
export type HomeLocation = z.infer<typeof homeLocationSchema>;
