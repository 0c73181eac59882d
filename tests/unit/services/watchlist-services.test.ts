import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { trackEvent } from '../../../services/analytics/analytics.service.ts';
import {
  requestPasswordReset,
  savePhone,
  setPassword,
  signIn,
  signOut,
  signUp,
} from '../../../services/auth/auth.service.ts';
import { fetchSession } from '../../../services/auth/session.service.ts';
import { isServiceError } from '../../../services/errors.ts';
import { createHttp, type FetchLike, type Http } from '../../../services/http.ts';
import type { KeyValueStorage } from '../../../services/storage/browser-storage.ts';
import {
  FAVOURITES_KEY,
  readFavourites,
  writeFavourites,
} from '../../../services/watchlist/favourites.storage.ts';
import { fetchWatchlist, removeCar, saveCar } from '../../../services/watchlist/watchlist.service.ts';
import {
  type AccountServer,
  CARS,
  emailedToken,
  freshEmail,
  roomyLimiter,
  seedAccountCars,
  startAccountServer,
} from '../server/watchlist-test-server.ts';

let db: Db;
let server: AccountServer;

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  await seedAccountCars(db);
  server = await startAccountServer(db, { limiter: roomyLimiter() });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** Chooses the password on the page the link emailed to an address opens (decision 104). */
async function choosePassword(http: Http, email: string, password = 'correct horse battery') {
  return setPassword(http, { token: emailedToken(server, email), password });
}

/** A browser-like client of the default dealer (127.0.0.1 serves bayside-mazda): it keeps its cookie. */
function browser(): Http {
  let cookie = '';
  const fetchWithCookies: FetchLike = async (request) => {
    const headers = new Headers(request.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(new Request(request, { headers }));
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      cookie = pair.endsWith('=') ? '' : pair;
    }
    return response;
  };
  const base = `http://127.0.0.1:${server.port}`;
  return createHttp({ baseUrl: base, fetch: fetchWithCookies });
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('auth, watchlist and analytics services against the real routes', () => {
  it('sign up, choose the password from the link, read the session, sign out and sign in again', async () => {
    const http = browser();
    const email = freshEmail('service');
    expect(await fetchSession(http)).toBeNull();
    expect(await signUp(http, { email, continueAt: '/sign-in?type=watchlist' })).toEqual({
      checkEmail: email,
    });
    expect(await fetchSession(http)).toBeNull();
    expect(await choosePassword(http, email)).toMatchObject({ email, phone_number: null });
    const user = await fetchSession(http);
    expect(user).toMatchObject({ email, phone_number: null });
    expect(await savePhone(http, { phone_number: '0400 111 222' })).toMatchObject({
      phone_number: '0400111222',
    });
    await signOut(http);
    expect(await fetchSession(http)).toBeNull();
    const wrong = await failure(signIn(http, { email, password: 'nope nope' }));
    expect(wrong).toMatchObject({
      kind: 'http',
      message: 'Incorrect email or password',
      details: { status: 401 },
    });
    expect(await signIn(http, { email, password: 'correct horse battery' })).toMatchObject({ email });
  });

  it('asks for a new password; a used link is an http error with the code invalid_link', async () => {
    const http = browser();
    const email = freshEmail('service-reset');
    await signUp(http, { email, continueAt: '/sign-in' });
    await choosePassword(http, email);
    expect(await requestPasswordReset(http, { email, continueAt: '/sign-in' })).toEqual({ email });
    const token = emailedToken(server, email);
    expect(await setPassword(http, { token, password: 'a new password' })).toMatchObject({ email });
    const used = await failure(setPassword(http, { token, password: 'another one' }));
    expect(used).toMatchObject({ kind: 'http', details: { status: 410, code: 'invalid_link' } });
  });

  it('saves and removes cars (§7), and an unknown car is a notFound error with the server’s message', async () => {
    const http = browser();
    const email = freshEmail('service-list');
    await signUp(http, { email, continueAt: '/sign-in' });
    await choosePassword(http, email);
    await savePhone(http, { phone_number: '0400111222' });
    expect(await saveCar(http, { phone_number: '0400111222', car_id: CARS.baysideInStock })).toEqual({
      success: true,
      car_id: CARS.baysideInStock,
    });
    expect((await fetchWatchlist(http)).cars.map((car) => car.id)).toEqual([CARS.baysideInStock]);
    await removeCar(http, { phone_number: '0400111222', car_id: CARS.baysideInStock });
    expect((await fetchWatchlist(http)).cars).toEqual([]);
    const unknown = await failure(saveCar(http, { phone_number: '0400111222', car_id: 999_999 }));
    expect(unknown).toMatchObject({ kind: 'notFound', message: 'Car not found' });
  });

  it('sends an analytics event', async () => {
    await trackEvent(browser(), { event_id: 39, car_id: CARS.baysideInStock, path: '/cars/x' });
    const { rows } = await db.query<{ event_id: number }>(
      'SELECT event_id FROM analytics_events WHERE site_id = 101',
    );
    expect(rows).toEqual([{ event_id: 39 }]);
  });
});

describe('local favourites storage', () => {
  const memory = (
    initial: Record<string, string> = {},
  ): KeyValueStorage & { data: Record<string, string> } => {
    const data = { ...initial };
    return {
      data,
      getItem: (key) => data[key] ?? null,
      setItem: (key, value) => {
        data[key] = value;
      },
    };
  };
  const car = { id: 1, slug: 'a-1', name: 'A', price: 10_000, primary_image_url: null };

  it('reads nothing as an empty list and keeps what is written', async () => {
    const storage = memory();
    expect(await readFavourites(storage)).toEqual([]);
    writeFavourites(storage, [car]);
    expect(await readFavourites(storage)).toEqual([car]);
  });

  it('what is not a favourites list, or no storage at all, is a ServiceError', async () => {
    expect(await failure(readFavourites(memory({ [FAVOURITES_KEY]: '{nope' })))).toMatchObject({
      kind: 'validation',
    });
    expect(await failure(readFavourites(memory({ [FAVOURITES_KEY]: '[{"id":"x"}]' })))).toMatchObject({
      kind: 'validation',
    });
    expect(await failure(readFavourites(null))).toMatchObject({ kind: 'network' });
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeFavourites(full, [car])).toThrow(/could not be stored/);
  });
});
