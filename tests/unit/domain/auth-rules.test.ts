import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  checkCredentials,
  checkNewPassword,
  checkPhone,
  needsPhone,
  normalisePhone,
  parseSignInType,
} from '../../../domain/auth.ts';
import {
  accountPath,
  FORGOT_PASSWORD_PATH,
  SET_PASSWORD_PATH,
  safeReturnPath,
  signInPath,
} from '../../../domain/return-path.ts';

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
    [`${SET_PASSWORD_PATH}?token=abc`, '/'],
    [FORGOT_PASSWORD_PATH, '/'],
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
    expect(accountPath(FORGOT_PASSWORD_PATH, { type: 'watchlist', redirect: '/cars/x', back: '/' })).toBe(
      '/sign-in/forgot-password?type=watchlist&redirect=%2Fcars%2Fx&back=%2F',
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

describe('checking the sign-in, sign-up and choose-a-password forms', () => {
  it('sign-in needs an email and a password', () => {
    expect(checkCredentials('signIn', { email: 'Sam@Example.com ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'Sam@Example.com ', password: 'x' },
    });
    expect(checkCredentials('signIn', { email: 'sam', password: '' })).toEqual({
      ok: false,
      fields: { email: AUTH_MESSAGES.email, password: AUTH_MESSAGES.passwordRequired },
    });
  });

  it('sign-up takes the email alone (decision 104: the password is chosen from the emailed link)', () => {
    expect(checkCredentials('signUp', { email: 'sam@example.com', password: 'ignored' })).toEqual({
      ok: true,
      value: { email: 'sam@example.com' },
    });
    expect(checkCredentials('signUp', { email: 'sam' })).toEqual({
      ok: false,
      fields: { email: AUTH_MESSAGES.email },
    });
  });

  it.each([
    ['correct horse', null],
    ['short', AUTH_MESSAGES.password],
    ['x'.repeat(129), AUTH_MESSAGES.passwordTooLong],
  ])('a new password %j: %j', (password, message) => {
    expect(checkNewPassword(password)).toBe(message);
  });
});
