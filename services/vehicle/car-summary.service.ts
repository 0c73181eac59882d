import { type CarSummary, carSummaryEndpoint } from '../../domain/contracts/vehicle.ts';
import { call, type Http } from '../http.ts';

/** The car being bought, by id (`GET /api/car-summary`); null without one. */
export async function fetchCarSummary(http: Http, carId: number | null): Promise<CarSummary | null> {
  if (carId === null) return null;
  return call(http, carSummaryEndpoint, { query: { car_id: carId } });
}
