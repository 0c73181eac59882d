import type { SnapshotFrom } from 'xstate';
import type { LeadDetail } from '../../domain/contracts/console-leads.ts';
import type { leadPageMachine } from './lead-page.machine.ts';

type LeadPageSnapshot = SnapshotFrom<typeof leadPageMachine>;

/** Whether the lead is loading. */
export const selectIsLoading = (snapshot: LeadPageSnapshot): boolean => snapshot.hasTag('loading');

/** Why the lead failed to load, or null. */
export const selectError = (snapshot: LeadPageSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The lead, once loaded. */
export const selectLead = (snapshot: LeadPageSnapshot): LeadDetail | null => snapshot.context.lead;

/** Whether a change is being sent (the forms wait). */
export const selectIsBusy = (snapshot: LeadPageSnapshot): boolean => snapshot.hasTag('busy');

/** Whether the status is being saved. */
export const selectIsSavingStatus = (snapshot: LeadPageSnapshot): boolean =>
  snapshot.matches({ ready: 'savingStatus' });

/** Whether the note is being added. */
export const selectIsAddingNote = (snapshot: LeadPageSnapshot): boolean =>
  snapshot.matches({ ready: 'addingNote' });

/** The delivery being sent again, or null. */
export const selectResending = (snapshot: LeadPageSnapshot): string | null =>
  snapshot.matches({ ready: 'resending' }) ? (snapshot.context.pending?.delivery ?? null) : null;

/** What the last change did, or null. */
export const selectOutcome = (snapshot: LeadPageSnapshot): string | null => snapshot.context.outcome;

/** Why the last change was refused, or null. */
export const selectActionError = (snapshot: LeadPageSnapshot): string | null => snapshot.context.actionError;

/** How many notes this page has saved (the note field is a new one after each). */
export const selectNotesSaved = (snapshot: LeadPageSnapshot): number => snapshot.context.notesSaved;
