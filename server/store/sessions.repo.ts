import type { AuthUser } from '../../domain/contracts/session.ts';
import type { Executor } from './db.ts';

/** Stores a session by its token's hash. */
export async function createSession(
  q: Executor,
  session: { tokenHash: string; userId: number; siteId: number; expiresAt: Date },
): Promise<void> {
  await q.query('INSERT INTO sessions (token_hash, user_id, site_id, expires_at) VALUES ($1, $2, $3, $4)', [
    session.tokenHash,
    session.userId,
    session.siteId,
    session.expiresAt.toISOString(),
  ]);
}

/** The user of an unexpired session started on this site, or null. */
export async function findSessionUser(
  q: Executor,
  tokenHash: string,
  siteId: number,
  now: Date,
): Promise<AuthUser | null> {
  const { rows } = await q.query<AuthUser>(
    `SELECT u.id, u.email, u.phone_number FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.site_id = $2 AND u.site_id = $2 AND s.expires_at > $3`,
    [tokenHash, siteId, now.toISOString()],
  );
  return rows[0] ?? null;
}

/** Ends a session. */
export async function deleteSession(q: Executor, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Deletes sessions that expired before `now`; returns how many. */
export async function deleteExpiredSessions(q: Executor, now: Date): Promise<number> {
  const { rows } = await q.query<{ token_hash: string }>(
    'DELETE FROM sessions WHERE expires_at <= $1 RETURNING token_hash',
    [now.toISOString()],
  );
  return rows.length;
}
