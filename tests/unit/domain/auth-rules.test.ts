import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  checkCredentials,
  checkPhone,
  needsPhone,
  normalisePhone,
  parseSignInType,
} from '../../../domain/auth.ts';
import { safeReturnPath, signInPath } from '../../../domain/return-path.ts';

describe('return paths for /sign-in redirect and back (locations-forms-tradein-site.md §2: same-site paths only)', () => {
  it.each([
    ['/cars/2022-mazda-cx-5', '/cars/2022-mazda-cx-5'],
    ['/search?make=mazda&page=2#results', '/search?make=mazda&page=2#results'],
    ['/', '/'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    ['//evil.com', '/'],
    ['//evil.com/path', '/'],
    ['https://evil.com', '/'],
    ['http://shop.localhost/cars', '/'],
    ['/\\evil.com', '/'],
    ['\\\\evil.com', '/'],
    ['/\t/evil.com', '/'],
    ['/\n/evil.com', '/'],
    ['/ /evil.com', '/'],
    ['javascript:alert(1)', '/'],
    ['evil.com', '/'],
    ['', '/'],
    [null, '/'],
    ['/sign-in?redirect=/x', '/'],
    [`/${'a'.repeat(2000)}`, '/'],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('builds the sign-in link with type, and both paths made safe and encoded', () => {
    expect(signInPath({ redirect: '/cars/x', back: '/cars/x' })).toBe(
      '/sign-in?redirect=%2Fcars%2Fx&back=%2Fcars%2Fx',
    );
    expect(signInPath({ type: 'watchlist', redirect: '/cars/x?a=1', back: '//evil.com' })).toBe(
      '/sign-in?type=watchlist&redirect=%2Fcars%2Fx%3Fa%3D1&back=%2F',
    );
  });
});

describe('sign-in types and the phone rule (spec §2 type; §5 the watchlist needs a phone on record)', () => {
  it.each([
    ['watchlist', 'watchlist', true],
    ['checkout', 'checkout', false],
    ['finance', 'finance', false],
    ['trade-in', 'trade-in', false],
    ['admin', null, false],
    [null, null, false],
  ] as const)('type %j → %j, needs a phone: %j', (value, type, phone) => {
    expect(parseSignInType(value)).toBe(type);
    expect(needsPhone(parseSignInType(value))).toBe(phone);
  });

  it.each([
    ['0400 111 222', '0400111222'],
    ['(04) 0011-1222', '0400111222'],
    ['+61 400 111 222', '+61400111222'],
  ])('phone %j is kept as %j', (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
    expect(checkPhone(typed)).toBeNull();
  });

  it.each([
    ['', AUTH_MESSAGES.phoneRequired],
    ['call me', AUTH_MESSAGES.phone],
    ['12345', AUTH_MESSAGES.phone],
  ])('phone %j is refused: %j', (typed, message) => {
    expect(checkPhone(typed)).toBe(message);
  });
});

describe('checking the sign-in and sign-up forms', () => {
  it('sign-in needs an email and a password', () => {
    expect(checkCredentials('signIn', { email: 'Sam@Example.com ', password: 'x' }, false)).toEqual({
      ok: true,
      value: { email: 'Sam@Example.com ', password: 'x' },
    });
    expect(checkCredentials('signIn', { email: 'sam', password: '' }, false)).toEqual({
      ok: false,
      fields: { email: AUTH_MESSAGES.email, password: AUTH_MESSAGES.passwordRequired },
    });
  });

  it('sign-up needs 8 characters of password; the phone is optional unless signing up for the watchlist', () => {
    const form = { email: 'sam@example.com', password: 'correct horse' };
    expect(checkCredentials('signUp', form, false)).toMatchObject({
      ok: true,
      value: { phone_number: null },
    });
    expect(checkCredentials('signUp', form, true)).toEqual({
      ok: false,
      fields: { phone_number: AUTH_MESSAGES.phoneRequired },
    });
    expect(checkCredentials('signUp', { ...form, phone_number: '0400 111 222' }, true)).toMatchObject({
      ok: true,
    });
    expect(checkCredentials('signUp', { ...form, password: 'short' }, false)).toEqual({
      ok: false,
      fields: { password: AUTH_MESSAGES.password },
    });
  });
});
