import { generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * Two-step sign-in for staff (issue 36 item 2, decision 125): RFC 6238 codes (SHA-1, 6 digits, 30 s)
 * with `otplib`, as every authenticator app reads them. A code is accepted one step either side of
 * now (a phone's clock drifts), and never twice: the store keeps the last step used.
 */

/** A code's tolerance either side of now, in seconds (one step). */
const TOLERANCE_SECONDS = 30;

/** A new secret (160 bits, Base32), shown once at enrolment. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://` URI an authenticator app reads (as a QR code or typed): issuer the dealer, label the email. */
export function totpUri(dealer: string, email: string, secret: string): string {
  return generateURI({ issuer: dealer, label: email, secret });
}

/**
 * The time step a code is valid for at `now` (within a step either side), later than `afterStep`;
 * null when it is not.
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code an authenticator shows at `now` (tests sign in with it). */
export function totpCode(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}
