import type { SnapshotFrom } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import type { consoleSignInMachine } from './console-sign-in.machine.ts';

type SignInSnapshot = SnapshotFrom<typeof consoleSignInMachine>;

/** Which step the form shows: email and password, or the two-step code. */
export const selectStep = (snapshot: SignInSnapshot): 'credentials' | 'code' =>
  snapshot.matches('code') || snapshot.matches('verifying') ? 'code' : 'credentials';
/** Whether a sign-in is on its way. */
export const selectIsSubmitting = (snapshot: SignInSnapshot): boolean => snapshot.hasTag('submitting');
/** The server's message for the last refusal (wrong password, wrong code, too many attempts), or null. */
export const selectError = (snapshot: SignInSnapshot): string | null => snapshot.context.error;
/** The email typed (kept for the code step). */
export const selectEmail = (snapshot: SignInSnapshot): string => snapshot.context.email;
/** The member once signed in, else null. */
export const selectSignedInMember = (snapshot: SignInSnapshot): StaffMember | null =>
  snapshot.matches('signedIn') ? snapshot.context.member : null;
/** Where to land once signed in. */
export const selectReturnTo = (snapshot: SignInSnapshot): string => snapshot.context.returnTo;
