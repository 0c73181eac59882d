import { createHash, randomBytes } from 'node:crypto';
import type { PendingInvitation } from '../../../domain/contracts/console-staff.ts';
import { INVITATION_HOURS, STAFF_MESSAGES, type StaffRole } from '../../../domain/staff.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { hashPassword } from '../../auth/password.ts';
import type { PasswordHasher } from '../../auth/password-hasher.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Db } from '../../store/db.ts';
import {
  claimInvitation,
  findInvitation,
  findStaffByEmail,
  insertInvitation,
  insertStaffMember,
  resetStaffMember,
  type StoredInvitation,
  type StoredStaffMember,
} from '../../store/staff.repo.ts';
import { recordAudit } from '../audit.ts';
import { createStaffSessionToken } from '../staff-session.ts';

/**
 * Staff invitations (issue 36 item 2, decision 125): an emailed link on the dealer's own site that
 * works once, for 72 hours. The operator (`npm run staff`) or a manager invites; opening it, the new
 * member chooses a name and password and is signed in. Only the token's SHA-256 is stored.
 */

/** The console's page an invitation links to. */
export const INVITATION_PATH = '/dealer/invitation';

/** What sending and accepting invitations need. */
export interface InvitationDeps {
  db: Db;
  now: () => Date;
  /** Where the invitation goes; without it (a test server) nothing is sent. */
  mail?: { mailer: Mailer; from: string };
  logger?: Pick<Logger, 'error'>;
  hasher?: PasswordHasher;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** An invitation as the staff page lists it. */
export function toPendingInvitation(row: StoredInvitation): PendingInvitation {
  return { id: row.id, email: row.email, role: row.role, expires_at: row.expires_at };
}

/** The invitation email's text. */
export function invitationEmailText(
  site: SiteConfig,
  role: StaffRole,
  link: string,
  inviter: string | null,
): string {
  const who = inviter ? `${inviter} has invited you` : 'You are invited';
  return [
    `${who} to join the ${site.name} dealer console as ${role === 'manager' ? 'a manager' : 'a member of the sales team'}.`,
    'Open this link to choose your name and password:',
    '',
    link,
    '',
    `The link works once, for ${INVITATION_HOURS} hours. If you did not expect this email, ignore it: nothing happens without the link.`,
  ].join('\n');
}

/**
 * Invites `email` to the site's staff as `role`: stores the invitation with its audit entry in one
 * transaction, then emails the link at once (account mail is not queued, decision 109). Refused when
 * an active member has the email. `emailed` is false when the mail could not be sent (logged): the
 * invitation stays, and inviting again sends a new one.
 */
export async function inviteStaff(
  deps: InvitationDeps,
  invite: {
    site: SiteConfig;
    email: string;
    role: StaffRole;
    invitedBy: { id: number; name: string } | null;
    /** The dealer site's origin the link opens on (`emailLinkOrigin`). */
    origin: string;
  },
): Promise<
  { ok: true; invitation: PendingInvitation; emailed: boolean } | { ok: false; code: 'already_member' }
> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const stored = await deps.db.transaction(async (tx) => {
    const existing = await findStaffByEmail(tx, invite.site.id, invite.email);
    if (existing && existing.disabled_at === null) return null;
    const invitation = await insertInvitation(tx, {
      tokenHash: tokenHash(token),
      siteId: invite.site.id,
      email: invite.email,
      role: invite.role,
      invitedBy: invite.invitedBy?.id ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
    });
    await recordAudit(tx, {
      siteId: invite.site.id,
      staffId: invite.invitedBy?.id ?? null,
      action: 'staff.invite',
      subject: `invitation ${invite.email}`,
      detail: { email: invite.email, role: invite.role, by: invite.invitedBy ? 'manager' : 'operator' },
      at: now,
    });
    return invitation;
  });
  if (!stored) return { ok: false, code: 'already_member' };
  const link = new URL(INVITATION_PATH, invite.origin);
  link.searchParams.set('token', token);
  let emailed = false;
  if (deps.mail) {
    try {
      await deps.mail.mailer.send({
        to: invite.email,
        from: deps.mail.from,
        subject: `Your invitation to the dealer console - ${invite.site.name}`,
        text: invitationEmailText(invite.site, invite.role, link.toString(), invite.invitedBy?.name ?? null),
        fileName: `staff-invitation-${now.getTime()}-${randomBytes(4).toString('hex')}.eml`,
      });
      emailed = true;
    } catch (error) {
      deps.logger?.error('Staff invitation not sent', { to: invite.email, error: String(error) });
    }
  }
  return { ok: true, invitation: toPendingInvitation(stored), emailed };
}

/** Why an invitation does not count: its message says so. */
export type InvitationRefusal = 'expired' | 'used' | 'unknown';

/** The message of a refused invitation. */
export function invitationRefusalMessage(reason: InvitationRefusal): string {
  if (reason === 'expired') return STAFF_MESSAGES.invitationExpired;
  if (reason === 'used') return STAFF_MESSAGES.invitationUsed;
  return STAFF_MESSAGES.invitationUnknown;
}

/** The site's open invitation for `token`, or why it does not count. */
export async function lookupInvitation(
  db: Db,
  siteId: number,
  token: string,
  now: Date,
): Promise<{ ok: true; invitation: StoredInvitation } | { ok: false; reason: InvitationRefusal }> {
  const invitation = await findInvitation(db, siteId, tokenHash(token));
  if (!invitation) return { ok: false, reason: 'unknown' };
  if (invitation.used_at !== null) return { ok: false, reason: 'used' };
  if (Date.parse(invitation.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, invitation };
}

class Refused extends Error {
  constructor(readonly reason: InvitationRefusal) {
    super(reason);
  }
}

/**
 * Accepts an invitation once: in one transaction it is marked used, the member is made (or a removed
 * member with that email comes back, with the invited role and no two-step sign-in), the audit entry
 * written and a session started; the session's token is returned for the cookie.
 */
export async function acceptInvitation(
  deps: InvitationDeps,
  accept: { siteId: number; token: string; name: string; password: string },
): Promise<
  { ok: true; member: StoredStaffMember; sessionToken: string } | { ok: false; reason: InvitationRefusal }
> {
  const now = deps.now();
  const open = await lookupInvitation(deps.db, accept.siteId, accept.token, now);
  // A dead token costs no hashing; the transaction checks it again.
  if (!open.ok) return open;
  const passwordHash = await hashPassword(accept.password, undefined, deps.hasher);
  try {
    return await deps.db.transaction(async (tx) => {
      const invitation = await claimInvitation(tx, accept.siteId, tokenHash(accept.token), now);
      if (!invitation) throw new Refused('used');
      const values = { name: accept.name, role: invitation.role, passwordHash };
      const existing = await findStaffByEmail(tx, accept.siteId, invitation.email);
      if (existing && existing.disabled_at === null) throw new Refused('used');
      const member = existing
        ? await resetStaffMember(tx, accept.siteId, existing.id, values)
        : await insertStaffMember(tx, { siteId: accept.siteId, email: invitation.email, ...values });
      if (!member) throw new Refused('used');
      await recordAudit(tx, {
        siteId: accept.siteId,
        staffId: member.id,
        action: 'staff.join',
        subject: `staff ${member.id}`,
        detail: { email: member.email, role: member.role, name: member.name },
        at: now,
      });
      const sessionToken = await createStaffSessionToken(tx, {
        memberId: member.id,
        siteId: accept.siteId,
        now,
      });
      return { ok: true as const, member, sessionToken };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}
