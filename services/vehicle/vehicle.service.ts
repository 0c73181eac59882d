import type { BodyOf } from '../../domain/contracts/endpoint.ts';
import {
  type CarAnswer,
  type CarBySlug,
  type CarFinance,
  type CarFinanceQuery,
  carEndpoint,
  carFinanceEndpoint,
  carPdfEndpoint,
  type FinanceDisclaimers,
  phoneRevealEndpoint,
  type phoneRevealRequest,
} from '../../domain/contracts/vehicle.ts';
import { isServiceError, ServiceError } from '../errors.ts';
import { call, type Http } from '../http.ts';

/**
 * Loads a car page's data (`GET /api/cars/{slug}`). An unknown slug, or an address that cannot name
 * a car at all (the server's 400 for a malformed slug), throws a `notFound` ServiceError: the page is
 * not found, not failed.
 */
export async function fetchVehicle(http: Http, car: CarBySlug): Promise<CarAnswer> {
  try {
    return await call(http, carEndpoint, { params: { slug: car.slug } });
  } catch (error) {
    if (isServiceError(error) && error.details.status === 400) {
      throw new ServiceError('notFound', 'No such car on this site', error.details);
    }
    throw error;
  }
}

/** §7 Car finance details: the car's lender entries, each with its disclaimer (`GET /api/car-finance`). */
export function fetchCarFinance(http: Http, query: CarFinanceQuery): Promise<CarFinance> {
  return call(http, carFinanceEndpoint, { query: { car_id: query.carId } });
}

/** The car's finance disclaimers by provider, from its lender entries (`fetchCarFinance`). */
export async function fetchFinanceDisclaimers(
  http: Http,
  query: CarFinanceQuery,
): Promise<FinanceDisclaimers> {
  const finance = await fetchCarFinance(http, query);
  return Object.fromEntries(
    Object.entries(finance.finance_lenders).map(([provider, entry]) => [provider, entry.disclaimer]),
  );
}

/** §7 Reveal-phone tracking (`POST /api/cars/phone-reveals`); resolves with the recorded reveal's id. */
export async function trackPhoneReveal(
  http: Http,
  payload: BodyOf<typeof phoneRevealRequest>,
): Promise<number> {
  const answer = await call<typeof phoneRevealEndpoint, typeof phoneRevealRequest>(
    http,
    phoneRevealEndpoint,
    {
      body: payload,
    },
  );
  return answer.id;
}

/** §7 Car PDF download (`GET /api/cars/{slug}/pdf`): the PDF as a Blob. */
export async function fetchCarPdf(http: Http, car: CarBySlug): Promise<Blob> {
  const file = await call(http, carPdfEndpoint, { params: { slug: car.slug } });
  if (!file.type.startsWith('application/pdf')) {
    throw new ServiceError('validation', `Unexpected answer from ${carPdfEndpoint.path}: not a PDF`);
  }
  return file;
}
