import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CV_RULES, type StoredCv } from '../../../domain/careers-cv-rules.ts';
import { cvUploadMachine } from '../../../machines/careers-cv/cv-upload.machine.ts';
import {
  selectCvFieldValue,
  selectCvMessage,
  selectCvStatus,
  selectStoredCv,
} from '../../../machines/careers-cv/cv-upload.selectors.ts';

/** Issue 37 item 9: the careers CV field's states, as the form reads them. */
const pdf = { name: 'cv.pdf', size: 1000, type: 'application/pdf', file: new Blob(['%PDF-1.4']) };
const stored: StoredCv = { cv_id: '00000000-0000-4000-8000-000000000009', name: 'cv.pdf', size: 1000 };

function start(upload: () => Promise<StoredCv>) {
  return createActor(cvUploadMachine.provide({ actors: { uploadCv: fromPromise(upload) } })).start();
}

describe('cvUploadMachine', () => {
  it('uploads a chosen PDF: the form sends "uploading" meanwhile, then the stored id; Remove empties it', async () => {
    let finish: (cv: StoredCv) => void = () => undefined;
    const actor = start(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'cv.choose', file: pdf });
    expect(selectCvStatus(actor.getSnapshot())).toBe('uploading');
    expect(selectCvFieldValue(actor.getSnapshot())).toBe('uploading');
    finish(stored);
    await waitFor(actor, (snapshot) => snapshot.matches('uploaded'));
    expect(selectStoredCv(actor.getSnapshot())).toEqual(stored);
    expect(selectCvFieldValue(actor.getSnapshot())).toBe(stored.cv_id);
    actor.send({ type: 'cv.remove' });
    expect(selectCvStatus(actor.getSnapshot())).toBe('empty');
    expect(selectCvFieldValue(actor.getSnapshot())).toBe('');
  });

  it('a file of another kind or of 5 MB is refused before anything is sent', () => {
    const calls: unknown[] = [];
    const actor = start(async () => {
      calls.push(1);
      return stored;
    });
    actor.send({ type: 'cv.choose', file: { ...pdf, name: 'notes.txt' } });
    expect(selectCvMessage(actor.getSnapshot())).toBe(CV_RULES.wrongType);
    actor.send({ type: 'cv.choose', file: { ...pdf, size: CV_RULES.maxBytes } });
    expect(selectCvMessage(actor.getSnapshot())).toBe(CV_RULES.tooBig);
    expect(selectCvFieldValue(actor.getSnapshot())).toBe('');
    expect(calls).toEqual([]);
  });

  it('the server’s refusal is the message; a failure without one says the upload failed', async () => {
    const refused = start(async () => {
      throw new Error(CV_RULES.wrongType);
    });
    refused.send({ type: 'cv.choose', file: pdf });
    await waitFor(refused, (snapshot) => snapshot.matches('failed'));
    expect(selectCvMessage(refused.getSnapshot())).toBe(CV_RULES.wrongType);
    const broken = start(async () => {
      throw 'offline';
    });
    broken.send({ type: 'cv.choose', file: pdf });
    await waitFor(broken, (snapshot) => snapshot.matches('failed'));
    expect(selectCvMessage(broken.getSnapshot())).toBe(CV_RULES.failed);
  });
});
