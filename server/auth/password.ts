import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type PasswordHasher, sharedHasher } from './password-hasher.ts';

/**
 * Password hashing with scrypt from `node:crypto` (memory-hard, built into Node, OpenSSL's
 * implementation). Parameters are OWASP's scrypt equivalent N=2^15, r=8, p=3 (32 MiB per hash), see
 * `docs/decisions/060-accounts-and-watchlist.md`. A stored hash carries its parameters, so they can be
 * raised later and old hashes still verify (`needsRehash` tells when to upgrade one at sign-in).
 * Hashes run on the hasher's own threads with a bounded queue (`password-hasher.ts`); when it is full
 * these reject with `HashingBusyError`.
 */
export interface ScryptParams {
  /** CPU/memory cost, a power of 2. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

/** The parameters new hashes use. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 15, r: 8, p: 3 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Bounds for parameters read back from the store, so a corrupt row cannot ask for gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 16;

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  hasher: PasswordHasher,
): Promise<Buffer> {
  return hasher.derive({
    password: password.normalize('NFKC'),
    salt,
    keyLength: KEY_LENGTH,
    options: { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
  });
}

/** `scrypt$N$r$p$salt$key` (salt and key in base64url). */
export async function hashPassword(
  password: string,
  params: ScryptParams = SCRYPT_PARAMS,
  hasher: PasswordHasher = sharedHasher(),
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, hasher);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const validN =
    Number.isInteger(params.N) && params.N > 1 && params.N <= MAX_N && (params.N & (params.N - 1)) === 0;
  const validR = Number.isInteger(params.r) && params.r >= 1 && params.r <= MAX_R;
  const validP = Number.isInteger(params.p) && params.p >= 1 && params.p <= MAX_P;
  if (!validN || !validR || !validP) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Whether `password` matches a stored hash (in constant time for the comparison). */
export async function verifyPassword(
  password: string,
  stored: string,
  hasher: PasswordHasher = sharedHasher(),
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params, hasher);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than `SCRYPT_PARAMS` (rehash it at the next sign-in). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

let dummy: Promise<string> | undefined;

/**
 * A hash to verify against when no account has the email, so "no such account" and "wrong password"
 * take the same time and cannot be told apart.
 */
export function dummyHash(hasher: PasswordHasher = sharedHasher()): Promise<string> {
  // A refusal (the queue was full) is not kept: the next sign-in tries again.
  dummy ??= hashPassword(randomBytes(16).toString('base64url'), SCRYPT_PARAMS, hasher).catch((error) => {
    dummy = undefined;
    throw error;
  });
  return dummy;
}
