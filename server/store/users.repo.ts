import type { AuthUser } from '../../domain/contracts/session.ts';
import type { Executor } from './db.ts';

/** A stored account, with its password hash (never sent to a browser). */
export interface StoredUser extends AuthUser {
  site_id: number;
  /** Null until the address's owner chooses a password from an emailed link (decision 104). */
  password_hash: string | null;
  /** Null until the shopper opens the emailed link (migration 007). */
  email_confirmed_at: string | null;
}

const USER_COLUMNS =
  'id, site_id, email, password_hash, phone_number, email_confirmed_at::text AS email_confirmed_at';

/**
 * Creates an account waiting for its email's owner, without a password (decision 104); null when the
 * site already has one with this email.
 */
export async function createUser(
  q: Executor,
  user: { siteId: number; email: string },
): Promise<StoredUser | null> {
  const { rows } = await q.query<StoredUser>(
    `INSERT INTO users (site_id, email) VALUES ($1, $2)
     ON CONFLICT (site_id, email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.siteId, user.email],
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

/**
 * Replaces a user's password hash with a stronger one of the same password (a rehash at sign-in),
 * unless the password changed meanwhile (a reset).
 */
export async function rehashUserPassword(
  q: Executor,
  userId: number,
  hashes: { from: string; to: string },
): Promise<void> {
  await q.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    userId,
    hashes.from,
    hashes.to,
  ]);
}

/** The public view of an account. */
export function toAuthUser(user: StoredUser): AuthUser {
  return { id: user.id, email: user.email, phone_number: user.phone_number };
}

/** Why an account link was sent: a new account's first password, or a forgotten one. */
export type AccountLinkPurpose = 'confirm' | 'reset';

/** How long an emailed link works: a day to finish a new account, an hour to reset a password. */
export const LINK_HOURS: Record<AccountLinkPurpose, number> = { confirm: 24, reset: 1 };

/** Stores an emailed link's token (as its SHA-256) for an account; the token goes only into the email. */
export async function storeAccountLink(
  q: Executor,
  link: { userId: number; tokenHash: string; purpose: AccountLinkPurpose },
  now: Date,
): Promise<void> {
  await q.query(
    'INSERT INTO account_links (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)',
    [
      link.tokenHash,
      link.userId,
      link.purpose,
      new Date(now.getTime() + LINK_HOURS[link.purpose] * 3_600_000).toISOString(),
    ],
  );
}

/** Whether a link of this site is unused and unexpired (reads only: nothing is used up). */
export async function isLinkLive(
  q: Executor,
  siteId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM account_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND u.site_id = $2 AND l.used_at IS NULL AND l.expires_at > $3`,
    [tokenHash, siteId, now.toISOString()],
  );
  return rows.length > 0;
}

/**
 * Sets an account's password from an emailed link of this site (decision 104), in one transaction:
 * the link must be unused and unexpired; it and every other link of the account are used up, the
 * email counts as confirmed, and every session of the account ends. Returns the account, or null when the link does not count (unknown, used, expired, another
 * site's) — then nothing changes.
 */
export async function setPasswordFromLink(
  q: Executor,
  change: { siteId: number; tokenHash: string; passwordHash: string },
  now: Date,
): Promise<StoredUser | null> {
  return q.transaction(async (tx) => {
    const found = await tx.query<{ user_id: number }>(
      `SELECT l.user_id FROM account_links l JOIN users u ON u.id = l.user_id
        WHERE l.token_hash = $1 AND u.site_id = $2 AND l.used_at IS NULL AND l.expires_at > $3
        FOR UPDATE OF l`,
      [change.tokenHash, change.siteId, now.toISOString()],
    );
    const userId = found.rows[0]?.user_id;
    if (userId === undefined) return null;
    await tx.query('UPDATE account_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
      userId,
      now.toISOString(),
    ]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    const { rows } = await tx.query<StoredUser>(
      `UPDATE users SET password_hash = $2, email_confirmed_at = COALESCE(email_confirmed_at, $3)
        WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [userId, change.passwordHash, now.toISOString()],
    );
    return rows[0] ?? null;
  });
}
