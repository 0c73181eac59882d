import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCarById, upsertCars } from '../../../server/store/cars.repo.ts';
import {
  claimCar,
  endExpiredHolds,
  failClaim,
  holdCar,
  type NewClaim,
  staleClaims,
} from '../../../server/store/reservations.repo.ts';
import { sampleCar } from './sample-car.ts';
import { type TestStore, testDrivers } from './test-stores.ts';

/**
 * One car, one hold (issue 17 item 2) where the store decides it: of many claims on one car at the
 * same moment exactly one is taken — on PGlite and, with `DATABASE_URL`, on PostgreSQL's concurrent
 * connections. A claim that ends with an intent, and a hold that runs out, owe the processor a cancel,
 * written with the change (issue 34).
 */
describe.each(testDrivers('reservations'))('reservations on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
    await upsertCars(store.db, [sampleCar(7001, { payment_processors: ['stripe'] }), sampleCar(7002)]);
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  const claim = (key: string, carId = 7001): NewClaim => ({
    siteId: 101,
    dealershipId: 1011,
    carId,
    amountCents: 20_000,
    currency: 'aud',
    processor: 'stripe',
    idempotencyKey: key,
    customer: { name: 'Sam', email: 'sam@example.com', phone: '0400111222' },
    account: null,
    purchase: null,
    linkOrigin: null,
  });
  const actionsOf = async (reservationId: string) =>
    (
      await store.db.query<{ action: string; intent_id: string }>(
        'SELECT action, intent_id FROM payment_actions WHERE reservation_id = $1',
        [reservationId],
      )
    ).rows;

  it('ten claims at once on one car: one claimed, nine taken; a resent key finds its own claim', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => claimCar(store.db, claim(`race-${index}`))),
    );
    expect(results.filter((result) => result.kind === 'claimed')).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'taken')).toHaveLength(9);
    const winner = results.findIndex((result) => result.kind === 'claimed');
    expect((await claimCar(store.db, claim(`race-${winner}`))).kind).toBe('replayed');
  });

  it('a failed claim frees the car; a held one reserves it until the sweep ends the hold and queues its cancel', async () => {
    const first = await claimCar(store.db, claim('free-1', 7002));
    if (first.kind !== 'claimed') throw new Error('not claimed');
    await failClaim(store.db, first.reservation.id, 'declined');
    expect(await actionsOf(first.reservation.id)).toEqual([]);
    const second = await claimCar(store.db, claim('free-2', 7002));
    if (second.kind !== 'claimed') throw new Error('not claimed');
    const heldUntil = new Date(Date.now() + 48 * 3_600_000);
    const held = await holdCar(store.db, {
      id: second.reservation.id,
      chargeId: 'pi_test',
      heldUntil,
      card: { brand: 'visa', last4: '4242' },
      lead: {
        siteId: 101,
        dealershipId: 1011,
        carId: 7002,
        payload: { category: 'Reserve Online', car_id: 7002 },
      },
    });
    expect(held).toMatchObject({
      status: 'held',
      charge_id: 'pi_test',
      payment_state: 'authorised',
      card_brand: 'visa',
      card_last4: '4242',
    });
    expect(held?.lead_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getCarById(store.db, [1011], 7002))?.reserved).toBe(true);
    expect(await endExpiredHolds(store.db, new Date())).toEqual([]);
    expect(await endExpiredHolds(store.db, new Date(heldUntil.getTime() + 1))).toEqual([7002]);
    expect((await getCarById(store.db, [1011], 7002))?.reserved).toBe(false);
    expect(await actionsOf(second.reservation.id)).toEqual([{ action: 'cancel', intent_id: 'pi_test' }]);
    // The first test's claim, left pending, is the sweep's to settle with the processor.
    const stale = await staleClaims(store.db, new Date(Date.now() + 11 * 60_000));
    expect(stale).toContainEqual(expect.objectContaining({ car_id: 7001, status: 'pending' }));
  });
});
