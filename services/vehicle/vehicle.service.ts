import { ServiceError } from '../errors.ts';
import type { Http } from '../http.ts';
import {
  type CarFinance,
  carFinanceSchema,
  type PhoneRevealPayload,
  phoneRevealAnswerSchema,
  type VehicleAnswer,
  vehicleAnswerSchema,
} from './vehicle.schema.ts';

/** Loads a car page's data (`GET /api/cars/{slug}`); an unknown slug throws a `notFound` ServiceError. */
export function fetchVehicle(http: Http, slug: string): Promise<VehicleAnswer> {
  return http.get(`/api/cars/${encodeURIComponent(slug)}`, vehicleAnswerSchema);
}

/** §7 Car finance details: the car's lender entries, each with its disclaimer (`GET /api/car-finance`). */
export function fetchCarFinance(http: Http, carId: number): Promise<CarFinance> {
  return http.get(`/api/car-finance?car_id=${encodeURIComponent(String(carId))}`, carFinanceSchema);
}

/** §7 Reveal-phone tracking (`POST /api/cars/phone-reveals`); resolves with the recorded reveal's id. */
export async function trackPhoneReveal(http: Http, payload: PhoneRevealPayload): Promise<number> {
  const answer = await http.post('/api/cars/phone-reveals', payload, phoneRevealAnswerSchema);
  return answer.id;
}

/** §7 Car PDF download (`GET /api/cars/{slug}/pdf`): the PDF as a Blob. */
export async function fetchCarPdf(http: Http, slug: string): Promise<Blob> {
  const path = `/api/cars/${encodeURIComponent(slug)}/pdf`;
  const file = await http.getBlob(path);
  if (!file.type.startsWith('application/pdf')) {
    throw new ServiceError('validation', `Unexpected answer from ${path}: not a PDF`);
  }
  return file;
}
