import { defineCatalogEntry } from '../catalog.types.ts';
import { cvUploadMachine } from './cv-upload.machine.ts';

const pdf = { name: 'jo-citizen-cv.pdf', size: 120_000, type: 'application/pdf', file: null };

/**
 * The careers CV's path tests: a file uploaded and stored, or refused by the server (its bytes) or at
 * once (its name, its size); removed from every state, replaced by a new choice.
 */
export const cvUploadCatalogEntry = defineCatalogEntry(cvUploadMachine, {
  summary:
    'Careers CV: cv.choose → uploading → uploaded | failed (server message); wrong name or size → failed at once; cv.remove → empty',
  promiseInvokes: { uploadCv: 'uploadCv' },
  events: [
    { type: 'cv.choose', file: pdf },
    { type: 'cv.choose', file: { name: 'notes.txt', size: 2_000, type: 'text/plain', file: null } },
    { type: 'cv.choose', file: { ...pdf, name: 'huge.pdf', size: 6 * 1024 * 1024 } },
    { type: 'cv.remove' },
    {
      type: 'xstate.done.actor.uploadCv',
      output: { cv_id: '00000000-0000-4000-8000-000000000009', name: 'jo-citizen-cv.pdf', size: 120_000 },
    },
    {
      type: 'xstate.error.actor.uploadCv',
      error: Object.assign(new Error('Please attach your CV as a PDF or Word file (.pdf, .doc or .docx)'), {
        details: { status: 422, code: 'not_a_cv' },
      }),
    },
  ],
  // A choice and a removal are taken from every state, so the simple paths are every order of them
  // (the traversal never ended); the shortest paths reach every state and context.
  simplePaths: false,
});
