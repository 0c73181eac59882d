import { randomBytes } from 'node:crypto';
import { hashSessionToken, SESSION_COOKIE } from '../../../server/auth/session.ts';
import type { Db } from '../../../server/store/db.ts';
import { createSession } from '../../../server/store/sessions.repo.ts';

let counter = 0;

/**
 * A confirmed shopper of `siteId` with a live session, written straight to the store: the token
 * (what the browser's cookie holds), the `Cookie` header a browser sends over http, and the account.
 * For tests about what a signed-in request does, not about how one signs in.
 */
export async function signedInShopper(
  db: Db,
  siteId: number,
  options: { phone?: string | null; now?: Date } = {},
): Promise<{ token: string; cookie: string; userId: number; email: string }> {
  counter += 1;
  const email = `session-${process.pid}-${counter}@example.com`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (site_id, email, password_hash, phone_number, email_confirmed_at)
     VALUES ($1, $2, 'not-a-hash', $3, now()) RETURNING id`,
    [siteId, email, options.phone === undefined ? '0400111222' : options.phone],
  );
  const userId = (rows[0] as { id: number }).id;
  const token = randomBytes(32).toString('base64url');
  const now = options.now ?? new Date();
  await createSession(db, {
    tokenHash: hashSessionToken(token),
    userId,
    siteId,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { token, cookie: `${SESSION_COOKIE}=${token}`, userId, email };
}
