import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type ChosenCv,
  CV_RULES,
  type CvUploadCall,
  cvChoiceProblem,
  type StoredCv,
} from '../../domain/careers-cv-rules.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalMessage } from '../shared/refusal.ts';

/** A file as the browser chose it, with its bytes (null in path tests). */
export interface ChosenCvFile extends ChosenCv {
  file: Blob | null;
}

/** What the CV field holds: the file on its way, the stored CV, or why the last one was refused. */
export interface CvUploadContext {
  /** The chosen file while it uploads (dropped once it is stored or refused). */
  file: Blob | null;
  /** The chosen file's name, as the shopper's device named it (shown, never sent as a path). */
  name: string;
  /** The stored CV, once the server took it. */
  cv: StoredCv | null;
  /** Why the last file was refused: the browser's check or the server's message. */
  message: string | null;
}

export type CvUploadEvent =
  /** The shopper chose a file (one: a second choice replaces the first). */
  | { type: 'cv.choose'; file: ChosenCvFile }
  /** The shopper removed the CV (or stopped its upload). */
  | { type: 'cv.remove' };

/** A choice, from any state: refused at once when its name or size is wrong, else uploaded. */
const choose = [
  { guard: 'isRefusedChoice', target: '.failed', actions: 'assignChoiceProblem' },
  { target: '.uploading', actions: 'assignChoice' },
] as const;

/**
 * The careers form's CV (issue 37 item 9): `empty` → (`cv.choose`) `uploading` (tag busy) →
 * `uploaded` (the form sends its id) | `failed` (the message: a wrong name or size before anything is
 * sent, else the server's, which judged the bytes); `cv.remove` empties it from any state, stopping an
 * upload under way. A new choice replaces the CV. The file name and size are checked here; the
 * server checks the bytes again.
 */
export const cvUploadMachine = setup({
  types: {} as { context: CvUploadContext; events: CvUploadEvent },
  actors: {
    uploadCv: fromPromise<StoredCv, CvUploadCall>(notProvided('uploadCv')),
  },
  guards: {
    isRefusedChoice: ({ event }) => event.type === 'cv.choose' && cvChoiceProblem(event.file) !== null,
  },
  actions: {
    assignChoiceProblem: assign(({ event }) => ({
      file: null,
      cv: null,
      name: event.type === 'cv.choose' ? event.file.name : '',
      message: event.type === 'cv.choose' ? cvChoiceProblem(event.file) : null,
    })),
    assignChoice: assign(({ event }) =>
      event.type === 'cv.choose'
        ? { file: event.file.file, name: event.file.name, cv: null, message: null }
        : {},
    ),
    assignStored: assign((_, cv: StoredCv) => ({ file: null, cv, message: null })),
    assignFailure: assign((_, error: unknown) => ({
      file: null,
      cv: null,
      message: refusalMessage(error, CV_RULES.failed),
    })),
    clear: assign({ file: null, name: '', cv: null, message: null }),
  },
}).createMachine({
  id: 'cvUpload',
  context: { file: null, name: '', cv: null, message: null },
  initial: 'empty',
  on: { 'cv.choose': choose, 'cv.remove': { target: '.empty', actions: 'clear' } },
  states: {
    empty: {},
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadCv',
        src: 'uploadCv',
        input: ({ context }) => ({ file: context.file ?? new Blob([]), name: context.name }),
        onDone: {
          target: 'uploaded',
          actions: { type: 'assignStored', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: errorOf } },
      },
    },
    uploaded: {},
    failed: {},
  },
});

/** A running CV field. */
export type CvUploadActorRef = ActorRefFrom<typeof cvUploadMachine>;
