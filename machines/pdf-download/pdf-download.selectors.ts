import type { SnapshotFrom } from 'xstate';
import type { pdfDownloadMachine } from './pdf-download.machine.ts';

type PdfDownloadSnapshot = SnapshotFrom<typeof pdfDownloadMachine>;

/** Whether the PDF is being fetched (the button is busy). */
export const selectIsDownloading = (snapshot: PdfDownloadSnapshot): boolean => snapshot.hasTag('busy');

/** The last failure's message (already alerted), or `null`. */
export const selectError = (snapshot: PdfDownloadSnapshot): string | null => snapshot.context.error;
