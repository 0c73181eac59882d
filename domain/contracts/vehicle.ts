import { z } from 'zod/mini';
import { carSchema, type FinanceProvider, financeLenderSchema, financeProviderSchema } from '../car.ts';
import { pricePointSchema } from '../price-history.ts';
import { rowIdSchema } from '../row-id.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The car page's endpoints (`search-detail-finance-watchlist.md` §7 "Car details", "Car finance
 * details", "Reveal-phone tracking", "Car PDF download"): each `…Endpoint` is what the browser calls,
 * each `…Request` adds what the server parses (decision 074).
 */

/** A row id as a URL or JSON carries it (a number, or its digits). A function: only the server parses it. */
const idSchema = () =>
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^\d{1,10}$/, 'must be a whole number'))]),
    z.pipe(z.transform(Number), rowIdSchema()),
  );
/** A car's slug in a path: lower-case words joined by hyphens. */
const slugParams = () =>
  z.object({
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
 * dealership, its price history, the server's clock (`as_of`, the "now" of time rules, so server and browser render
 * alike) and the site's canonical origin (for JSON-LD URLs).
 */
export const carAnswerSchema = z.object({
  car: carSchema,
  dealer: carDealerSchema,
  /** The car's asking prices, oldest first (issue 19 item 3). */
  price_history: z._default(z.array(pricePointSchema), []),
  as_of: z.iso.datetime({ offset: true }),
  origin: z.url(),
});
/** A loaded car page's data. */
export type CarAnswer = z.infer<typeof carAnswerSchema>;

/** A car by its slug: what the car page's `loadVehicle` and `downloadPdf` ask for. */
export interface CarBySlug {
  slug: string;
}

export const carEndpoint = {
  method: 'GET',
  path: '/api/cars/:slug',
  answer: carAnswerSchema,
} as const satisfies Endpoint;
export const carRequest = withRequest(carEndpoint, () => ({
  errors: ['car_not_found'],
  params: slugParams(),
}));

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

/** What the finance disclaimer's `loadDisclaimers` asks for: the car, by its id. */
export interface CarFinanceQuery {
  carId: number;
}

/** Disclaimers by finance provider, as the car-finance call answers them (§7 Car finance details). */
export type FinanceDisclaimers = Partial<Record<FinanceProvider, string>>;

export const carFinanceEndpoint = {
  method: 'GET',
  path: '/api/car-finance',
  answer: carFinanceSchema,
} as const satisfies Endpoint;
export const carFinanceRequest = withRequest(carFinanceEndpoint, () => ({
  errors: ['car_not_found'],
  query: z.object({ car_id: idSchema() }),
}));

/** `POST /api/cars/phone-reveals`: what §7 Reveal-phone tracking sends; answers the reveal's id (201). */
export const phoneRevealEndpoint = {
  method: 'POST',
  path: '/api/cars/phone-reveals',
  answer: z.object({ id: z.int().check(z.positive()) }),
  status: 201,
} as const satisfies Endpoint;
export const phoneRevealRequest = withRequest(phoneRevealEndpoint, () => ({
  errors: ['car_not_found'],
  body: z.object({ car_id: idSchema(), dealership_id: idSchema(), website_id: idSchema() }),
}));

/** `GET /api/cars/{slug}/pdf`: the car as a PDF (`application/pdf`, an attachment). */
export const carPdfEndpoint = {
  method: 'GET',
  path: '/api/cars/:slug/pdf',
  answer: 'file',
} as const satisfies Endpoint;
export const carPdfRequest = withRequest(carPdfEndpoint, () => ({
  errors: ['car_not_found'],
  params: slugParams(),
}));

/**
 * `GET /api/car-summary?car_id=`: what a page about another step shows of a car for sale (the trade-in
 * page beside the car being bought): its name, slug, price and photo. A sold or hidden car is not found.
 */
export const carSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  primary_image_url: z.nullable(z.string()),
  /** The car's dealership: its switches (the trade-in's photo step) and where its leads go. */
  dealership_slug: z.string(),
});
/** A car's summary. */
export type CarSummary = z.infer<typeof carSummarySchema>;

export const carSummaryEndpoint = {
  method: 'GET',
  path: '/api/car-summary',
  answer: carSummarySchema,
} as const satisfies Endpoint;
export const carSummaryRequest = withRequest(carSummaryEndpoint, () => ({
  errors: ['car_not_found'],
  query: z.object({ car_id: idSchema() }),
}));
