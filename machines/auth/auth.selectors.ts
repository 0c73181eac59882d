import type { SnapshotFrom } from 'xstate';
import type { AuthMode, SignInType } from '../../domain/auth.ts';
import type { AuthUser } from '../../domain/contracts/session.ts';
import type { authMachine } from './auth.machine.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Which part of the sign-in page shows. */
export type AuthView = 'checking' | 'failed' | 'form' | 'checkEmail' | 'phoneNeeded' | 'account' | 'finished';

/** The part of the page to show for the machine's state. */
export const selectAuthView = (snapshot: AuthSnapshot): AuthView => {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('finished')) return 'finished';
  if (snapshot.matches('checkEmail')) return 'checkEmail';
  if (snapshot.matches({ account: 'phoneNeeded' })) return 'phoneNeeded';
  if (snapshot.matches('account') || snapshot.matches('signingOut')) return 'account';
  return 'form';
};

/** Whether a call is on its way (buttons disable, with a spinner). */
export const selectIsBusy = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('busy');

/** Sign in or sign up. */
export const selectMode = (snapshot: AuthSnapshot): AuthMode => snapshot.context.mode;

/** Why the shopper is signing in (the `type` parameter), or null. */
export const selectSignInType = (snapshot: AuthSnapshot): SignInType | null => snapshot.context.type;

/** Where the shopper lands after signing in (a same-site path). */
export const selectRedirect = (snapshot: AuthSnapshot): string => snapshot.context.redirect;

/** Where `back` returns without signing in (a same-site path). */
export const selectBack = (snapshot: AuthSnapshot): string => snapshot.context.back;

/** The signed-in shopper, or null. */
export const selectUser = (snapshot: AuthSnapshot): AuthUser | null => snapshot.context.user;

/** The last failure's message, or null. */
export const selectAuthError = (snapshot: AuthSnapshot): string | null => snapshot.context.error;

/** A message per field that did not pass the checks. */
export const selectFieldErrors = (snapshot: AuthSnapshot): Record<string, string> => snapshot.context.fields;

/** Where the sign-up link was sent, while the page says to check the inbox. */
export const selectCheckEmail = (snapshot: AuthSnapshot): string | null => snapshot.context.checkEmail;
