import { z } from 'zod/mini';
import { emailSchema } from '../auth.ts';
import { staffRoleSchema } from '../staff.ts';
import { pendingInvitationSchema } from './console-staff.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `POST /api/admin/staff/invitations`: the operator's invitation (`npm run staff -- --tenant <slug>
 * --invite <email> --role manager|sales`, issue 36 item 2), handed to the server that holds the
 * store. Bearer admin token only — the token stays with the operator's CLIs; a dealer's staff run
 * their own from the console. 404 `unknown_tenant`, 409 `already_member`.
 */
export const staffAdminInviteEndpoint = {
  method: 'POST',
  path: '/api/admin/staff/invitations',
  answer: z.object({ invitation: pendingInvitationSchema, emailed: z.boolean(), to: z.string() }),
  status: 201,
} as const satisfies Endpoint;
export const staffAdminInviteRequest = withRequest(staffAdminInviteEndpoint, () => ({
  errors: ['unauthorized', 'unknown_tenant', 'already_member'],
  body: z.object({
    tenant: z.string().check(z.minLength(1), z.maxLength(100)),
    email: emailSchema,
    role: staffRoleSchema,
  }),
}));
