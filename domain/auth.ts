import { z } from 'zod/mini';

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

/** What `POST /api/auth/sign-up` accepts. The phone number is optional. */
export const signUpSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .check(z.minLength(8, AUTH_MESSAGES.password), z.maxLength(128, AUTH_MESSAGES.passwordTooLong)),
  phone_number: z.pipe(
    z.nullish(z.union([z.literal(''), phoneNumberSchema])),
    z.transform((phone: string | null | undefined) => phone || null),
  ),
});
/** Sign-up fields as typed. */
export type SignUpInput = z.input<typeof signUpSchema>;

/**
 * Sign-up's one answer, whether the email is new or already has an account (issue 14 item 8): the
 * link to finish is in the shopper's inbox. Nobody learns from it which emails have accounts.
 */
export const CHECK_EMAIL_MESSAGE = (email: string) =>
  `We have sent a link to ${email}. Open it to finish creating your account.`;
/** A confirmation link that is expired, used, or not one. */
export const INVALID_CONFIRMATION_MESSAGE =
  'This link has expired or was already used. Please create your account again to get a new one.';
/** A correct sign-in to an account whose email is not confirmed yet. */
export const UNCONFIRMED_MESSAGE = 'Please confirm your email address first: we have sent you a new link.';

/** What the sign-up page sends beside the credentials: the sign-in page to come back to from the email. */
export const signUpRequestSchema = z.extend(signUpSchema, {
  /** The path and query of the sign-in page (`/sign-in?type=…&redirect=…`); anything else is `/sign-in`. */
  continue: z.optional(z.string().check(z.maxLength(2000))),
});

/** The emailed link's query: its token, and the sign-in page's own parameters to return to. */
export const confirmEmailQuerySchema = z.object({
  token: z._default(z.string().check(z.maxLength(200)), ''),
  type: z.optional(z.string().check(z.maxLength(50))),
  redirect: z.optional(z.string().check(z.maxLength(2000))),
  back: z.optional(z.string().check(z.maxLength(2000))),
});

/** What the sign-in page says after an emailed link: `confirmed` (used before: sign in), `expired`. */
export const SIGN_IN_NOTICES = {
  confirmed: 'Your email address is confirmed. Please sign in.',
  expired: INVALID_CONFIRMATION_MESSAGE,
} as const;
/** A notice the sign-in page shows. */
export type SignInNotice = keyof typeof SIGN_IN_NOTICES;

/** The notice a sign-in URL names, or null. */
export function parseSignInNotice(value: string | null | undefined): SignInNotice | null {
  return value === 'confirmed' || value === 'expired' ? value : null;
}

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

import { fieldErrors } from './field-errors.ts';

export { fieldErrors };

/** Whether the sign-in form signs in to an account or creates one. */
export type AuthMode = 'signIn' | 'signUp';

/** The sign-in form's fields as typed. */
export interface CredentialsForm {
  email: string;
  password: string;
  phone_number?: string;
}

/** A checked form: the values to send, or a message per field. */
export type CheckedCredentials =
  | { ok: true; value: SignInInput | SignUpInput }
  | { ok: false; fields: Record<string, string> };

/**
 * Checks the sign-in or sign-up form as the server will (same schemas); when the phone number is
 * required (signing up to use the watchlist) an empty one is refused.
 */
export function checkCredentials(
  mode: AuthMode,
  form: CredentialsForm,
  phoneRequired: boolean,
): CheckedCredentials {
  if (mode === 'signIn') {
    const parsed = signInSchema.safeParse({ email: form.email, password: form.password });
    return parsed.success
      ? { ok: true, value: { email: form.email, password: form.password } }
      : { ok: false, fields: fieldErrors(parsed.error) };
  }
  const phone = form.phone_number?.trim() ?? '';
  const parsed = signUpSchema.safeParse({ email: form.email, password: form.password, phone_number: phone });
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  if (phoneRequired && phone === '') fields.phone_number ??= AUTH_MESSAGES.phoneRequired;
  return Object.keys(fields).length === 0
    ? { ok: true, value: { email: form.email, password: form.password, phone_number: phone || null } }
    : { ok: false, fields };
}

/** Checks a phone number as typed: null when it is valid, else the message to show. */
export function checkPhone(value: string): string | null {
  if (value.trim() === '') return AUTH_MESSAGES.phoneRequired;
  return phoneNumberSchema.safeParse(value).success ? null : AUTH_MESSAGES.phone;
}
