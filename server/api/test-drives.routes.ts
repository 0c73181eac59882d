import type { Hono } from 'hono';
import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import type { Car } from '../../domain/car.ts';
import { testDriveSlotsRequest } from '../../domain/contracts/test-drives.ts';
import { formSite, locationsOfType } from '../../domain/site-form-pages.ts';
import { freeSlots } from '../../domain/test-drive-slots.ts';
import { hasFeature } from '../../tenants/features.ts';
import type { AppEnv } from '../app-env.ts';
import { getCarById, listStockModels } from '../store/cars.repo.ts';
import { bookedSlots } from '../store/leads.repo.ts';
import type { ApiDeps } from './api-deps.ts';
import { apiError } from './api-error.ts';
import { apiRouter, serve } from './serve.ts';

/**
 * Test-drive times (issue 15 item 4; contract in `domain/contracts/test-drives.ts`): a sales
 * location's free times for the next days, from its hours in its own time zone, without the times
 * already booked. The booking itself is a lead (`POST /api/leads` with form `testDrive`), which
 * checks the time again and takes it in the lead's transaction. With `form=service` the same times
 * for a service centre (issue 37 item 8): none is taken, a workshop books several cars at a time.
 */
export function testDrivesRoutes(deps: ApiDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  return apiRouter(
    serve(testDriveSlotsRequest, async (c, { query }) => {
      const site = c.get('site');
      const service = query.form === 'service';
      const locations = locationsOfType(
        formSite(site, hasFeature(site, 'messageOptional')),
        service ? ['service'] : ['sales', ''],
      );
      let car: { id: number; title: string; car_type: Car['car_type']; location: string | null } | null =
        null;
      if (query.car_id !== undefined && !service) {
        const found = await getCarById(
          deps.db,
          site.dealerships.map((d) => d.id),
          query.car_id,
        );
        if (!found?.show_on_dealer_website || found.sold || found.status === 'sold') {
          return apiError(c, 404, 'car_not_found', 'No such car for sale on this site', {
            car_id: 'No such car for sale on this site',
          });
        }
        car = {
          id: found.id,
          title: found.name,
          car_type: found.car_type,
          location: found.location?.slug ?? null,
        };
      }
      const slug = query.location ?? car?.location ?? undefined;
      const location =
        (slug && locations.find((l) => l.slug === slug)) ||
        (query.location === undefined ? locations[0] : undefined);
      const full = location && site.locations.find((l) => l.slug === location.slug);
      if (!full) {
        const message = service
          ? 'No such location takes service bookings'
          : 'No such location takes test drives';
        return apiError(c, 404, 'location_not_found', message, { location: message });
      }
      const at = now();
      const timeZone = STATE_TIME_ZONES[full.address.state];
      return {
        location: full.slug,
        location_name: full.name,
        time_zone: timeZone,
        days: freeSlots({
          openingHours: full.opening_hours,
          specialHours: full.special_hours,
          timeZone,
          now: at,
          booked: service ? new Set<string>() : await bookedSlots(deps.db, site.id, full.slug, at),
        }),
        car: car && { id: car.id, title: car.title, car_type: car.car_type },
        models:
          service || car
            ? []
            : await listStockModels(
                deps.db,
                site.dealerships.map((d) => d.id),
              ),
      };
    }),
  );
}
