import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSessionSweep } from '../../../server/auth/session-sweep.ts';
import { deleteAllCars } from '../../../server/store/cars.repo.ts';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findSessionUser,
} from '../../../server/store/sessions.repo.ts';
import { createUser, findUserByEmail, setUserPhone } from '../../../server/store/users.repo.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from '../../../server/store/watchlist.repo.ts';
import { type TestStore, testDrivers } from '../store/test-stores.ts';
import { CARS, seedAccountCars } from './watchlist-test-server.ts';

const BAYSIDE_SITE = 101;
const HARBOUR_SITE = 102;
const BAYSIDE_DEALERSHIPS = [1011];

describe.each(testDrivers('account_repos'))('account repositories on $name (migration 004)', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
    await seedAccountCars(store.db);
  });
  afterAll(async () => {
    await store.cleanup();
  });

  /** An account with a phone on record (sign-up takes the email alone; the phone is set later). */
  const user = async (email: string, siteId = BAYSIDE_SITE) => {
    const created = await createUser(store.db, { siteId, email });
    return created && (await setUserPhone(store.db, siteId, created.id, '0400111222')) && created;
  };

  it('one account per email and site', async () => {
    expect(await user('a@example.com')).toMatchObject({ email: 'a@example.com', site_id: BAYSIDE_SITE });
    expect(await user('a@example.com')).toBeNull();
    expect(await user('a@example.com', HARBOUR_SITE)).not.toBeNull();
    expect((await findUserByEmail(store.db, HARBOUR_SITE, 'a@example.com'))?.site_id).toBe(HARBOUR_SITE);
  });

  it('a session is found by its hash, on its own site, until it expires', async () => {
    const owner = await user('session@example.com');
    if (!owner) throw new Error('no user');
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    await createSession(store.db, { tokenHash: 'h1', userId: owner.id, siteId: BAYSIDE_SITE, expiresAt });
    const before = new Date('2029-12-31T23:59:59Z');
    expect(await findSessionUser(store.db, 'h1', BAYSIDE_SITE, before)).toEqual({
      id: owner.id,
      email: 'session@example.com',
      phone_number: '0400111222',
    });
    expect(await findSessionUser(store.db, 'h1', HARBOUR_SITE, before)).toBeNull();
    expect(await findSessionUser(store.db, 'h1', BAYSIDE_SITE, expiresAt)).toBeNull();
    expect(await deleteExpiredSessions(store.db, new Date('2030-01-02T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    await createSession(store.db, { tokenHash: 'h2', userId: owner.id, siteId: BAYSIDE_SITE, expiresAt });
    await deleteSession(store.db, 'h2');
    expect(await findSessionUser(store.db, 'h2', BAYSIDE_SITE, before)).toBeNull();
  });

  it('the session sweep deletes expired sessions at start and on its interval, and keeps live ones', async () => {
    const owner = await user('sweep@example.com');
    if (!owner) throw new Error('no user');
    let now = new Date('2031-01-01T00:00:00Z');
    const session = (tokenHash: string, expiresAt: string) =>
      createSession(store.db, {
        tokenHash,
        userId: owner.id,
        siteId: BAYSIDE_SITE,
        expiresAt: new Date(expiresAt),
      });
    await session('sweep-old', '2030-12-31T00:00:00Z');
    await session('sweep-soon', '2031-01-01T12:00:00Z');
    await session('sweep-live', '2031-02-01T00:00:00Z');
    const count = async (hashes: string[]) =>
      (
        await store.db.query<{ n: number }>(
          'SELECT COUNT(*)::int AS n FROM sessions WHERE token_hash = ANY($1::text[])',
          [hashes],
        )
      ).rows[0]?.n;
    const logger = { info: vi.fn(), error: vi.fn() };
    const sweep = startSessionSweep(store.db, { logger, intervalMs: 20, now: () => now });
    try {
      await vi.waitFor(() =>
        expect(logger.info).toHaveBeenCalledWith('Deleted expired sessions', { deleted: 1 }),
      );
      expect(await count(['sweep-old'])).toBe(0);
      expect(await count(['sweep-soon', 'sweep-live'])).toBe(2);
      now = new Date('2031-01-02T00:00:00Z');
      await vi.waitFor(async () => expect(await count(['sweep-soon'])).toBe(0));
      expect(await findSessionUser(store.db, 'sweep-live', BAYSIDE_SITE, now)).toMatchObject({
        id: owner.id,
      });
    } finally {
      await sweep.stop();
    }
    now = new Date('2031-03-01T00:00:00Z');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await count(['sweep-live'])).toBe(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('a phone number is changed only for a user of the same site', async () => {
    const owner = await user('phone@example.com');
    if (!owner) throw new Error('no user');
    expect(await setUserPhone(store.db, HARBOUR_SITE, owner.id, '0499999999')).toBeNull();
    expect(await setUserPhone(store.db, BAYSIDE_SITE, owner.id, '0499999999')).toMatchObject({
      phone_number: '0499999999',
    });
  });

  it('watchlist entries are idempotent, listed for the site’s dealerships only, and leave with their car', async () => {
    const owner = await user('list@example.com');
    if (!owner) throw new Error('no user');
    await addToWatchlist(store.db, owner.id, CARS.baysideInStock);
    await addToWatchlist(store.db, owner.id, CARS.baysideInStock);
    await addToWatchlist(store.db, owner.id, CARS.harbour);
    await addToWatchlist(store.db, owner.id, CARS.baysideHidden);
    const listed = await listWatchlist(store.db, owner.id, BAYSIDE_DEALERSHIPS);
    expect(listed.map((car) => car.id)).toEqual([CARS.baysideInStock]);
    expect(listed[0]).toMatchObject({
      sold: false,
      status: 'in_stock',
      saved_at: expect.stringMatching(/Z$/),
    });
    await removeFromWatchlist(store.db, owner.id, CARS.baysideInStock);
    await removeFromWatchlist(store.db, owner.id, CARS.baysideInStock);
    expect(await listWatchlist(store.db, owner.id, BAYSIDE_DEALERSHIPS)).toEqual([]);
    await deleteAllCars(store.db);
    const { rows } = await store.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM watchlist_entries WHERE user_id = $1',
      [owner.id],
    );
    expect(rows[0]?.count).toBe(0);
  });
});
