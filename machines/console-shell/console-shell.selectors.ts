import type { SnapshotFrom } from 'xstate';
import type { StaffMember } from '../../domain/staff.ts';
import type { consoleShellMachine } from './console-shell.machine.ts';

type ConsoleShellSnapshot = SnapshotFrom<typeof consoleShellMachine>;

/** The signed-in member, or null. */
export const selectMember = (snapshot: ConsoleShellSnapshot): StaffMember | null =>
  snapshot.matches('signedOut') ? null : snapshot.context.member;

/** Whether the member is being signed out. */
export const selectIsSigningOut = (snapshot: ConsoleShellSnapshot): boolean => snapshot.matches('signingOut');

/** Whether nobody is signed in (never signed in, or signed out). */
export const selectIsSignedOut = (snapshot: ConsoleShellSnapshot): boolean => snapshot.matches('signedOut');

/** Why the last sign-out failed, or null. */
export const selectSignOutError = (snapshot: ConsoleShellSnapshot): string | null => snapshot.context.error;
