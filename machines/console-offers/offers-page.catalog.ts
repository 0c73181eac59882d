import type { ConsoleOffer } from '../../domain/contracts/console-offers.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { offersPageMachine } from './offers-page.machine.ts';

const running: ConsoleOffer = {
  id: 1_000_001,
  title: 'Summer service special',
  description: 'A free check before the holidays.',
  image_url: '/media/photos/2f1c9a4b7d6e01aa/960',
  link: '/book-a-service',
  starts: '2026-11-20',
  ends: '2026-12-31',
  start_at: '2026-11-19T13:00:00.000Z',
  expires_at: '2026-12-31T12:59:59.999Z',
  dealership_ids: [],
  phase: 'running',
  path: '/special-offers/1000001',
};
const added: ConsoleOffer = {
  ...running,
  id: 1_000_002,
  title: 'Free tinting',
  starts: '2026-11-27',
  path: '/special-offers/1000002',
};

/**
 * The console's offers page path tests: loading → ready | failed (retry); a new offer or a change
 * opened, its picture uploaded (or refused), the form sent valid (saved or refused) or with field
 * errors, cancelled; an offer ended behind its question (ended or refused) or the question cancelled.
 */
export const consoleOffersPageCatalogEntry = defineCatalogEntry(offersPageMachine, {
  summary:
    'Console offers: loading → ready | failed; add/edit (picture, field errors, saved | refused, cancel); end behind a question → ended | refused | cancelled',
  input: undefined,
  promiseInvokes: {
    loadOffers: 'loadOffers',
    uploadImage: 'uploadImage',
    saveOffer: 'saveOffer',
    endOffer: 'endOffer',
  },
  events: [
    {
      type: 'xstate.done.actor.loadOffers',
      output: { offers: [running], dealerships: [{ id: 7, name: 'Bayside Mazda' }], today: '2026-11-27' },
    },
    { type: 'xstate.error.actor.loadOffers', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'offer.new' },
    { type: 'offer.edit', id: running.id },
    { type: 'offer.edit', id: 42 },
    { type: 'form.cancel' },
    { type: 'image.chosen', picture: { file: new Blob(['jpeg']), name: 'banner.jpg' } },
    {
      type: 'xstate.done.actor.uploadImage',
      output: { image_url: '/media/photos/9a8b7c6d5e4f3a2b/960', srcset: '' },
    },
    {
      type: 'xstate.error.actor.uploadImage',
      error: new Error('The picture must be at least 960 × 270 pixels'),
    },
    {
      type: 'form.submit',
      values: {
        title: 'Free tinting',
        description: '',
        link: '/search',
        starts: '2026-11-27',
        ends: '2026-12-31',
        dealership_ids: '7',
      },
    },
    {
      type: 'form.submit',
      values: { title: '', description: '', link: 'javascript:alert(1)', starts: '2026-11-01', ends: '' },
    },
    { type: 'xstate.done.actor.saveOffer', output: added },
    { type: 'xstate.error.actor.saveOffer', error: new Error('Choose dealerships of this site') },
    { type: 'end.ask', id: running.id },
    { type: 'end.ask', id: 42 },
    { type: 'end.cancel' },
    { type: 'end.confirm' },
    { type: 'xstate.done.actor.endOffer', output: { ...running, phase: 'ended' } },
    { type: 'xstate.error.actor.endOffer', error: new Error('This offer has ended already') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    offers: context.data?.offers.map((offer) => `${offer.id}:${offer.phase}`) ?? null,
    draft: context.draft ? { id: context.draft.id, image: context.draft.image_url !== '' } : null,
    fields: Object.keys(context.fields).sort(),
    notice: context.notice !== null,
    problem: context.problem !== null,
  }),
  simplePaths: false,
});
