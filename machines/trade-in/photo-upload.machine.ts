import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { IMAGE_RULES, type PhotoUpload } from '../../domain/trade-in.ts';
import { notProvided } from '../shared/not-provided.ts';
import { failureMessage } from './failure-message.ts';

/** The valuation the photos are for. */
export interface PhotoUploadInput {
  evalId: string;
}

/** A photo chosen for upload (the file stays in the browser until its turn). */
export interface TradeInImage {
  id: number;
  name: string;
  file: Blob | null;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  message: string | null;
}

export interface PhotoUploadContext extends PhotoUploadInput {
  images: TradeInImage[];
  nextImageId: number;
}

/** A file as the browser chose it. */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
  file: Blob | null;
}

export type PhotoUploadEvent =
  /** Photos chosen (checked here: type, size, count). */
  | { type: 'images.add'; files: ChosenFile[] }
  /** On to Step Four. */
  | { type: 'images.next' };

const ALLOWED_TYPES = /^image\/(jpeg|jpg|png|gif|heic|heif)$/i;
const ALLOWED_NAMES = /\.(jpe?g|png|gif|heic)$/i;
const isImage = (file: ChosenFile) => ALLOWED_TYPES.test(file.type) || ALLOWED_NAMES.test(file.name);

/** Photos chosen, in either state: refusals alerted, the rest queued. */
const addImages = { actions: ['alertRefusedFiles', 'acceptFiles'] } as const;

/**
 * The trade-in's Step Three Upload Images (`locations-forms-tradein-site.md` §4, §5), a child of the
 * `tradeIn` machine: photos are checked as they are chosen (type, under 10MB, at most 10; each kind of
 * refusal is one browser alert), then uploaded one request at a time (`uploading`, busy); a failed
 * photo shows its message. Photos are optional: `images.next` from `idle` finishes the step.
 */
export const photoUploadMachine = setup({
  types: {} as { context: PhotoUploadContext; events: PhotoUploadEvent; input: PhotoUploadInput },
  actors: {
    uploadImage: fromPromise<unknown, PhotoUpload>(notProvided('uploadImage')),
  },
  actions: {
    alertMessage: (_, _params: { message: string }) => notProvided('alertMessage')(),
    acceptFiles: assign(({ context, event }) => {
      if (event.type !== 'images.add') return {};
      let nextImageId = context.nextImageId;
      const accepted: TradeInImage[] = [];
      for (const file of event.files) {
        if (!isImage(file) || file.size >= IMAGE_RULES.maxBytes) continue;
        if (context.images.length + accepted.length >= IMAGE_RULES.maxImages) break;
        accepted.push({
          id: nextImageId++,
          name: file.name,
          file: file.file,
          status: 'waiting',
          message: null,
        });
      }
      return { images: [...context.images, ...accepted], nextImageId };
    }),
    /** §5 "File errors show as browser alerts": one alert per kind of refusal. */
    alertRefusedFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'images.add') return;
      const room = IMAGE_RULES.maxImages - context.images.length;
      const messages = new Set<string>();
      const fitting = event.files.filter((file) => {
        if (!isImage(file)) messages.add(IMAGE_RULES.wrongType);
        else if (file.size >= IMAGE_RULES.maxBytes) messages.add(IMAGE_RULES.tooBig);
        else return true;
        return false;
      });
      if (fitting.length > room) messages.add(IMAGE_RULES.tooMany);
      for (const message of messages) enqueue({ type: 'alertMessage', params: { message } } as never);
    }),
    markUploading: assign(({ context }) => {
      const next = context.images.find((image) => image.status === 'waiting');
      if (!next) return {};
      return {
        images: context.images.map((image) =>
          image.id === next.id ? { ...image, status: 'uploading' as const } : image,
        ),
      };
    }),
    markUploaded: assign(({ context }, result: { ok: boolean; message: string | null }) => ({
      images: context.images.map((image) =>
        image.status === 'uploading'
          ? {
              ...image,
              file: null,
              status: result.ok ? ('done' as const) : ('failed' as const),
              message: result.message,
            }
          : image,
      ),
    })),
  },
  guards: {
    hasWaitingImage: ({ context }) => context.images.some((image) => image.status === 'waiting'),
  },
}).createMachine({
  id: 'photoUpload',
  context: ({ input }) => ({ ...input, images: [], nextImageId: 1 }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasWaitingImage', target: 'uploading', actions: 'markUploading' },
      on: { 'images.add': addImages, 'images.next': 'done' },
    },
    uploading: {
      tags: ['busy'],
      on: { 'images.add': addImages },
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => {
          const image = context.images.find((candidate) => candidate.status === 'uploading');
          return { evalId: context.evalId, file: image?.file ?? null, name: image?.name ?? '' };
        },
        onDone: { target: 'idle', actions: { type: 'markUploaded', params: { ok: true, message: null } } },
        onError: {
          target: 'idle',
          actions: {
            type: 'markUploaded',
            params: ({ event }) => ({ ok: false, message: failureMessage(event.error) }),
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

/** A running Step Three. */
export type PhotoUploadActorRef = ActorRefFrom<typeof photoUploadMachine>;
