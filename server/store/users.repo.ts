import type { AuthUser } from '../../domain/contracts/session.ts';
import type { Executor } from './db.ts';

/** A stored account, with its password hash (never sent to a browser). */
export interface StoredUser extends AuthUser {
  site_id: number;
  password_hash: string;
}

const USER_COLUMNS = 'id, site_id, email, password_hash, phone_number';

/** Creates an account; null when the site already has one with this email. */
export async function createUser(
  q: Executor,
  user: { siteId: number; email: string; passwordHash: string; phoneNumber: string | null },
): Promise<StoredUser | null> {
  const { rows } = await q.query<StoredUser>(
    `INSERT INTO users (site_id, email, password_hash, phone_number) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id, email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.siteId, user.email, user.passwordHash, user.phoneNumber],
  );
  return rows[0] ?? null;
}

/** The site's account with this (normalised) email, or null. */
export async function findUserByEmail(
  q: Executor,
  siteId: number,
  email: string,
): Promise<StoredUser | null> {
  const { rows } = await q.query<StoredUser>(
    `SELECT ${USER_COLUMNS} FROM users WHERE site_id = $1 AND email = $2`,
    [siteId, email],
  );
  return rows[0] ?? null;
}

/** Keeps a (normalised) phone number on record for the user; null when the user is not the site's. */
export async function setUserPhone(
  q: Executor,
  siteId: number,
  userId: number,
  phoneNumber: string,
): Promise<AuthUser | null> {
  const { rows } = await q.query<AuthUser>(
    'UPDATE users SET phone_number = $3 WHERE id = $2 AND site_id = $1 RETURNING id, email, phone_number',
    [siteId, userId, phoneNumber],
  );
  return rows[0] ?? null;
}

/** Replaces a user's password hash (a rehash with stronger parameters at sign-in). */
export async function setUserPasswordHash(q: Executor, userId: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/** The public view of an account. */
export function toAuthUser(user: StoredUser): AuthUser {
  return { id: user.id, email: user.email, phone_number: user.phone_number };
}
