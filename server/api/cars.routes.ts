import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Car } from '../../domain/car.ts';
import type { AppEnv } from '../app.ts';
import { getCarById, getCarBySlug } from '../store/cars.repo.ts';
import { renderCarPdf } from '../vehicle/car-pdf.ts';
import { insertPhoneReveal } from '../vehicle/phone-reveals.repo.ts';
import { carFinanceAnswer, dealerOf, vehicleAnswer } from '../vehicle/vehicle-answer.ts';
import { apiError } from './api-error.ts';
import type { ApiDeps } from './routes.ts';

const slugParam = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a car slug');
const carId = z.coerce.number().int().positive().max(2_147_483_647);
const revealBody = z.object({ car_id: carId, dealership_id: carId, website_id: carId });

type Ctx = Context<AppEnv>;

function fieldsOf(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
}

const invalid = (c: Ctx, error: z.ZodError) =>
  apiError(c, 400, 'invalid_request', 'The request is not valid', fieldsOf(error));
const carNotFound = (c: Ctx) => apiError(c, 404, 'car_not_found', 'No such car on this site');

function dealershipIds(c: Ctx): number[] {
  return c.get('site').dealerships.map((d) => d.id);
}

/** A car of this site that it shows on its website, or null (another dealer's car is not found). */
async function findCar(c: Ctx, deps: ApiDeps, slug: string): Promise<Car | null> {
  const car = await getCarBySlug(deps.db, dealershipIds(c), slug);
  return car?.show_on_dealer_website ? car : null;
}

function origin(c: Ctx): string {
  const domain = c.get('site').domains[0];
  if (domain) return `https://${domain}`;
  const url = new URL(c.req.url);
  return `${url.protocol}//${c.req.header('host') ?? url.host}`;
}

/**
 * The vehicle detail page's API (issue 5): the car, its PDF, its finance details and phone-reveal
 * tracking. Every input is validated with zod; every car is looked up among the resolved site's
 * dealerships only, so another dealer's car answers 404.
 */
export function carsRoutes(deps: ApiDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .post('/cars/phone-reveals', async (c) => {
      const body = revealBody.safeParse(await c.req.json().catch(() => undefined));
      if (!body.success) return invalid(c, body.error);
      const site = c.get('site');
      const car = await getCarById(deps.db, dealershipIds(c), body.data.car_id);
      if (!car || car.dealership_id !== body.data.dealership_id || body.data.website_id !== site.id) {
        return carNotFound(c);
      }
      const id = await insertPhoneReveal(deps.db, body.data);
      return c.json({ id }, 201);
    })
    .get('/car-finance', async (c) => {
      const query = z.object({ car_id: carId }).safeParse(c.req.query());
      if (!query.success) return invalid(c, query.error);
      const car = await getCarById(deps.db, dealershipIds(c), query.data.car_id);
      if (!car?.show_on_dealer_website) return carNotFound(c);
      return c.json(carFinanceAnswer(car));
    })
    .get('/cars/:slug/pdf', async (c) => {
      const slug = slugParam.safeParse(c.req.param('slug'));
      if (!slug.success) return invalid(c, slug.error);
      const car = await findCar(c, deps, slug.data);
      if (!car) return carNotFound(c);
      const site = c.get('site');
      const pdf = await renderCarPdf(car, {
        siteName: site.name,
        dealer: dealerOf(site, car),
        url: `${origin(c)}/cars/${car.slug}`,
        noPriceText: site.texts.no_price,
        now: now(),
      });
      c.header('content-type', 'application/pdf');
      c.header('content-disposition', `attachment; filename="${car.slug}.pdf"`);
      c.header('cache-control', 'no-store');
      return c.body(new Uint8Array(pdf));
    })
    .get('/cars/:slug', async (c) => {
      const slug = slugParam.safeParse(c.req.param('slug'));
      if (!slug.success) return invalid(c, slug.error);
      const car = await findCar(c, deps, slug.data);
      if (!car) return carNotFound(c);
      c.header('cache-control', 'no-store');
      return c.json(vehicleAnswer(c.get('site'), car, now(), origin(c)));
    });
}
