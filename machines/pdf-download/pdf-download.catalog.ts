import { defineCatalogEntry } from '../catalog.types.ts';
import { pdfDownloadMachine } from './pdf-download.machine.ts';

/** The PDF download's path tests: saved as `{slug}.pdf`, or alerted and tried again. */
export const pdfDownloadCatalogEntry = defineCatalogEntry(pdfDownloadMachine, {
  summary: 'Car PDF download: idle → downloading → idle (saved as {slug}.pdf) | failed (alerted; retry)',
  input: { slug: '2022-mazda-cx-5-touring-501' },
  promiseInvokes: { downloadPdf: 'downloadPdf' },
  events: [
    { type: 'xstate.done.actor.downloadPdf', output: new Blob(['%PDF-1.3'], { type: 'application/pdf' }) },
    { type: 'xstate.error.actor.downloadPdf', error: new Error('Request failed with status 500') },
  ],
  provide: { actions: { saveFile: () => {}, alertError: () => {} } },
  notThroughUi: {
    'failed retry':
      "the page offers 'Download PDF' again (pdf.download) after a failure, not a separate Retry",
  },
});
