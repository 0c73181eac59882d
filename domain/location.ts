import { z } from 'zod';

/**
 * The Location entity with its contact details, opening hours and special (holiday) hours:
 * `locations-forms-tradein-site.md` §3 "Location", "Opening hour entry" and "Special hours entry".
 * Field names, including the spec's spelling `formated_hours`, follow the spec.
 */

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens (a-z, 0-9, -)');
const mediaUrlSchema = z.string().regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL');
const hourSchema = z
  .string()
  .regex(/^\d{2}:\d{2}$/, 'must be HH:MM')
  .nullable();

/** sales, service, parts, or empty. */
export const locationTypeSchema = z.enum(['sales', 'service', 'parts', '']);
/** A location's type. */
export type LocationType = z.infer<typeof locationTypeSchema>;

/** One weekday's hours: weekday 0 = Sunday to 6 = Saturday. */
export const openingHourSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  status: z.enum(['Open', 'Closed']),
  formated_hours: z.string().nullable().default(null),
  open: hourSchema,
  close: hourSchema,
});
/** An opening hour entry. */
export type OpeningHour = z.infer<typeof openingHourSchema>;

/** Hours for one dated exception such as a public holiday. */
export const specialHoursSchema = z.object({
  status: z.enum(['Open', 'Closed']),
  date: z.iso.date(),
  start_hour: hourSchema,
  end_hour: hourSchema,
});
/** A special hours entry. */
export type SpecialHours = z.infer<typeof specialHoursSchema>;

/** A location's postal and map details. */
export const locationAddressSchema = z.object({
  street: z.string().min(1),
  city: z.string().min(1),
  state: z.string().min(1),
  postcode: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .nullable()
    .default(null),
  lat: z.number().min(-90).max(90).nullable().default(null),
  long: z.number().min(-180).max(180).nullable().default(null),
  place_url: z.url().nullable().default(null),
  place_id: z.string().nullable().default(null),
  map_key: z.string().nullable().default(null),
});
/** A location address. */
export type LocationAddress = z.infer<typeof locationAddressSchema>;

/** Phones and hours; `special_hours` feed the Holiday Opening Hours dialog. */
export const contactDetailSchema = z.object({
  phone: z.string().min(1),
  landline_phone: z.string().nullable().default(null),
  opening_hours: z.array(openingHourSchema).default([]),
  special_hours: z.array(specialHoursSchema).default([]),
});
/** A location's contact details. */
export type ContactDetail = z.infer<typeof contactDetailSchema>;

/** A dealership location (sales yard, service centre or parts counter). */
export const locationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  slug: slugSchema,
  location_type: locationTypeSchema,
  location_subtype: z.string().nullable().default(null),
  primary: z.boolean().default(false),
  visible: z.boolean().default(true),
  dealership_id: z.number().int().positive(),
  dealership_slug: slugSchema,
  /** Names of the makes sold or serviced here. */
  manufacturers: z.array(z.string()).default([]),
  dealer_license_number: z.string().nullable().default(null),
  motor_vehicle_repairer: z.string().nullable().default(null),
  image: z
    .object({
      image: z.object({ url: mediaUrlSchema.nullable() }),
      thumb: z.object({ url: mediaUrlSchema.nullable() }),
    })
    .nullable()
    .default(null),
  address: locationAddressSchema,
  contact_detail: contactDetailSchema,
  reviews: z
    .object({ average_rating: z.number().min(0).max(5).nullable(), count: z.number().int().min(0) })
    .nullable()
    .default(null),
  average_rating: z.number().min(0).max(5).nullable().default(null),
  review_count: z.number().int().min(0).default(0),
});
/** A parsed location. */
export type Location = z.infer<typeof locationSchema>;
