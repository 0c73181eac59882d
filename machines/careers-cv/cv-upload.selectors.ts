import type { SnapshotFrom } from 'xstate';
import type { StoredCv } from '../../domain/careers-cv-rules.ts';
import type { cvUploadMachine } from './cv-upload.machine.ts';

type CvUploadSnapshot = SnapshotFrom<typeof cvUploadMachine>;

/** Where the CV is: none, on its way, stored, or refused. */
export const selectCvStatus = (snapshot: CvUploadSnapshot): 'empty' | 'uploading' | 'uploaded' | 'failed' =>
  snapshot.value;

/** The stored CV (its id, name and size), once uploaded. */
export const selectStoredCv = (snapshot: CvUploadSnapshot): StoredCv | null =>
  snapshot.matches('uploaded') ? snapshot.context.cv : null;

/** The chosen file's name (shown while it uploads or when it was refused). */
export const selectCvName = (snapshot: CvUploadSnapshot): string => snapshot.context.name;

/** Why the last file was refused. */
export const selectCvMessage = (snapshot: CvUploadSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.message : null;

/**
 * What the form sends as `cv_id`: the stored CV's id; `uploading` while it is on its way (the form's
 * rules refuse it with "Please wait until your CV has uploaded"); nothing otherwise.
 */
export const selectCvFieldValue = (snapshot: CvUploadSnapshot): string =>
  snapshot.matches('uploading') ? 'uploading' : (selectStoredCv(snapshot)?.cv_id ?? '');
