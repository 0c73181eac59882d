import {
  type AuditLogAnswer,
  auditLogEndpoint,
  type auditLogRequest,
  type PendingInvitation,
  type StaffInviteInput,
  type StaffListAnswer,
  type StaffListMember,
  type StaffRoleChange,
  staffInviteEndpoint,
  type staffInviteRequest,
  staffListEndpoint,
  staffMeEndpoint,
  staffRemoveEndpoint,
  type staffRemoveRequest,
  staffRoleEndpoint,
  type staffRoleRequest,
  totpConfirmEndpoint,
  type totpConfirmRequest,
  totpDisableEndpoint,
  type totpDisableRequest,
  totpEnrolEndpoint,
} from '../../domain/contracts/console-staff.ts';
import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import type { StaffMember } from '../../domain/staff.ts';
import { call, type Http } from '../http.ts';

/** The staff page's data: the site's members and pending invitations, and the signed-in member. */
export interface StaffPageData extends StaffListAnswer {
  me: StaffMember;
}

/** The staff page's data (`GET /api/dealer/staff` for a manager; a sales member sees only themselves). */
export async function fetchStaffPage(http: Http): Promise<StaffPageData> {
  const { member } = await call(http, staffMeEndpoint);
  if (member.role !== 'manager') return { me: member, members: [], invitations: [] };
  const list = await call(http, staffListEndpoint);
  return { me: member, ...list };
}

/** Invites a member by email (`POST /api/dealer/staff/invitations`); the link is emailed at once. */
export async function inviteStaffMember(http: Http, input: StaffInviteInput): Promise<PendingInvitation> {
  const body = { email: input.email, role: input.role } satisfies EveryFieldOf<typeof staffInviteRequest>;
  return (
    await call<typeof staffInviteEndpoint, typeof staffInviteRequest>(http, staffInviteEndpoint, { body })
  ).invitation;
}

/** Changes a member's role. */
export async function changeStaffRole(http: Http, input: StaffRoleChange): Promise<StaffListMember> {
  const body = { role: input.role } satisfies EveryFieldOf<typeof staffRoleRequest>;
  return (
    await call<typeof staffRoleEndpoint, typeof staffRoleRequest>(http, staffRoleEndpoint, {
      params: { id: input.id },
      body,
    })
  ).member;
}

/** Removes (disables) a member. */
export async function removeStaffMember(http: Http, id: number): Promise<StaffListMember> {
  return (
    await call<typeof staffRemoveEndpoint, typeof staffRemoveRequest>(http, staffRemoveEndpoint, {
      params: { id },
    })
  ).member;
}

/** Starts two-step sign-in for oneself: a secret and its `otpauth://` URI, shown once. */
export function enrolTotp(http: Http): Promise<{ secret: string; otpauth_uri: string }> {
  return call(http, totpEnrolEndpoint);
}

/** Turns two-step sign-in on with a code from the new secret. */
export async function confirmTotp(http: Http, code: string): Promise<StaffMember> {
  const body = { code } satisfies EveryFieldOf<typeof totpConfirmRequest>;
  return (
    await call<typeof totpConfirmEndpoint, typeof totpConfirmRequest>(http, totpConfirmEndpoint, { body })
  ).member;
}

/** Turns two-step sign-in off with a current code. */
export async function disableTotp(http: Http, code: string): Promise<StaffMember> {
  const body = { code } satisfies EveryFieldOf<typeof totpDisableRequest>;
  return (
    await call<typeof totpDisableEndpoint, typeof totpDisableRequest>(http, totpDisableEndpoint, { body })
  ).member;
}

/** One page of the audit log, newest first. */
export function fetchAuditLog(http: Http, page: number): Promise<AuditLogAnswer> {
  return call<typeof auditLogEndpoint, typeof auditLogRequest>(http, auditLogEndpoint, { query: { page } });
}
