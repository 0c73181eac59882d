import type { Car } from '../../domain/car.ts';
import { RESERVE_MESSAGES } from '../../domain/reserve.ts';
import { isReservable } from '../../domain/vehicle-actions.ts';

/** A refusal, as the route answers it (`{ error: { code, message, fields? } }` with `status`). */
export interface ReserveRefusal {
  refused: {
    status: 402 | 404 | 409 | 422 | 502;
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

/** A refusal with its status, code, message and fields. */
export const refuse = (
  status: ReserveRefusal['refused']['status'],
  code: string,
  message: string,
  fields?: Record<string, string>,
): ReserveRefusal => ({ refused: { status, code, message, ...(fields ? { fields } : {}) } });

export const carNotFound = () => refuse(404, 'car_not_found', 'No such car on this site');

/** Why a car of this site cannot be reserved now, as the shopper is told; null when it can. */
export function refusal(
  car: Car,
): { code: 'car_sold' | 'car_reserved' | 'not_reservable'; message: string } | null {
  if (car.sold || car.status === 'sold') return { code: 'car_sold', message: RESERVE_MESSAGES.sold };
  if (car.reserved) return { code: 'car_reserved', message: RESERVE_MESSAGES.taken };
  if (!isReservable(car)) return { code: 'not_reservable', message: RESERVE_MESSAGES.notReservable };
  return null;
}
