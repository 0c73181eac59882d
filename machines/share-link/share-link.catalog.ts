import { defineCatalogEntry } from '../catalog.types.ts';
import { shareLinkMachine } from './share-link.machine.ts';

/** The share button's path tests: the device's sheet, the copied link, or the address to copy by hand. */
export const shareLinkCatalogEntry = defineCatalogEntry(shareLinkMachine, {
  summary:
    'Share a page: idle → sharing (Web Share) → idle | copying → copied (4 s) → idle | manual (the address shown)',
  input: {
    url: 'https://bayside-mazda.example/cars/2022-mazda-cx-5-touring-501',
    title: '2022 Mazda CX-5 Touring',
  },
  promiseInvokes: { shareNatively: 'shareNatively', copyText: 'copyText' },
  events: [
    { type: 'xstate.done.actor.shareNatively', output: 'shared' },
    { type: 'xstate.done.actor.shareNatively', output: 'cancelled' },
    { type: 'xstate.done.actor.shareNatively', output: 'unsupported' },
    { type: 'xstate.error.actor.shareNatively', error: new Error('Share failed') },
    { type: 'xstate.done.actor.copyText', output: undefined },
    { type: 'xstate.error.actor.copyText', error: new Error('Write permission denied') },
  ],
});
