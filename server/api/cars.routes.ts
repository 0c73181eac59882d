import type { Hono } from 'hono';
import type { Car } from '../../domain/car.ts';
import {
  carFinanceRequest,
  carPdfRequest,
  carRequest,
  carSummaryRequest,
  phoneRevealRequest,
} from '../../domain/contracts/vehicle.ts';
import type { AppEnv } from '../app-env.ts';
import { type Limiter, limiterFor, PHONE_REVEAL_BUCKET, rateLimit } from '../auth/rate-limit.ts';
import { getCarById, getCarBySlug, listCarPrices } from '../store/cars.repo.ts';
import { renderCarPdf } from '../vehicle/car-pdf.ts';
import { insertPhoneReveal } from '../vehicle/phone-reveals.repo.ts';
import { carAnswer, carFinanceAnswer, dealerOf } from '../vehicle/vehicle-answer.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { type ApiContext, apiRouter, serve } from './serve.ts';

/** Options the tests set: the phone reveals' limiter (one per server by default). */
export interface CarsRouteOptions {
  limiter?: Limiter;
}

const carNotFound = (c: ApiContext) => apiError(c, 404, 'car_not_found', 'No such car on this site');

function dealershipIds(c: ApiContext): number[] {
  return c.get('site').dealerships.map((d) => d.id);
}

/** A car of this site that it shows on its website, or null (another dealer's car is not found). */
async function findCar(c: ApiContext, deps: ApiDeps, slug: string): Promise<Car | null> {
  const car = await getCarBySlug(deps.db, dealershipIds(c), slug);
  return car?.show_on_dealer_website ? car : null;
}

/** The site's canonical origin: its first domain, else the address it was asked at. */
export function siteOrigin(c: ApiContext): string {
  const domain = c.get('site').domains[0];
  if (domain) return `https://${domain}`;
  const url = new URL(c.req.url);
  return `${url.protocol}//${c.req.header('host') ?? url.host}`;
}

/**
 * The vehicle detail page's API (issue 5; contracts in `domain/contracts/vehicle.ts`): the car, its
 * PDF, its finance details and phone-reveal tracking. Every car is looked up among the resolved
 * site's dealerships only, so another dealer's car answers 404.
 */
export function carsRoutes(deps: ApiDeps, options: CarsRouteOptions = {}): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = options.limiter ?? limiterFor(deps, PHONE_REVEAL_BUCKET, 'phone-reveals');
  return apiRouter(
    serve(
      phoneRevealRequest,
      async (c, { body }) => {
        const site = c.get('site');
        const car = await getCarById(deps.db, dealershipIds(c), body.car_id);
        if (!car || car.dealership_id !== body.dealership_id || body.website_id !== site.id) {
          return carNotFound(c);
        }
        return { id: await insertPhoneReveal(deps.db, body) };
      },
      [rateLimit(limiter, 'cars/phone-reveals')],
    ),
    serve(carFinanceRequest, async (c, { query }) => {
      const car = await getCarById(deps.db, dealershipIds(c), query.car_id);
      if (!car?.show_on_dealer_website) return carNotFound(c);
      return carFinanceAnswer(car);
    }),
    serve(carSummaryRequest, async (c, { query }) => {
      const car = await getCarById(deps.db, dealershipIds(c), query.car_id);
      if (!car?.show_on_dealer_website || car.sold || car.status === 'sold') return carNotFound(c);
      return {
        id: car.id,
        slug: car.slug,
        name: car.name,
        price: car.price,
        primary_image_url: car.primary_image_url,
        dealership_slug: dealerOf(c.get('site'), car).slug,
      };
    }),
    serve(carPdfRequest, async (c, { params }) => {
      const car = await findCar(c, deps, params.slug);
      if (!car) return carNotFound(c);
      const site = c.get('site');
      const pdf = await renderCarPdf(car, {
        siteName: site.name,
        dealer: dealerOf(site, car),
        url: `${siteOrigin(c)}/cars/${car.slug}`,
        noPriceText: site.texts.no_price,
        now: now(),
      });
      c.header('content-type', 'application/pdf');
      c.header('content-disposition', `attachment; filename="${car.slug}.pdf"`);
      c.header('cache-control', 'no-store');
      return c.body(new Uint8Array(pdf));
    }),
    serve(carRequest, async (c, { params }) => {
      const car = await findCar(c, deps, params.slug);
      if (!car) return carNotFound(c);
      c.header('cache-control', 'no-store');
      return carAnswer(c.get('site'), car, now(), siteOrigin(c), await listCarPrices(deps.db, car.id));
    }),
  );
}
