import { z } from 'zod/mini';
import { auStateSchema } from './au-state.ts';

export { type AuState, auStateSchema } from './au-state.ts';

/**
 * A dealer's location with its address, phone, opening hours and special (holiday) hours
 * (`locations-forms-tradein-site.md` §3 "Location", "Opening hour entry", "Special hours entry").
 * The one location schema: the site config (`tenants/tenant.schema.ts`) declares its locations with
 * it, and `GET /api/home` answers a part of it (`domain/contracts/home.ts`).
 */

const slugSchema = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens (a-z, 0-9, -)'));
const hourSchema = z.nullable(z.string().check(z.regex(/^\d{2}:\d{2}$/, 'must be HH:MM')));

/** A phone number as a dealer's config writes it. */
export const dealerPhoneSchema = z
  .string()
  .check(z.regex(/^[0-9 +()]{6,20}$/, 'must be a phone number such as 07 3000 0000'));

/** A postal address with its map position. */
export const addressSchema = z.object({
  street: z.string().check(z.minLength(1)),
  city: z.string().check(z.minLength(1)),
  state: auStateSchema,
  postcode: z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits')),
  lat: z.number().check(z.minimum(-90), z.maximum(90)),
  long: z.number().check(z.minimum(-180), z.maximum(180)),
  place_url: z.optional(z.url()),
});
/** A postal address. */
export type Address = z.infer<typeof addressSchema>;

/** One weekday's hours: weekday 0 = Sunday to 6 = Saturday. */
export const openingHourSchema = z.object({
  weekday: z.int().check(z.minimum(0), z.maximum(6)),
  status: z.enum(['Open', 'Closed']),
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
  /** What the day is (`Christmas Day`, `Stocktake`): shown beside its date; a console day always has one. */
  label: z.optional(z.string()),
});
/** A special hours entry. */
export type SpecialHours = z.infer<typeof specialHoursSchema>;

/** sales, service, parts, or empty. */
export const locationTypeSchema = z.enum(['sales', 'service', 'parts', '']);
/** A location's type. */
export type LocationType = z.infer<typeof locationTypeSchema>;

/** A dealership location (sales yard, service centre or parts counter). */
export const locationSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string().check(z.minLength(1)),
  slug: slugSchema,
  location_type: locationTypeSchema,
  primary: z._default(z.boolean(), false),
  visible: z._default(z.boolean(), true),
  dealership_id: z.int().check(z.positive()),
  dealership_slug: slugSchema,
  dealer_license_number: z.optional(z.string()),
  motor_vehicle_repairer: z.optional(z.string()),
  phone: dealerPhoneSchema,
  email: z.optional(z.email()),
  address: addressSchema,
  opening_hours: z
    .array(openingHourSchema)
    .check(
      z.minLength(7, 'must list all 7 weekdays (0 = Sunday to 6 = Saturday)'),
      z.maxLength(7, 'must list all 7 weekdays (0 = Sunday to 6 = Saturday)'),
    ),
  special_hours: z._default(z.array(specialHoursSchema), []),
});
/** A parsed location. */
export type Location = z.infer<typeof locationSchema>;
