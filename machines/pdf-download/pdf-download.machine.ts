import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { CarBySlug } from '../../domain/contracts/vehicle.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The car whose PDF is downloaded. */
export interface PdfDownloadInput {
  slug: string;
}

/** The car's slug and the last failure's message. */
export interface PdfDownloadContext extends PdfDownloadInput {
  error: string | null;
}

/** Events of the PDF download button. */
export type PdfDownloadEvent = { type: 'pdf.download' } | { type: 'retry' };

/**
 * The car PDF download (§7 Car PDF download, §8 "PDF download failure: browser alert with the error
 * message"): `pdf.download` fetches the file (`downloading`, tag `busy`) and saves it as `{slug}.pdf`
 * (`saveFile`); a failure alerts its message (`alertError`) and waits in `failed` for another try.
 */
export const pdfDownloadMachine = setup({
  types: {} as { context: PdfDownloadContext; events: PdfDownloadEvent; input: PdfDownloadInput },
  actors: {
    downloadPdf: fromPromise<Blob, CarBySlug>(notProvided('downloadPdf')),
  },
  actions: {
    saveFile: (_, _params: { file: Blob; fileName: string }) => notProvided('saveFile')(),
    alertError: (_, _params: { message: string }) => notProvided('alertError')(),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'pdfDownload',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'pdf.download': 'downloading' } },
    downloading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'downloadPdf',
        src: 'downloadPdf',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'saveFile',
            params: ({ context, event }) => ({ file: event.output, fileName: `${context.slug}.pdf` }),
          },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: errorOf },
            { type: 'alertError', params: ({ context }) => ({ message: context.error ?? '' }) },
          ],
        },
      },
    },
    failed: { on: { 'pdf.download': 'downloading', retry: 'downloading' } },
  },
});

/** A running PDF download. */
export type PdfDownloadActorRef = ActorRefFrom<typeof pdfDownloadMachine>;
