import type { SnapshotFrom } from 'xstate';
import type { SignInLink } from '../../domain/return-path.ts';
import type { setPasswordMachine } from './set-password.machine.ts';

type SetPasswordSnapshot = SnapshotFrom<typeof setPasswordMachine>;

/** Which part of the page shows: the form, the refused link, or the way on once signed in. */
export type SetPasswordView = 'form' | 'expired' | 'finished';

/** The part of the page to show for the machine's state. */
export const selectSetPasswordView = (snapshot: SetPasswordSnapshot): SetPasswordView => {
  if (snapshot.matches('finished')) return 'finished';
  if (snapshot.matches('expired')) return 'expired';
  return 'form';
};

/** Whether the password is on its way (the button disables). */
export const selectIsSaving = (snapshot: SetPasswordSnapshot): boolean => snapshot.hasTag('busy');

/** Whether the link was a reset's (the page's words). */
export const selectIsReset = (snapshot: SetPasswordSnapshot): boolean => snapshot.context.reset;

/** The last failure's message, or null. */
export const selectSetPasswordError = (snapshot: SetPasswordSnapshot): string | null =>
  snapshot.context.error;

/** The password field's message, or null. */
export const selectPasswordFieldError = (snapshot: SetPasswordSnapshot): string | null =>
  snapshot.context.fieldError;

/** Where the page goes once finished (a same-site path), or null before. */
export const selectNext = (snapshot: SetPasswordSnapshot): string | null => snapshot.context.next;

/** The sign-in page's parameters the link carried, for the links onwards (ask again, sign in). */
export const selectSignInLink = (snapshot: SetPasswordSnapshot): SignInLink => ({
  type: snapshot.context.type ?? undefined,
  redirect: snapshot.context.redirect,
  back: snapshot.context.back,
});
