import type { SnapshotFrom } from 'xstate';
import type { SignInLink } from '../../domain/return-path.ts';
import type { forgotPasswordMachine } from './forgot-password.machine.ts';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** Where the email was sent once it is on its way, else null (the form shows). */
export const selectSentTo = (snapshot: ForgotPasswordSnapshot): string | null =>
  snapshot.matches('sent') ? snapshot.context.sentTo : null;

/** Whether the request is on its way (the button disables). */
export const selectIsSending = (snapshot: ForgotPasswordSnapshot): boolean => snapshot.hasTag('busy');

/** The last failure's message, or null. */
export const selectForgotError = (snapshot: ForgotPasswordSnapshot): string | null => snapshot.context.error;

/** The email field's message, or null. */
export const selectEmailFieldError = (snapshot: ForgotPasswordSnapshot): string | null =>
  snapshot.context.fieldError;

/** The sign-in page's parameters, for "Back to sign in". */
export const selectForgotSignInLink = (snapshot: ForgotPasswordSnapshot): SignInLink => ({
  type: snapshot.context.type ?? undefined,
  redirect: snapshot.context.redirect,
  back: snapshot.context.back,
});
