import type { StaffMember, StaffRole } from '../../domain/staff.ts';
import type { Executor } from './db.ts';

/**
 * The dealer console's members, invitations and sessions (migration 022, decision 125). Every read
 * names the site: a member, an invitation or a session of one dealer is never found from another's.
 */

/** A member as stored, secrets included: for the sign-in and TOTP checks only, never answered. */
export interface StoredStaffMember {
  id: number;
  site_id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  disabled_at: string | null;
  created_at: string;
}

const MEMBER_COLUMNS =
  'id, site_id, email, name, role, password_hash, totp_secret, totp_pending_secret, totp_last_step, disabled_at, created_at';

/** A member as the console and the handlers see them. */
export function toStaffMember(row: StoredStaffMember): StaffMember {
  return {
    id: row.id,
    site_id: row.site_id,
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: row.totp_secret !== null,
  };
}

/** Adds a member; null when the site has one with this email already. */
export async function insertStaffMember(
  q: Executor,
  member: { siteId: number; email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<StoredStaffMember | null> {
  const { rows } = await q.query<StoredStaffMember>(
    `INSERT INTO staff_members (site_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id, email) DO NOTHING RETURNING ${MEMBER_COLUMNS}`,
    [member.siteId, member.email, member.name, member.role, member.passwordHash],
  );
  return rows[0] ?? null;
}

/** The site's member with this (normalised) email, disabled or not, or null. */
export async function findStaffByEmail(
  q: Executor,
  siteId: number,
  email: string,
): Promise<StoredStaffMember | null> {
  const { rows } = await q.query<StoredStaffMember>(
    `SELECT ${MEMBER_COLUMNS} FROM staff_members WHERE site_id = $1 AND email = $2`,
    [siteId, email],
  );
  return rows[0] ?? null;
}

/** The site's member with this id, or null (another site's is null too). */
export async function findStaffById(
  q: Executor,
  siteId: number,
  id: number,
): Promise<StoredStaffMember | null> {
  const { rows } = await q.query<StoredStaffMember>(
    `SELECT ${MEMBER_COLUMNS} FROM staff_members WHERE site_id = $1 AND id = $2`,
    [siteId, id],
  );
  return rows[0] ?? null;
}

/** The site's members, the active ones first, each group by name. */
export async function listStaff(q: Executor, siteId: number): Promise<StoredStaffMember[]> {
  const { rows } = await q.query<StoredStaffMember>(
    `SELECT ${MEMBER_COLUMNS} FROM staff_members WHERE site_id = $1
     ORDER BY disabled_at IS NOT NULL, lower(name), id`,
    [siteId],
  );
  return rows;
}

/** How many active managers the site has. */
export async function countActiveManagers(q: Executor, siteId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_members WHERE site_id = $1 AND role = 'manager' AND disabled_at IS NULL`,
    [siteId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Locks the site's active managers' rows for the transaction, so two managers demoting or removing
 * each other at once cannot leave the site with none.
 */
export async function lockActiveManagers(q: Executor, siteId: number): Promise<void> {
  await q.query(
    `SELECT id FROM staff_members WHERE site_id = $1 AND role = 'manager' AND disabled_at IS NULL FOR UPDATE`,
    [siteId],
  );
}

/** Changes a member's role. */
export async function setStaffRole(q: Executor, siteId: number, id: number, role: StaffRole): Promise<void> {
  await q.query('UPDATE staff_members SET role = $3 WHERE site_id = $1 AND id = $2', [siteId, id, role]);
}

/** Disables a member (they keep their audit entries) and ends their sessions. */
export async function disableStaff(q: Executor, siteId: number, id: number, now: Date): Promise<void> {
  await q.query('UPDATE staff_members SET disabled_at = $3 WHERE site_id = $1 AND id = $2', [
    siteId,
    id,
    now.toISOString(),
  ]);
  await q.query('DELETE FROM staff_sessions WHERE member_id = $1', [id]);
}

/** Sets a member's name and password, and enables them again (an invitation accepted by a removed member). */
export async function resetStaffMember(
  q: Executor,
  siteId: number,
  id: number,
  values: { name: string; role: StaffRole; passwordHash: string },
): Promise<StoredStaffMember | null> {
  const { rows } = await q.query<StoredStaffMember>(
    `UPDATE staff_members SET name = $3, role = $4, password_hash = $5, disabled_at = NULL,
       totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
     WHERE site_id = $1 AND id = $2 RETURNING ${MEMBER_COLUMNS}`,
    [siteId, id, values.name, values.role, values.passwordHash],
  );
  return rows[0] ?? null;
}

/** Replaces a member's password hash (a stronger one after sign-in). */
export async function setStaffPasswordHash(q: Executor, id: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE staff_members SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** Keeps a TOTP secret waiting for its first code (enrolment), replacing any earlier one. */
export async function setPendingTotp(q: Executor, id: number, secret: string): Promise<void> {
  await q.query('UPDATE staff_members SET totp_pending_secret = $2 WHERE id = $1', [id, secret]);
}

/** Makes the pending secret the member's, recording the step its code was for. */
export async function confirmTotp(q: Executor, id: number, step: number): Promise<void> {
  await q.query(
    `UPDATE staff_members SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $2
     WHERE id = $1 AND totp_pending_secret IS NOT NULL`,
    [id, step],
  );
}

/** Turns two-step sign-in off for a member. */
export async function clearTotp(q: Executor, id: number): Promise<void> {
  await q.query(
    'UPDATE staff_members SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1',
    [id],
  );
}

/**
 * Records that a code of time step `step` was used, unless one of that step or later was already:
 * false when it was (a code replayed within its window).
 */
export async function takeTotpStep(q: Executor, id: number, step: number): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    `UPDATE staff_members SET totp_last_step = $2
     WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [id, step],
  );
  return rows.length > 0;
}

/** A stored invitation. */
export interface StoredInvitation {
  id: number;
  site_id: number;
  email: string;
  role: StaffRole;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

const INVITATION_COLUMNS = 'id, site_id, email, role, invited_by, created_at, expires_at, used_at';

/** Stores an invitation by its token's hash. */
export async function insertInvitation(
  q: Executor,
  invitation: {
    tokenHash: string;
    siteId: number;
    email: string;
    role: StaffRole;
    invitedBy: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<StoredInvitation> {
  const { rows } = await q.query<StoredInvitation>(
    `INSERT INTO staff_invitations (token_hash, site_id, email, role, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${INVITATION_COLUMNS}`,
    [
      invitation.tokenHash,
      invitation.siteId,
      invitation.email,
      invitation.role,
      invitation.invitedBy,
      invitation.createdAt.toISOString(),
      invitation.expiresAt.toISOString(),
    ],
  );
  return rows[0] as StoredInvitation;
}

/** The site's invitation with this token hash (used or expired included), or null. */
export async function findInvitation(
  q: Executor,
  siteId: number,
  tokenHash: string,
): Promise<StoredInvitation | null> {
  const { rows } = await q.query<StoredInvitation>(
    `SELECT ${INVITATION_COLUMNS} FROM staff_invitations WHERE site_id = $1 AND token_hash = $2`,
    [siteId, tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Uses the site's invitation: marks it used if it is unused and unexpired at `now`, and returns it;
 * null otherwise. The one write decides a race between two acceptances.
 */
export async function claimInvitation(
  q: Executor,
  siteId: number,
  tokenHash: string,
  now: Date,
): Promise<StoredInvitation | null> {
  const { rows } = await q.query<StoredInvitation>(
    `UPDATE staff_invitations SET used_at = $3
     WHERE site_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING ${INVITATION_COLUMNS}`,
    [siteId, tokenHash, now.toISOString()],
  );
  return rows[0] ?? null;
}

/** A stored staff session with its member. */
export interface StaffSessionRow {
  member: StoredStaffMember;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** Stores a session by its token's hash. */
export async function insertStaffSession(
  q: Executor,
  session: { tokenHash: string; memberId: number; siteId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO staff_sessions (token_hash, member_id, site_id, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $4, $5)`,
    [
      session.tokenHash,
      session.memberId,
      session.siteId,
      session.createdAt.toISOString(),
      session.expiresAt.toISOString(),
    ],
  );
}

/**
 * The active member of a live session started on this site: before its absolute end, seen within
 * `idleMs`, the member of this site and not disabled. Null otherwise.
 */
export async function findStaffSession(
  q: Executor,
  tokenHash: string,
  siteId: number,
  now: Date,
  idleMs: number,
): Promise<StaffSessionRow | null> {
  const { rows } = await q.query<
    StoredStaffMember & {
      session_created_at: string;
      session_last_seen_at: string;
      session_expires_at: string;
    }
  >(
    `SELECT ${MEMBER_COLUMNS.split(', ')
      .map((column) => `m.${column}`)
      .join(', ')}, s.created_at AS session_created_at, s.last_seen_at AS session_last_seen_at,
            s.expires_at AS session_expires_at
     FROM staff_sessions s JOIN staff_members m ON m.id = s.member_id
     WHERE s.token_hash = $1 AND s.site_id = $2 AND m.site_id = $2 AND m.disabled_at IS NULL
       AND s.expires_at > $3 AND s.last_seen_at > $4`,
    [tokenHash, siteId, now.toISOString(), new Date(now.getTime() - idleMs).toISOString()],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_created_at, session_last_seen_at, session_expires_at, ...member } = row;
  return {
    member,
    createdAt: session_created_at,
    lastSeenAt: session_last_seen_at,
    expiresAt: session_expires_at,
  };
}

/** Records that a session was used at `now`. */
export async function touchStaffSession(q: Executor, tokenHash: string, now: Date): Promise<void> {
  await q.query('UPDATE staff_sessions SET last_seen_at = $2 WHERE token_hash = $1', [
    tokenHash,
    now.toISOString(),
  ]);
}

/** Ends one session. */
export async function deleteStaffSession(q: Executor, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash]);
}

/** Deletes sessions past their end or idle since before `now - idleMs`; returns how many. */
export async function deleteExpiredStaffSessions(q: Executor, now: Date, idleMs: number): Promise<number> {
  const { rows } = await q.query<{ token_hash: string }>(
    'DELETE FROM staff_sessions WHERE expires_at <= $1 OR last_seen_at <= $2 RETURNING token_hash',
    [now.toISOString(), new Date(now.getTime() - idleMs).toISOString()],
  );
  return rows.length;
}

/** The site's invitations neither used nor expired at `now`, newest first. */
export async function listPendingInvitations(
  q: Executor,
  siteId: number,
  now: Date,
): Promise<StoredInvitation[]> {
  const { rows } = await q.query<StoredInvitation>(
    `SELECT ${INVITATION_COLUMNS} FROM staff_invitations
     WHERE site_id = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY created_at DESC, id DESC`,
    [siteId, now.toISOString()],
  );
  return rows;
}
