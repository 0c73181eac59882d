import {
  type InvitationAcceptInput,
  type InvitationLookupAnswer,
  invitationAcceptEndpoint,
  type invitationAcceptRequest,
  invitationLookupEndpoint,
  type invitationLookupRequest,
  type StaffSignInInput,
  staffMeEndpoint,
  staffSignInEndpoint,
  type staffSignInRequest,
  staffSignOutEndpoint,
} from '../../domain/contracts/console-staff.ts';
import type { StaffMember } from '../../domain/staff.ts';
import { call, type Http } from '../http.ts';

/** The signed-in member (`GET /api/dealer/me`); a 401 `unauthorized` when signed out. */
export async function fetchConsoleMember(http: Http): Promise<StaffMember> {
  return (await call(http, staffMeEndpoint)).member;
}

/**
 * Signs a member in (`POST /api/dealer/session/sign-in`); the server sets the staff cookie. Rejects
 * with the server's code: `invalid_credentials`, `totp_required` (ask for the code and send again with
 * it), `invalid_code`, `rate_limited` (429).
 */
export async function signInToConsole(http: Http, input: StaffSignInInput): Promise<StaffMember> {
  const body: StaffSignInInput = {
    email: input.email,
    password: input.password,
    ...(input.code ? { code: input.code } : {}),
  };
  const answer = await call<typeof staffSignInEndpoint, typeof staffSignInRequest>(
    http,
    staffSignInEndpoint,
    {
      body,
    },
  );
  return answer.member;
}

/** Ends this console session (`POST /api/dealer/session/sign-out`). */
export async function signOutOfConsole(http: Http): Promise<void> {
  await call(http, staffSignOutEndpoint);
}

/** An open invitation (`GET /api/dealer/invitation?token=`); 410 `invalid_invitation` says why not. */
export function lookUpInvitation(http: Http, token: string): Promise<InvitationLookupAnswer> {
  return call<typeof invitationLookupEndpoint, typeof invitationLookupRequest>(
    http,
    invitationLookupEndpoint,
    {
      query: { token },
    },
  );
}

/** Accepts an invitation with the new member's name and password, and signs them in. */
export async function acceptInvitation(http: Http, input: InvitationAcceptInput): Promise<StaffMember> {
  const body: InvitationAcceptInput = { token: input.token, name: input.name, password: input.password };
  const answer = await call<typeof invitationAcceptEndpoint, typeof invitationAcceptRequest>(
    http,
    invitationAcceptEndpoint,
    { body },
  );
  return answer.member;
}
