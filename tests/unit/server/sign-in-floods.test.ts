import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/password.ts';
import { HashingBusyError, PasswordHasher } from '../../../server/auth/password-hasher.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import type { Db } from '../../../server/store/db.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import {
  type AccountServer,
  freshEmail,
  roomyLimiter,
  signUp,
  startAccountServer,
} from './watchlist-test-server.ts';

/** Issue 14 item 2: a flood of sign-ins gets fast 429s; it cannot queue unbounded work. */
const cheap = { N: 2 ** 10, r: 8, p: 1 };
const HARBOUR = 'harbour-auto-group';

describe('the password hasher', () => {
  it('runs hashes on its own threads and refuses, with a wait, what its queue cannot hold', async () => {
    const hasher = new PasswordHasher({ threads: 1, maxWaiting: 2 });
    try {
      const attempts = Array.from({ length: 5 }, (_, i) =>
        hashPassword(`password ${i}`, cheap, hasher).then(
          (stored) => ({ stored }),
          (error: unknown) => ({ error }),
        ),
      );
      const settled = await Promise.all(attempts);
      const stored = settled.flatMap((s) => ('stored' in s ? [s.stored] : []));
      const refused = settled.flatMap((s) => ('error' in s ? [s.error] : []));
      expect(stored).toHaveLength(3);
      expect(refused).toHaveLength(2);
      for (const error of refused) {
        expect(error).toBeInstanceOf(HashingBusyError);
        expect((error as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      }
      expect(await verifyPassword('password 0', stored[0] as string, hasher)).toBe(true);
      expect(await verifyPassword('password 1', stored[0] as string, hasher)).toBe(false);
      expect(hasher.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await hasher.close();
    }
  });

  it('a hash that fails in its thread rejects that caller only; the next hash runs', async () => {
    const hasher = new PasswordHasher({ threads: 1, maxWaiting: 4 });
    try {
      const tooBig = hasher.derive({
        password: 'x',
        salt: Buffer.alloc(16),
        keyLength: 64,
        options: { N: 2 ** 20, r: 8, p: 1, maxmem: 1024 },
      });
      await expect(tooBig).rejects.toThrow(/memory|maxmem|limit/i);
      const stored = await hashPassword('still fine', cheap, hasher);
      expect(await verifyPassword('still fine', stored, hasher)).toBe(true);
    } finally {
      await hasher.close();
    }
  });
});

describe('sign-in floods', () => {
  let db: Db;
  let server: AccountServer;
  const hasher = new PasswordHasher({ threads: 1, maxWaiting: 1 });

  beforeAll(async () => {
    db = await openStore({ dataDir: IN_MEMORY });
    server = await startAccountServer(db, {
      env: { TRUST_PROXY: '1' },
      auth: {
        limiter: roomyLimiter(),
        accountLimiter: new RateLimiter({ capacity: 3, perSecond: 0.01 }),
        hasher,
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await db?.close();
    await hasher.close();
  });

  const signIn = (email: string, address: string) =>
    server.request(HARBOUR, '/api/auth/sign-in', {
      body: { email, password: 'wrong password' },
      headers: { 'x-forwarded-for': address },
    });

  it('from rotating addresses: past what the hashing queue holds, 429 with Retry-After at once, never a 5xx', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(`nobody-${i}@example.com`, `203.0.113.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const refused = answers.find((a) => a.status === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    });
  });

  it('one account is limited whatever the address, known or unknown email alike, and no other account with it', async () => {
    const email = freshEmail('flooded');
    await signUp(server, HARBOUR, email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++)
      unknown.push((await signIn('no-such-shopper@example.com', `192.0.2.${i + 1}`)).status);
    expect(unknown).toEqual([401, 401, 401, 429, 429]);
    const otherAccount = await signIn(freshEmail('neighbour'), '198.51.100.200');
    expect(otherAccount.status).toBe(401);
  });
});
