import type { Executor } from '../store/db.ts';

/** One recorded phone reveal (§7 Reveal-phone tracking: car_id, dealership_id, website_id). */
export interface PhoneReveal {
  car_id: number;
  dealership_id: number;
  website_id: number;
}

/** Records a reveal; resolves with its id once committed. */
export async function insertPhoneReveal(q: Executor, reveal: PhoneReveal): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO phone_reveals (car_id, dealership_id, website_id) VALUES ($1, $2, $3) RETURNING id',
    [reveal.car_id, reveal.dealership_id, reveal.website_id],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The phone reveal was not recorded');
  return id;
}

/** The reveals of one car, oldest first. */
export async function listPhoneReveals(q: Executor, carId: number): Promise<PhoneReveal[]> {
  const { rows } = await q.query<PhoneReveal>(
    'SELECT car_id, dealership_id, website_id FROM phone_reveals WHERE car_id = $1 ORDER BY id',
    [carId],
  );
  return rows;
}
