import type { VehicleRecord } from '../../domain/trade-in.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { tradeInMachine } from './trade-in.machine.ts';

const car: VehicleRecord = { VIN: 'TEST01VIN', Make: 'Toyota', Model: 'Corolla', Year: 2021 };
/** A car the fixture marks as valued by a dealer that takes no photos (see `provide.guards`). */
const NO_PHOTOS = 'No Photos Motors';

/**
 * The trade-in wizard's path tests: each Step One outcome (descriptions, an EvalID with or without
 * photos, no match, a failure), Step Two, a photo uploaded or refused, Step Four, the offer accepted
 * or not. One input takes photos; a fixture record from `NO_PHOTOS` stands for a dealer without them.
 */
export const tradeInCatalogEntry = defineCatalogEntry(tradeInMachine, {
  summary:
    'Trade-in: rego → lookingUp → selection | images | details | notFound; choose; upload; details → offer → accepted',
  input: {
    imageDealerships: ['bayside-mazda'],
    carId: 501,
    dealershipSlug: 'bayside-mazda',
    valuationSave: true,
  },
  promiseInvokes: {
    loadCar: 'loadCar',
    lookUpRego: 'lookUpRego',
    chooseDescription: 'chooseDescription',
    uploadImage: 'uploadImage',
    submitDetails: 'submitDetails',
    acceptOffer: 'acceptOffer',
  },
  events: [
    {
      type: 'xstate.done.actor.loadCar',
      output: {
        id: 501,
        slug: '2022-mazda-cx-5-501',
        name: '2022 Mazda CX-5',
        price: 36_990,
        primary_image_url: null,
        dealership_slug: 'bayside-mazda',
      },
    },
    { type: 'xstate.error.actor.loadCar', error: new Error('No such car') },
    { type: 'tradeIn.rego', values: { rego: 'TEST01', state: 'qld' } },
    { type: 'tradeIn.invalid', fieldErrors: { rego: '* This field is required' } },
    {
      type: 'xstate.done.actor.lookUpRego',
      output: [{ ...car, VechielDescriptions: [{ Description: '2021 Toyota Corolla GX' }] }],
    },
    { type: 'xstate.done.actor.lookUpRego', output: [{ ...car, EvalID: 'EV1' }] },
    { type: 'xstate.done.actor.lookUpRego', output: [{ ...car, Make: NO_PHOTOS, EvalID: 'EV2' }] },
    { type: 'xstate.done.actor.lookUpRego', output: [] },
    { type: 'xstate.error.actor.lookUpRego', error: new Error('We could not value your car just now.') },
    { type: 'tradeIn.back' },
    { type: 'tradeIn.choose', desc: '2021 Toyota Corolla GX' },
    { type: 'xstate.done.actor.chooseDescription', output: [{ ...car, EvalID: 'EV3' }] },
    { type: 'xstate.done.actor.chooseDescription', output: [{ ...car, Make: NO_PHOTOS, EvalID: 'EV4' }] },
    { type: 'xstate.error.actor.chooseDescription', error: new Error('Network error') },
    { type: 'images.add', files: [{ name: 'front.jpg', size: 2_000_000, type: 'image/jpeg', file: null }] },
    { type: 'xstate.done.actor.uploadImage', output: { image_id: 1, count: 1 } },
    {
      type: 'xstate.error.actor.uploadImage',
      error: new Error('Please upload a JPEG, PNG, GIF or HEIC image'),
    },
    { type: 'tradeIn.next' },
    { type: 'tradeIn.details', values: { name: 'Sam', odometer: 42_000 } },
    {
      type: 'xstate.done.actor.submitDetails',
      output: {
        record: { ...car, EvalID: 'EV1', OfferAmount: 18_400, OfferValidUntil: '2026-12-02' },
        leadId: 'L1',
      },
    },
    { type: 'xstate.error.actor.submitDetails', error: new Error('Network error') },
    { type: 'tradeIn.accept' },
    { type: 'xstate.done.actor.acceptOffer', output: { lead_id: 'L1' } },
    { type: 'xstate.error.actor.acceptOffer', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    images: [...new Set(context.images.map((image) => image.status))].sort(),
    failed: context.error !== null,
    offer: context.valued !== null,
  }),
  // Back, failures and retries loop; the shortest paths take every transition.
  simplePaths: false,
  provide: {
    actions: { alertMessage: () => {}, recordAccepted: () => {}, saveValuation: () => {} },
    guards: {
      // The fixture's marker stands for the dealer's switch, so one input reaches both branches.
      toImages: (_, found: VehicleRecord[]) => Boolean(found[0]?.EvalID) && found[0]?.Make !== NO_PHOTOS,
      takesImages: ({ event }) => (event as { output?: VehicleRecord[] }).output?.[0]?.Make !== NO_PHOTOS,
    },
  },
});
