import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from '../../../server/auth/password.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { sameOriginOnly } from '../../../server/auth/same-origin.ts';

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing (scrypt, node:crypto)', () => {
  it('stores scheme, parameters, salt and key; the right password verifies and others do not', async () => {
    const stored = await hashPassword('correct horse battery', cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await hashPassword('correct horse battery', cheap)).not.toBe(stored);
  });

  it('new hashes use the recorded parameters (N=2^15, r=8, p=3); weaker ones ask for a rehash', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 32_768, r: 8, p: 3 });
    expect(needsRehash(await hashPassword('x', cheap))).toBe(true);
    expect(needsRehash('scrypt$32768$8$3$salt$key')).toBe(false);
  });

  it('compares Unicode passwords in one normal form (NFKC)', async () => {
    const stored = await hashPassword('café', cheap);
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('a corrupt or hostile stored hash never verifies and never asks for huge memory', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$x',
      'scrypt$3$8$1$c2FsdA$a2V5',
      `scrypt$${2 ** 30}$8$1$c2FsdA$a2V5`,
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('rate limiter (token bucket per address and route)', () => {
  it('allows the capacity at once, then refills at the configured rate and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, perSecond: 0.5 }, () => now);
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(2);
    expect(limiter.take('b')).toBe(0);
    now = 1000;
    expect(limiter.take('a')).toBe(1);
    now = 2000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(2);
  });

  it('keeps at most maxKeys buckets, dropping full ones first', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 2, perSecond: 1 }, () => now, 3);
    for (const key of ['a', 'b', 'c', 'd']) limiter.take(key);
    expect(limiter.size).toBeLessThanOrEqual(3);
    now = 10_000;
    limiter.take('e');
    expect(limiter.size).toBe(1);
  });
});

describe('same-origin check for state changes', () => {
  const app = new Hono().post('/x', sameOriginOnly(), (c) => c.json({ ok: true }));
  const post = (headers: Record<string, string>) =>
    app.request('http://shop.localhost:3000/x', {
      method: 'POST',
      headers: { host: 'shop.localhost:3000', ...headers },
    });

  it.each([
    [{ origin: 'http://shop.localhost:3000', 'sec-fetch-site': 'same-origin' }, 200],
    [{ 'sec-fetch-site': 'none' }, 200],
    [{}, 200],
    [{ origin: 'http://shop.localhost:3000' }, 200],
    [{ origin: 'http://other.localhost:3000', 'sec-fetch-site': 'same-site' }, 403],
    [{ origin: 'https://evil.example' }, 403],
    [{ origin: 'null' }, 403],
    [{ origin: 'http://shop.localhost:3000', 'sec-fetch-site': 'cross-site' }, 403],
    [{ origin: 'http://shop.localhost:3001' }, 403],
    [{ origin: 'https://shop.localhost:3000' }, 403],
  ])('%j → %i', async (headers, status) => {
    const response = await post(headers);
    expect(response.status).toBe(status);
    if (status === 403) {
      expect(await response.json()).toEqual({
        error: { code: 'cross_site_request', message: 'This request must come from a page of this site' },
      });
    }
  });
});
