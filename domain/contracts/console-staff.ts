import { z } from 'zod/mini';
import { emailSchema, newPasswordSchema } from '../auth.ts';
import {
  invitationTokenSchema,
  staffMemberSchema,
  staffNameSchema,
  staffRoleSchema,
  totpCodeSchema,
} from '../staff.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The dealer console's accounts (issue 36 items 2 and 8, decision 125): signing in and out, the
 * invitation a new member accepts, the staff a manager runs, one's own two-step sign-in, and the
 * audit log. Every endpoint declares `staff`, which `serve()` enforces.
 */

/** The signed-in member: what signing in, accepting an invitation and `me` answer. */
export const staffSessionAnswerSchema = z.object({ member: staffMemberSchema });
/** The signed-in member's answer. */
export type StaffSessionAnswer = z.infer<typeof staffSessionAnswerSchema>;

/** What the console's sign-in form sends; `code` only once the answer asked for it. */
export const staffSignInSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Please enter your password'), z.maxLength(128)),
  code: z.optional(totpCodeSchema),
});
/** The sign-in form as typed. */
export type StaffSignInInput = z.input<typeof staffSignInSchema>;

/**
 * `POST /api/dealer/session/sign-in` (public): signs a member of this site in (the staff cookie).
 * 401 `invalid_credentials` for a wrong email or password (one answer for both); 401
 * `totp_required` when the member has two-step sign-in and sent no code, 401 `invalid_code` for a
 * wrong one; 429 past the sign-in limits.
 */
export const staffSignInEndpoint = {
  method: 'POST',
  path: '/api/dealer/session/sign-in',
  answer: staffSessionAnswerSchema,
  staff: 'public',
} as const satisfies Endpoint;
export const staffSignInRequest = withRequest(staffSignInEndpoint, () => ({
  body: staffSignInSchema,
  errors: ['invalid_credentials', 'totp_required', 'invalid_code'],
}));

/** `POST /api/dealer/session/sign-out` (sales): ends this session. */
export const staffSignOutEndpoint = {
  method: 'POST',
  path: '/api/dealer/session/sign-out',
  answer: z.object({ signed_out: z.literal(true) }),
  staff: 'sales',
} as const satisfies Endpoint;

/** `GET /api/dealer/me` (sales): the signed-in member (401 signed out, as every console endpoint). */
export const staffMeEndpoint = {
  method: 'GET',
  path: '/api/dealer/me',
  answer: staffSessionAnswerSchema,
  staff: 'sales',
} as const satisfies Endpoint;

/** An open invitation, as its page shows it before it is accepted. */
export const invitationLookupAnswerSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  dealer: z.string(),
  expires_at: z.string(),
});
/** An open invitation. */
export type InvitationLookupAnswer = z.infer<typeof invitationLookupAnswerSchema>;

/**
 * `GET /api/dealer/invitation?token=` (public): the invitation's email, role and dealer; 410
 * `invalid_invitation` (its message says whether it expired, was used or is unknown) otherwise.
 */
export const invitationLookupEndpoint = {
  method: 'GET',
  path: '/api/dealer/invitation',
  answer: invitationLookupAnswerSchema,
  staff: 'public',
} as const satisfies Endpoint;
export const invitationLookupRequest = withRequest(invitationLookupEndpoint, () => ({
  query: z.object({ token: invitationTokenSchema }),
  errors: ['invalid_invitation'],
}));

/** What the invitation page sends: the token, and the new member's name and password. */
export const invitationAcceptSchema = z.object({
  token: invitationTokenSchema,
  name: staffNameSchema,
  password: newPasswordSchema,
});
/** The invitation form as typed. */
export type InvitationAcceptInput = z.input<typeof invitationAcceptSchema>;

/**
 * `POST /api/dealer/invitation/accept` (public): uses the invitation once — the member is created (or a
 * removed one comes back) with this name, password and the invited role — and signs in. A used,
 * expired or unknown token is 410 `invalid_invitation`.
 */
export const invitationAcceptEndpoint = {
  method: 'POST',
  path: '/api/dealer/invitation/accept',
  answer: staffSessionAnswerSchema,
  status: 201,
  staff: 'public',
} as const satisfies Endpoint;
export const invitationAcceptRequest = withRequest(invitationAcceptEndpoint, () => ({
  body: invitationAcceptSchema,
  errors: ['invalid_invitation'],
}));

/** A member as the staff page lists them. */
export const staffListMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  totp_enabled: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
});
/** A listed member. */
export type StaffListMember = z.infer<typeof staffListMemberSchema>;

/** An invitation sent and not yet used nor expired. */
export const pendingInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: staffRoleSchema,
  expires_at: z.string(),
});
/** A pending invitation. */
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** The staff page's data. */
export const staffListAnswerSchema = z.object({
  members: z.array(staffListMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
/** The staff page's data. */
export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

/** `GET /api/dealer/staff` (manager): the site's members (active first) and its pending invitations. */
export const staffListEndpoint = {
  method: 'GET',
  path: '/api/dealer/staff',
  answer: staffListAnswerSchema,
  staff: 'manager',
} as const satisfies Endpoint;

/** What a manager's invitation form sends. */
export const staffInviteSchema = z.object({ email: emailSchema, role: staffRoleSchema });
/** The invitation form as typed. */
export type StaffInviteInput = z.input<typeof staffInviteSchema>;

/**
 * `POST /api/dealer/staff/invitations` (manager): emails a one-use link that works 72 hours to the
 * address; 409 `already_member` when an active member has it.
 */
export const staffInviteEndpoint = {
  method: 'POST',
  path: '/api/dealer/staff/invitations',
  /** `emailed` is false when the mail could not be sent: the invitation stays, and inviting again sends another. */
  answer: z.object({ invitation: pendingInvitationSchema, emailed: z.boolean() }),
  status: 201,
  staff: 'manager',
} as const satisfies Endpoint;
export const staffInviteRequest = withRequest(staffInviteEndpoint, () => ({
  body: staffInviteSchema,
  errors: ['already_member'],
}));

const memberParams = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

/** The staff page's change of role. */
export type StaffRoleChange = { id: number; role: z.infer<typeof staffRoleSchema> };

/**
 * `POST /api/dealer/staff/:id/role` (manager): changes an active member's role; 409 `last_manager`
 * when it would leave the site with no manager.
 */
export const staffRoleEndpoint = {
  method: 'POST',
  path: '/api/dealer/staff/:id/role',
  answer: z.object({ member: staffListMemberSchema }),
  staff: 'manager',
} as const satisfies Endpoint;
export const staffRoleRequest = withRequest(staffRoleEndpoint, () => ({
  params: memberParams,
  body: z.object({ role: staffRoleSchema }),
  errors: ['last_manager'],
}));

/**
 * `POST /api/dealer/staff/:id/remove` (manager): disables a member and ends their sessions (their audit
 * entries stay); 409 `last_manager` for the site's last manager.
 */
export const staffRemoveEndpoint = {
  method: 'POST',
  path: '/api/dealer/staff/:id/remove',
  answer: z.object({ member: staffListMemberSchema }),
  staff: 'manager',
} as const satisfies Endpoint;
export const staffRemoveRequest = withRequest(staffRemoveEndpoint, () => ({
  params: memberParams,
  errors: ['last_manager'],
}));

/**
 * `POST /api/dealer/account/totp/enrol` (sales, for oneself): a new secret and its `otpauth://` URI,
 * shown once; it counts only once a code from it is confirmed. 409 `totp_enabled` when it is on already.
 */
export const totpEnrolEndpoint = {
  method: 'POST',
  path: '/api/dealer/account/totp/enrol',
  answer: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  staff: 'sales',
} as const satisfies Endpoint;
export const totpEnrolRequest = withRequest(totpEnrolEndpoint, () => ({ errors: ['totp_enabled'] }));

/** What the two-step forms send: a code from the authenticator app. */
export const totpCodeBodySchema = z.object({ code: totpCodeSchema });
/** A code as typed. */
export type TotpCodeInput = z.input<typeof totpCodeBodySchema>;

/**
 * `POST /api/dealer/account/totp/confirm` (sales): turns two-step sign-in on with a code from the
 * enrolled secret; 422 `invalid_code` for a wrong one, 409 `no_enrolment` without an enrolment.
 */
export const totpConfirmEndpoint = {
  method: 'POST',
  path: '/api/dealer/account/totp/confirm',
  answer: staffSessionAnswerSchema,
  staff: 'sales',
} as const satisfies Endpoint;
export const totpConfirmRequest = withRequest(totpConfirmEndpoint, () => ({
  body: totpCodeBodySchema,
  errors: ['invalid_code', 'no_enrolment'],
}));

/** `POST /api/dealer/account/totp/disable` (sales): turns it off with a current code; 422 `invalid_code`. */
export const totpDisableEndpoint = {
  method: 'POST',
  path: '/api/dealer/account/totp/disable',
  answer: staffSessionAnswerSchema,
  staff: 'sales',
} as const satisfies Endpoint;
export const totpDisableRequest = withRequest(totpDisableEndpoint, () => ({
  body: totpCodeBodySchema,
  errors: ['invalid_code', 'totp_off'],
}));

/** One entry of the audit log. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** Who: a member's name and email, or null for the operator. */
  by: z.nullable(z.object({ name: z.string(), email: z.string() })),
});
/** One audit entry. */
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** A page of the audit log. */
export const auditLogAnswerSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
/** A page of the audit log. */
export type AuditLogAnswer = z.infer<typeof auditLogAnswerSchema>;

/** Entries on one page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/dealer/audit?page=` (manager): the site's audit log, newest first, 50 a page (from 1). */
export const auditLogEndpoint = {
  method: 'GET',
  path: '/api/dealer/audit',
  answer: auditLogAnswerSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const auditLogRequest = withRequest(auditLogEndpoint, () => ({
  query: z.object({
    page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100_000)), 1),
  }),
}));
