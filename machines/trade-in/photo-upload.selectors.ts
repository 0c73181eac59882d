import type { SnapshotFrom } from 'xstate';
import type { photoUploadMachine, TradeInImage } from './photo-upload.machine.ts';

type PhotoUploadSnapshot = SnapshotFrom<typeof photoUploadMachine>;

/** The photos chosen, each with its status (waiting, uploading, done, failed) and a failure's message. */
export const selectImages = (snapshot: PhotoUploadSnapshot): TradeInImage[] => snapshot.context.images;

/** Whether a photo is uploading now (Next waits for it). */
export const selectIsUploading = (snapshot: PhotoUploadSnapshot): boolean => snapshot.hasTag('busy');
