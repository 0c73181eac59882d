import { z } from 'zod/mini';
import { carSchema, financeLenderSchema, financeProviderSchema } from '../car.ts';
import { endpoint } from './endpoint.ts';

/**
 * The car page's endpoints (`search-detail-finance-watchlist.md` §7 "Car details", "Car finance
 * details", "Reveal-phone tracking", "Car PDF download").
 */

const MAX_ID = 2_147_483_647;
/** A row id as a URL or JSON carries it (a number, or its digits). */
const idSchema = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\d{1,10}$/, 'must be a whole number'))]),
  z.pipe(z.transform(Number), z.int().check(z.positive(), z.maximum(MAX_ID))),
);
/** A car's slug in a path: lower-case words joined by hyphens. */
const slugParams = z.object({
  slug: z.string().check(z.maxLength(200), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a car slug')),
});

/** The dealership of a car, as the car page names it. */
export const carDealerSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  phone: z.nullable(z.string()),
});
/** A car's dealership. */
export type CarDealer = z.infer<typeof carDealerSchema>;

/**
 * `GET /api/cars/{slug}`: the car (its lenders without disclaimers: those load lazily, §4 Other), its
 * dealership, the server's clock (`as_of`, the "now" of time rules, so server and browser render
 * alike) and the site's canonical origin (for JSON-LD URLs).
 */
export const carAnswerSchema = z.object({
  car: carSchema,
  dealer: carDealerSchema,
  as_of: z.iso.datetime({ offset: true }),
  origin: z.url(),
});
/** A loaded car page's data. */
export type CarAnswer = z.infer<typeof carAnswerSchema>;

export const carEndpoint = endpoint({
  method: 'GET',
  path: '/api/cars/:slug',
  params: slugParams,
  answer: carAnswerSchema,
  errors: ['car_not_found'],
});

/** `GET /api/car-finance?car_id=`: every lender entry of the car, each with its provider's disclaimer. */
export const carFinanceSchema = z.object({
  car_id: z.int().check(z.positive()),
  finance_lenders: z.partialRecord(
    financeProviderSchema,
    z.extend(financeLenderSchema, { disclaimer: z.string().check(z.minLength(1)) }),
  ),
});
/** A car's finance details. */
export type CarFinance = z.infer<typeof carFinanceSchema>;

export const carFinanceEndpoint = endpoint({
  method: 'GET',
  path: '/api/car-finance',
  query: z.object({ car_id: idSchema }),
  answer: carFinanceSchema,
  errors: ['car_not_found'],
});

/** `POST /api/cars/phone-reveals`: what §7 Reveal-phone tracking sends; answers the reveal's id (201). */
export const phoneRevealEndpoint = endpoint({
  method: 'POST',
  path: '/api/cars/phone-reveals',
  body: z.object({ car_id: idSchema, dealership_id: idSchema, website_id: idSchema }),
  answer: z.object({ id: z.int().check(z.positive()) }),
  status: 201,
  errors: ['car_not_found'],
});

/** `GET /api/cars/{slug}/pdf`: the car as a PDF (`application/pdf`, an attachment). */
export const carPdfEndpoint = endpoint({
  method: 'GET',
  path: '/api/cars/:slug/pdf',
  params: slugParams,
  answer: 'file',
  errors: ['car_not_found'],
});
