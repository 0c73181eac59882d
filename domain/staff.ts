import { z } from 'zod/mini';

/**
 * The dealer console's staff (issue 36 item 2): each dealer site has its own members, invited by the
 * operator or a manager. A manager may do everything, staff included; a sales member works the leads
 * and reservations.
 */

/** The roles: a `manager` may do all a `sales` member may, and run the staff. */
export const STAFF_ROLES = ['manager', 'sales'] as const;
/** manager or sales. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A role as the console names it. */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = { manager: 'Manager', sales: 'Sales' };

/** A role, as every boundary reads it. */
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** A member of a dealer's staff, as the console and the server's handlers see them (no secrets). */
export const staffMemberSchema = z.object({
  id: z.int().check(z.positive()),
  site_id: z.int().check(z.positive()),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  totp_enabled: z.boolean(),
});
/** A member of a dealer's staff. */
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Who may call a console endpoint: any signed-in member (`sales`), managers only, or anyone (`public`). */
export type StaffAccess = StaffRole | 'public';

/** Whether a member of `role` may do what needs `needed`. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return needed === 'sales' || role === 'manager';
}

/** The console's texts for its staff forms and answers (the spec gives none). */
export const STAFF_MESSAGES = {
  name: 'Please enter your name',
  code: 'Enter the 6-digit code from your authenticator app',
  signInFailed: 'The email or password is not right',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not right. Check your authenticator app and try again',
  invitationExpired: 'This invitation has expired. Ask your manager to send a new one.',
  invitationUsed: 'This invitation was already used. Sign in, or ask your manager to send a new one.',
  invitationUnknown: 'This invitation link is not valid. Ask your manager to send a new one.',
  alreadyMember: 'This email already belongs to a member of your staff',
  lastManager: 'The dealership needs at least one manager',
  signedOut: 'Sign in to the dealer console',
  managerOnly: 'Only a manager may do this',
} as const;

/** A member's name as typed: 1 to 100 characters, trimmed. */
export const staffNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, STAFF_MESSAGES.name), z.maxLength(100, STAFF_MESSAGES.name));

/** A TOTP code as typed: six digits, spaces allowed between them. */
export const totpCodeSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(20, STAFF_MESSAGES.code)),
    z.transform((value: string) => value.replace(/\s+/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/, STAFF_MESSAGES.code)),
);

/** An invitation's token as its link carries it (32 random bytes, base64url). */
export const invitationTokenSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, STAFF_MESSAGES.invitationUnknown));

/** How long an emailed invitation works. */
export const INVITATION_HOURS = 72;
