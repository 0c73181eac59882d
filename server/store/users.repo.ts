import type { AuthUser } from '../../domain/contracts/session.ts';
import type { Executor } from './db.ts';

/** A stored account, with its password hash (never sent to a browser). */
export interface StoredUser extends AuthUser {
  site_id: number;
  password_hash: string;
  /** Null until the shopper opens the emailed link (migration 007). */
  email_confirmed_at: string | null;
}

const USER_COLUMNS =
  'id, site_id, email, password_hash, phone_number, email_confirmed_at::text AS email_confirmed_at';

/** Creates an account waiting for its email's confirmation; null when the site already has one with this email. */
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

/** How long an emailed confirmation link works. */
export const CONFIRMATION_HOURS = 24;

/** Stores a confirmation link's token (as its SHA-256) for an account; the token goes only into the email. */
export async function storeConfirmation(
  q: Executor,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await q.query('INSERT INTO email_confirmations (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    tokenHash,
    userId,
    new Date(now.getTime() + CONFIRMATION_HOURS * 3_600_000).toISOString(),
  ]);
}

/** What opening a confirmation link found. */
export type Confirmation = { kind: 'confirmed'; user: StoredUser } | { kind: 'used' } | { kind: 'invalid' };

/**
 * Opens a confirmation link of a site: an unused, unexpired token confirms its account (`confirmed`,
 * which signs in); a token used before, still unexpired, is `used` (the shopper signs in with the
 * password); anything else is `invalid`.
 */
export async function confirmEmail(
  q: Executor,
  siteId: number,
  tokenHash: string,
  now: Date,
): Promise<Confirmation> {
  return q.transaction(async (tx) => {
    const found = await tx.query<{ user_id: number; used: boolean }>(
      `SELECT c.user_id, c.used_at IS NOT NULL AS used FROM email_confirmations c JOIN users u ON u.id = c.user_id
        WHERE c.token_hash = $1 AND u.site_id = $2 AND c.expires_at > $3 FOR UPDATE OF c`,
      [tokenHash, siteId, now.toISOString()],
    );
    const row = found.rows[0];
    if (!row) return { kind: 'invalid' };
    if (row.used) return { kind: 'used' };
    await tx.query('UPDATE email_confirmations SET used_at = $2 WHERE token_hash = $1', [
      tokenHash,
      now.toISOString(),
    ]);
    const { rows } = await tx.query<StoredUser>(
      `UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, $2) WHERE id = $1
       RETURNING ${USER_COLUMNS}`,
      [row.user_id, now.toISOString()],
    );
    const user = rows[0];
    return user ? { kind: 'confirmed', user } : { kind: 'invalid' };
  });
}
