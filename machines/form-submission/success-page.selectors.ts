import type { SnapshotFrom } from 'xstate';
import type { LeadSuccess } from '../../domain/lead.ts';
import type { successPageMachine } from './success-page.machine.ts';

type SuccessPageSnapshot = SnapshotFrom<typeof successPageMachine>;

/** Whether what was sent is still being read (the page's skeleton). */
export const selectSuccessLoading = (snapshot: SuccessPageSnapshot): boolean => snapshot.hasTag('loading');

/** What the sent form stored in this browser (its category, and the car of an enquiry), or null. */
export const selectSuccessSent = (snapshot: SuccessPageSnapshot): LeadSuccess | null => snapshot.context.data;
