import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { IMAGE_RULES, type PhotoUpload } from '../../../domain/trade-in.ts';
import { photoUploadMachine } from '../../../machines/trade-in/photo-upload.machine.ts';

const jpeg = (name: string, size = 2_000_000) => ({ name, size, type: 'image/jpeg', file: null });

/** `locations-forms-tradein-site.md` §5 Step Three: photos checked as chosen, uploaded one at a time. */
describe('trade-in photos (Step Three, the photoUpload child)', () => {
  it('uploads one photo at a time, alerts each kind of refusal once, and finishes on Next', async () => {
    const uploaded: PhotoUpload[] = [];
    const alerts: string[] = [];
    const actor = createActor(
      photoUploadMachine.provide({
        actors: {
          uploadImage: fromPromise(async ({ input }) => {
            uploaded.push(input);
            if (input.name === 'bad.jpg') throw new Error('Please upload a JPEG, PNG, GIF or HEIC image');
            return { image_id: uploaded.length, count: uploaded.length };
          }),
        },
        actions: { alertMessage: (_, { message }) => alerts.push(message) },
      }),
      { input: { evalId: 'EV1' } },
    ).start();
    actor.send({
      type: 'images.add',
      files: [
        jpeg('front.jpg'),
        jpeg('bad.jpg'),
        jpeg('huge.jpg', IMAGE_RULES.maxBytes),
        { name: 'notes.txt', size: 10, type: 'text/plain', file: null },
      ],
    });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('idle') && snapshot.context.images.every((i) => i.status !== 'waiting'),
    );
    expect(alerts).toEqual([IMAGE_RULES.tooBig, IMAGE_RULES.wrongType]);
    expect(uploaded.map((upload) => [upload.evalId, upload.name])).toEqual([
      ['EV1', 'front.jpg'],
      ['EV1', 'bad.jpg'],
    ]);
    expect(actor.getSnapshot().context.images.map((image) => [image.status, image.message])).toEqual([
      ['done', null],
      ['failed', 'Please upload a JPEG, PNG, GIF or HEIC image'],
    ]);
    actor.send({ type: 'images.add', files: Array.from({ length: 9 }, (_, index) => jpeg(`${index}.jpg`)) });
    expect(alerts).toContain(IMAGE_RULES.tooMany);
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.images.length === 10);
    actor.send({ type: 'images.next' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
