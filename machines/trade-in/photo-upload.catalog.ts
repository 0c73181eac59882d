import { defineCatalogEntry } from '../catalog.types.ts';
import { photoUploadMachine } from './photo-upload.machine.ts';

/**
 * The trade-in's Step Three path tests (a child of `tradeIn`): a photo accepted and uploaded or
 * refused by the server, files refused as they are chosen (an alert each kind), and Next.
 */
export const photoUploadCatalogEntry = defineCatalogEntry(photoUploadMachine, {
  summary:
    'Trade-in photos: images.add → uploading → idle (done | failed), refused files alerted; images.next → done',
  input: { evalId: 'EV1' },
  promiseInvokes: { uploadImage: 'uploadImage' },
  events: [
    { type: 'images.add', files: [{ name: 'front.jpg', size: 2_000_000, type: 'image/jpeg', file: null }] },
    {
      type: 'images.add',
      files: [{ name: 'huge.jpg', size: 11 * 1024 * 1024, type: 'image/jpeg', file: null }],
    },
    { type: 'xstate.done.actor.uploadImage', output: { image_id: 1, count: 1 } },
    {
      type: 'xstate.error.actor.uploadImage',
      error: new Error('Please upload a JPEG, PNG, GIF or HEIC image'),
    },
    { type: 'images.next' },
  ],
  serializeState: ({ value, context }) => ({
    value,
    images: [...new Set(context.images.map((image) => image.status))].sort(),
  }),
  // Photos keep being added; the shortest paths take every transition.
  simplePaths: false,
  provide: { actions: { alertMessage: () => {} } },
});
