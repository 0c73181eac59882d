import { z } from 'zod/mini';
import type { AuthUser } from './contracts/session.ts';

/**
 * Accounts (`search-detail-finance-watchlist.md` §6, `locations-forms-tradein-site.md` §3 "User: id,
 * phone" and §6): a shopper signs up and in with email and password, and may add a phone number —
 * which the watchlist needs (§5 "Saving to the watchlist requires a phone number on record").
 */

/** Why a shopper is sent to sign in: `/sign-in?type=…` (both documents, §2 Routes). */
export const signInTypeSchema = z.enum(['watchlist', 'checkout', 'finance', 'trade-in']);
/** watchlist, checkout, finance or trade-in. */
export type SignInType = z.infer<typeof signInTypeSchema>;

/** The `type` query parameter, or null when missing or not one the spec names. */
export function parseSignInType(value: string | null | undefined): SignInType | null {
  const parsed = signInTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether signing in for this reason needs a phone number on record (§5, §6: the watchlist does). */
export function needsPhone(type: SignInType | null): boolean {
  return type === 'watchlist';
}

/** Field messages shown beside the sign-in and sign-up fields (the spec gives none). */
export const AUTH_MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Your password needs at least 8 characters',
  passwordRequired: 'Please enter your password',
  phone: 'Please enter a valid phone number',
  phoneRequired: 'Please add a phone number to use your watchlist',
  passwordTooLong: 'Your password can have at most 128 characters',
} as const;

/** A phone number as stored and compared: its digits, with a leading `+` kept. */
export function normalisePhone(value: string): string {
  const trimmed = value.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** A phone number as typed (digits, spaces, `+`, `(`, `)`, `-`; 6 to 15 digits), normalised. */
export const phoneNumberSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{6,24}$/, AUTH_MESSAGES.phone)),
    z.transform(normalisePhone),
  ),
  z.string().check(z.refine((phone) => /^\+?\d{6,15}$/.test(phone), AUTH_MESSAGES.phone)),
);

/** An email address, trimmed and lower-cased (one account per address and site). */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, AUTH_MESSAGES.email)),
  z.email(AUTH_MESSAGES.email),
);

/**
 * What `POST /api/auth/sign-up` accepts: the email only. The password is chosen on the page the
 * emailed link opens, by whoever proves the inbox (issue 31 item 2, decision 104).
 */
export const signUpSchema = z.object({ email: emailSchema });
/** Sign-up fields as typed. */
export type SignUpInput = z.input<typeof signUpSchema>;

/** A new password: 8 to 128 characters. */
export const newPasswordSchema = z
  .string()
  .check(z.minLength(8, AUTH_MESSAGES.password), z.maxLength(128, AUTH_MESSAGES.passwordTooLong));

/**
 * The page an emailed link opens (decision 104): the password to set. A phone number, when the
 * shopper's reason needs one, is asked for next on the sign-in page, as after any sign-in.
 */
export const setPasswordSchema = z.object({ password: newPasswordSchema });
/** The choose-a-password form as typed. */
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

/** An emailed link's token as the page sends it back (24 random bytes, base64url). */
const linkTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not complete'));

/** What `POST /api/auth/set-password` accepts: the link's token with the form. */
export const setPasswordRequestSchema = z.extend(setPasswordSchema, { token: linkTokenSchema });

/**
 * Sign-up's one answer, whether the email is new or already has an account (issue 14 item 8): the
 * link to finish is in the shopper's inbox. Nobody learns from it which emails have accounts.
 */
export const CHECK_EMAIL_MESSAGE = (email: string) =>
  `We have sent a link to ${email}. Open it to choose your password and finish creating your account.`;
/**
 * A password reset's one answer, whether the email has an account or not: an email goes either way —
 * a link to choose a new password, or a note that the address has no account here.
 */
export const RESET_EMAIL_MESSAGE = (email: string) =>
  `We have sent an email to ${email}. Open its link to choose a new password.`;
/** An emailed link that is expired, used, or not one. */
export const INVALID_LINK_MESSAGE =
  'This link has expired or was already used. Please ask for a new one: we will email it to you.';

/** The sign-in page to come back to from an emailed link: its path and query (`/sign-in?type=…&redirect=…`). */
const continueSchema = z.optional(z.string().check(z.maxLength(2000)));

/** What the sign-up page sends beside the email: the sign-in page to come back to from the email. */
export const signUpRequestSchema = z.extend(signUpSchema, { continue: continueSchema });

/** What `POST /api/auth/password-reset` accepts: the account's email and the sign-in page it was asked from. */
export const passwordResetRequestSchema = z.object({ email: emailSchema, continue: continueSchema });

/**
 * The query of a link emailed before decision 104 (`/api/auth/confirm-email`), which now leads to the
 * page that sets the password: its token, and the sign-in page's own parameters.
 */
export const confirmEmailQuerySchema = z.object({
  token: z._default(z.string().check(z.maxLength(200)), ''),
  type: z.optional(z.string().check(z.maxLength(50))),
  redirect: z.optional(z.string().check(z.maxLength(2000))),
  back: z.optional(z.string().check(z.maxLength(2000))),
});

/** What `POST /api/auth/sign-in` accepts. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .check(z.minLength(1, AUTH_MESSAGES.passwordRequired), z.maxLength(128, AUTH_MESSAGES.passwordTooLong)),
});
/** Sign-in fields as typed. */
export type SignInInput = z.input<typeof signInSchema>;

/** What `POST /api/auth/phone` accepts: the phone number to keep on record. */
export const phoneUpdateSchema = z.object({ phone_number: phoneNumberSchema });
/** What the sign-in page's `savePhone` sends: the phone number as typed. */
export type PhoneUpdate = z.input<typeof phoneUpdateSchema>;

/** What the set-password page's `setPassword` sends: the emailed link's token with the new password. */
export type SetPasswordCall = z.input<typeof setPasswordRequestSchema>;

/**
 * A sign-up as it is sent: the email, and the sign-in page (path and query) the emailed link comes
 * back to, so the shopper goes on where they were going.
 */
export type SignUpCall = SignUpInput & { continueAt: string };

/** What the forgot-password page's `requestReset` sends: the email, and the sign-in page the link comes back to. */
export interface PasswordResetCall {
  email: string;
  continueAt: string;
}

/** What the sign-in page's `authenticate` sends: a sign-in, or a sign-up (the email only: decision 104). */
export type Credentials = ({ mode: 'signIn' } & SignInInput) | ({ mode: 'signUp' } & SignUpCall);

/** What `authenticate` answers: the signed-in shopper, or (a sign-up) where the link was sent. */
export type Authenticated = AuthUser | { checkEmail: string };

import { fieldErrors } from './field-errors.ts';

export { fieldErrors };

/** Whether the sign-in form signs in to an account or creates one. */
export type AuthMode = 'signIn' | 'signUp';

/** The sign-in form's fields as typed (creating an account takes the email only). */
export interface CredentialsForm {
  email: string;
  password?: string;
}

/** A checked form: the values to send, or a message per field. */
export type CheckedCredentials =
  | { ok: true; value: SignInInput | SignUpInput }
  | { ok: false; fields: Record<string, string> };

/** Checks the sign-in or sign-up form as the server will (same schemas). */
export function checkCredentials(mode: AuthMode, form: CredentialsForm): CheckedCredentials {
  if (mode === 'signIn') {
    const value = { email: form.email, password: form.password ?? '' };
    const parsed = signInSchema.safeParse(value);
    return parsed.success ? { ok: true, value } : { ok: false, fields: fieldErrors(parsed.error) };
  }
  return checkEmailForm(form.email);
}

/** Checks a form that takes an email only (creating an account, asking for a new password). */
export function checkEmailForm(
  email: string,
): { ok: true; value: { email: string } } | { ok: false; fields: Record<string, string> } {
  const parsed = signUpSchema.safeParse({ email });
  return parsed.success ? { ok: true, value: { email } } : { ok: false, fields: fieldErrors(parsed.error) };
}

/** Checks the choose-a-password form as the server will (same schema): null when valid, else the message. */
export function checkNewPassword(password: string): string | null {
  const parsed = setPasswordSchema.safeParse({ password });
  return parsed.success ? null : (fieldErrors(parsed.error).password ?? AUTH_MESSAGES.password);
}

/** Checks a phone number as typed: null when it is valid, else the message to show. */
export function checkPhone(value: string): string | null {
  if (value.trim() === '') return AUTH_MESSAGES.phoneRequired;
  return phoneNumberSchema.safeParse(value).success ? null : AUTH_MESSAGES.phone;
}
