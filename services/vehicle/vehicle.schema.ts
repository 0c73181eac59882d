import { z } from 'zod/mini';
import { carSchema, financeLenderSchema, financeProviderSchema } from '../../domain/car.ts';

/** The dealership of a car, as `GET /api/cars/{slug}` names it. */
export const vehicleDealerSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  phone: z.nullable(z.string()),
});

/** `GET /api/cars/{slug}`: the car, its dealership, and the server's clock for time rules. */
export const vehicleAnswerSchema = z.object({
  car: carSchema,
  dealer: vehicleDealerSchema,
  as_of: z.iso.datetime({ offset: true }),
  origin: z.url(),
});
/** A loaded car page's data. */
export type VehicleAnswer = z.infer<typeof vehicleAnswerSchema>;

/** `GET /api/car-finance?car_id=`: finance_lenders with a disclaimer per provider (§7 Car finance details). */
export const carFinanceSchema = z.object({
  car_id: z.int().check(z.positive()),
  finance_lenders: z.partialRecord(
    financeProviderSchema,
    z.extend(financeLenderSchema, { disclaimer: z.string().check(z.minLength(1)) }),
  ),
});
/** A car's finance details. */
export type CarFinance = z.infer<typeof carFinanceSchema>;

/** `POST /api/cars/phone-reveals`: what §7 Reveal-phone tracking sends. */
export interface PhoneRevealPayload {
  car_id: number;
  dealership_id: number;
  website_id: number;
}

/** The tracking call's answer: the recorded reveal's id. */
export const phoneRevealAnswerSchema = z.object({ id: z.int().check(z.positive()) });
