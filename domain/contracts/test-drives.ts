import { z } from 'zod/mini';
import { carTypeSchema } from '../car.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `GET /api/test-drives/slots?location=&car_id=` (issue 15 item 4; `search-detail-finance-watchlist.md`
 * §7 "Appointment fetch for test-drive booking", path not shown): a location's free test-drive times
 * for the next days (`domain/test-drive-slots.ts`). Without `location` it answers for the car's
 * location, else the site's first sales location. With `car_id` it names the car. With
 * `form=service` (issue 37 item 8) it answers a service centre's preferred times instead: the same
 * hours and notice, every time within them offered (a workshop takes several cars at once). A test
 * drive about no car lists the makes and models in stock (`models`), for the shopper to pick one.
 */
const slotSchema = z.object({ start: z.iso.datetime(), time: z.string(), label: z.string() });
export const slotDaySchema = z.object({ date: z.iso.date(), label: z.string(), slots: z.array(slotSchema) });
export const testDriveSlotsSchema = z.object({
  location: z.string(),
  location_name: z.string(),
  time_zone: z.string(),
  days: z.array(slotDaySchema),
  car: z.nullable(z.object({ id: z.int(), title: z.string(), car_type: carTypeSchema })),
  models: z.array(z.object({ make: z.string(), model: z.string() })),
});
/** A location's free test-drive times. */
export type TestDriveSlots = z.infer<typeof testDriveSlotsSchema>;
/** One day of them. */
export type TestDriveSlotDay = z.infer<typeof slotDaySchema>;

export const testDriveSlotsEndpoint = {
  method: 'GET',
  path: '/api/test-drives/slots',
  answer: testDriveSlotsSchema,
} as const satisfies Endpoint;
export const testDriveSlotsRequest = withRequest(testDriveSlotsEndpoint, () => ({
  errors: ['location_not_found', 'car_not_found'],
  query: z.object({
    form: z._default(z.enum(['testDrive', 'service']), 'testDrive'),
    location: z.optional(
      z.string().check(z.maxLength(100), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a location slug')),
    ),
    car_id: z.optional(
      z.pipe(
        z.string().check(z.regex(/^\d{1,9}$/, 'must be a whole number')),
        z.pipe(z.transform(Number), z.int().check(z.positive())),
      ),
    ),
  }),
}));
