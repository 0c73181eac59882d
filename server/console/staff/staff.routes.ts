import {
  AUDIT_PAGE_SIZE,
  auditLogRequest,
  invitationAcceptRequest,
  invitationLookupRequest,
  staffInviteRequest,
  staffListEndpoint,
  staffMeEndpoint,
  staffRemoveRequest,
  staffRoleRequest,
  staffSignInRequest,
  staffSignOutEndpoint,
  totpConfirmRequest,
  totpDisableRequest,
  totpEnrolRequest,
} from '../../../domain/contracts/console-staff.ts';
import { STAFF_MESSAGES, type StaffMember } from '../../../domain/staff.ts';
import { apiError } from '../../api/api-error.ts';
import { type ApiContext, type ServedEndpoint, serve } from '../../api/serve.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import { HashingBusyError, type PasswordHasher, sharedHasher } from '../../auth/password-hasher.ts';
import {
  ACCOUNT_BUCKET,
  AUTH_BUCKET,
  type LimiterFactory,
  limiterFor,
  rateLimit,
  tooManyRequests,
} from '../../auth/rate-limit.ts';
import type { Logger } from '../../logger.ts';
import { emailLinkOrigin } from '../../mail/link-origin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { listAuditEntries } from '../../store/audit.repo.ts';
import type { Db } from '../../store/db.ts';
import {
  clearTotp,
  confirmTotp,
  findStaffByEmail,
  findStaffById,
  listPendingInvitations,
  listStaff,
  setPendingTotp,
  setStaffPasswordHash,
  takeTotpStep,
  toStaffMember,
} from '../../store/staff.repo.ts';
import { recordAudit } from '../audit.ts';
import { endStaffSession, setStaffCookie, startStaffSession } from '../staff-session.ts';
import {
  acceptInvitation,
  invitationRefusalMessage,
  inviteStaff,
  lookupInvitation,
  toPendingInvitation,
} from './invitations.ts';
import { changeStaffRole, removeStaff, toStaffListMember } from './staff-changes.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

/** What the staff routes use. */
export interface StaffConsoleDeps {
  db: Db;
  /** The clock of sessions, invitations and codes (tests pin it); the system clock by default. */
  now?: () => Date;
  /** Where invitations go and their sender; without it (a test server) they are not sent. */
  mail?: { mailer: Mailer; from: string };
  /** The rate limits' buckets, shared through PostgreSQL when the store is (decision 093). */
  limiters?: LimiterFactory;
  /** The password hasher (the process's shared one by default). */
  hasher?: PasswordHasher;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Runs a handler that hashes; a full hashing queue is a 429 with `Retry-After`, not a wait. */
async function hashing<T>(c: ApiContext, handler: () => Promise<Response | T>) {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof HashingBusyError) return tooManyRequests(c, error.retryAfterSeconds);
    throw error;
  }
}

/** The member `serve()` let through (a `sales` or `manager` endpoint always has one). */
function memberOf(c: ApiContext): StaffMember {
  const member = c.get('staff');
  if (!member) throw new Error('A staff endpoint ran without a member');
  return member;
}

const notFound = (c: ApiContext) => apiError(c, 404, 'not_found', 'There is no such member of your staff');
const lastManager = (c: ApiContext) => apiError(c, 409, 'last_manager', STAFF_MESSAGES.lastManager);
const invalidCode = (c: ApiContext) =>
  apiError(c, 422, 'invalid_code', STAFF_MESSAGES.codeWrong, { code: STAFF_MESSAGES.codeWrong });

/**
 * The console's accounts (issue 36 items 2 and 8; contracts in `domain/contracts/console-staff.ts`):
 * sign-in (limited per address and per member, the same work for an unknown email, a code when the
 * member has two-step sign-in), sign-out, the invitation's look-up and acceptance, the staff a manager
 * runs, one's own two-step sign-in, and the audit log. Every change writes its audit entry in its own
 * transaction; `serve()` enforces each contract's `staff`.
 */
export function staffConsoleEndpoints(deps: StaffConsoleDeps): ServedEndpoint[] {
  const now = deps.now ?? (() => new Date());
  const hasher = deps.hasher ?? sharedHasher();
  const limiter = limiterFor(deps, AUTH_BUCKET, 'staff-auth');
  const accountLimiter = limiterFor(deps, ACCOUNT_BUCKET, 'staff-account');
  const invitationDeps = {
    db: deps.db,
    now,
    hasher,
    ...(deps.mail ? { mail: deps.mail } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  };
  return [
    serve(
      staffSignInRequest,
      (c, { body: { email, password, code } }) =>
        hashing(c, async () => {
          const siteId = c.get('site').id;
          const wait = await accountLimiter.take(`${siteId} ${email}`);
          if (wait > 0) return tooManyRequests(c, wait);
          const found = await findStaffByEmail(deps.db, siteId, email);
          const member = found?.disabled_at === null ? found : null;
          // An unknown or removed member costs the same hashing as a wrong password.
          const matches = await verifyPassword(
            password,
            member?.password_hash ?? (await dummyHash(hasher)),
            hasher,
          );
          if (!member || !matches)
            return apiError(c, 401, 'invalid_credentials', STAFF_MESSAGES.signInFailed);
          if (member.totp_secret !== null) {
            if (!code) {
              return apiError(c, 401, 'totp_required', STAFF_MESSAGES.codeRequired, {
                code: STAFF_MESSAGES.codeRequired,
              });
            }
            const at = now();
            const step = await totpStep(member.totp_secret, code, at, member.totp_last_step);
            if (step === null || !(await takeTotpStep(deps.db, member.id, step))) {
              return apiError(c, 401, 'invalid_code', STAFF_MESSAGES.codeWrong, {
                code: STAFF_MESSAGES.codeWrong,
              });
            }
          }
          if (needsRehash(member.password_hash)) {
            await setStaffPasswordHash(deps.db, member.id, await hashPassword(password, undefined, hasher));
          }
          await startStaffSession(c, deps.db, member.id, now());
          return { member: toStaffMember(member) };
        }),
      [rateLimit(limiter, 'dealer/sign-in')],
    ),
    serve(staffSignOutEndpoint, async (c) => {
      await endStaffSession(c, deps.db);
      return { signed_out: true as const };
    }),
    serve(staffMeEndpoint, (c) => ({ member: memberOf(c) })),
    serve(
      invitationLookupRequest,
      async (c, { query: { token } }) => {
        const site = c.get('site');
        const open = await lookupInvitation(deps.db, site.id, token, now());
        if (!open.ok) return apiError(c, 410, 'invalid_invitation', invitationRefusalMessage(open.reason));
        const { email, role, expires_at } = open.invitation;
        return { email, role, dealer: site.name, expires_at };
      },
      [rateLimit(limiter, 'dealer/invitation')],
    ),
    serve(
      invitationAcceptRequest,
      (c, { body: { token, name, password } }) =>
        hashing(c, async () => {
          const accepted = await acceptInvitation(invitationDeps, {
            siteId: c.get('site').id,
            token,
            name,
            password,
          });
          if (!accepted.ok)
            return apiError(c, 410, 'invalid_invitation', invitationRefusalMessage(accepted.reason));
          setStaffCookie(c, accepted.sessionToken);
          return { member: toStaffMember(accepted.member) };
        }),
      [rateLimit(limiter, 'dealer/invitation')],
    ),
    serve(staffListEndpoint, async (c) => {
      const siteId = c.get('site').id;
      const [members, invitations] = await Promise.all([
        listStaff(deps.db, siteId),
        listPendingInvitations(deps.db, siteId, now()),
      ]);
      return { members: members.map(toStaffListMember), invitations: invitations.map(toPendingInvitation) };
    }),
    serve(staffInviteRequest, async (c, { body: { email, role } }) => {
      const by = memberOf(c);
      const sent = await inviteStaff(invitationDeps, {
        site: c.get('site'),
        email,
        role,
        invitedBy: { id: by.id, name: by.name },
        origin: emailLinkOrigin(c),
      });
      if (!sent.ok)
        return apiError(c, 409, 'already_member', STAFF_MESSAGES.alreadyMember, {
          email: STAFF_MESSAGES.alreadyMember,
        });
      return { invitation: sent.invitation, emailed: sent.emailed };
    }),
    serve(staffRoleRequest, async (c, { params: { id }, body: { role } }) => {
      const changed = await changeStaffRole(deps.db, memberOf(c), { id, role, now: now() });
      if (changed.ok) return { member: changed.member };
      return changed.code === 'not_found' ? notFound(c) : lastManager(c);
    }),
    serve(staffRemoveRequest, async (c, { params: { id } }) => {
      const removed = await removeStaff(deps.db, memberOf(c), { id, now: now() });
      if (removed.ok) return { member: removed.member };
      return removed.code === 'not_found' ? notFound(c) : lastManager(c);
    }),
    serve(
      totpEnrolRequest,
      async (c) => {
        const member = memberOf(c);
        if (member.totp_enabled) {
          return apiError(
            c,
            409,
            'totp_enabled',
            'Two-step sign-in is on already. Turn it off first to enrol again.',
          );
        }
        const secret = newTotpSecret();
        await setPendingTotp(deps.db, member.id, secret);
        return { secret, otpauth_uri: totpUri(c.get('site').name, member.email, secret) };
      },
      [rateLimit(limiter, 'dealer/totp')],
    ),
    serve(
      totpConfirmRequest,
      async (c, { body: { code } }) => {
        const member = memberOf(c);
        const stored = await findStaffById(deps.db, member.site_id, member.id);
        if (!stored?.totp_pending_secret) {
          return apiError(c, 409, 'no_enrolment', 'Start again: ask for a new secret first.');
        }
        const at = now();
        const step = await totpStep(stored.totp_pending_secret, code, at, null);
        if (step === null) return invalidCode(c);
        await deps.db.transaction(async (tx) => {
          await confirmTotp(tx, member.id, step);
          await recordAudit(tx, {
            siteId: member.site_id,
            staffId: member.id,
            action: 'staff.totp_enable',
            subject: `staff ${member.id}`,
            at,
          });
        });
        return { member: { ...member, totp_enabled: true } };
      },
      [rateLimit(limiter, 'dealer/totp')],
    ),
    serve(
      totpDisableRequest,
      async (c, { body: { code } }) => {
        const member = memberOf(c);
        const stored = await findStaffById(deps.db, member.site_id, member.id);
        if (!stored?.totp_secret) {
          return apiError(c, 409, 'totp_off', 'Two-step sign-in is off already.');
        }
        const at = now();
        const step = await totpStep(stored.totp_secret, code, at, stored.totp_last_step);
        if (step === null) return invalidCode(c);
        const done = await deps.db.transaction(async (tx) => {
          if (!(await takeTotpStep(tx, member.id, step))) return false;
          await clearTotp(tx, member.id);
          await recordAudit(tx, {
            siteId: member.site_id,
            staffId: member.id,
            action: 'staff.totp_disable',
            subject: `staff ${member.id}`,
            at,
          });
          return true;
        });
        if (!done) return invalidCode(c);
        return { member: { ...member, totp_enabled: false } };
      },
      [rateLimit(limiter, 'dealer/totp')],
    ),
    serve(auditLogRequest, async (c, { query: { page } }) => {
      const { entries, total } = await listAuditEntries(deps.db, c.get('site').id, {
        limit: AUDIT_PAGE_SIZE,
        offset: (page - 1) * AUDIT_PAGE_SIZE,
      });
      return {
        entries: entries.map((entry) => ({
          id: entry.id,
          at: entry.at,
          action: entry.action,
          subject: entry.subject,
          detail: entry.detail,
          by:
            entry.staff_name !== null && entry.staff_email !== null
              ? { name: entry.staff_name, email: entry.staff_email }
              : null,
        })),
        page,
        pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
        total,
      };
    }),
  ];
}
