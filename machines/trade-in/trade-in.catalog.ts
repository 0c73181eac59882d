import type { VehicleRecord } from '../../domain/trade-in.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { tradeInMachine } from './trade-in.machine.ts';

const car: VehicleRecord = { VIN: 'TEST01VIN', Make: 'Toyota', Model: 'Corolla', Year: 2021 };
/** A car the fixture marks as valued by a dealer that takes no photos (see `provide.guards`). */
const NO_PHOTOS = 'No Photos Motors';

/** Step Four's values as a shopper enters them, passing `detailsStepSchema`. */
const DETAILS = {
  name: 'Sam Shopper',
  email: 'sam@example.com',
  phone: '0400 111 222',
  postcode: '4000',
  odometer: '42000',
  service_history: 'Full',
  number_of_keys: '2',
  car_condition: 'Good',
  comments: 'One owner, garaged.',
};

/**
 * The trade-in wizard's path tests: each step's values passing or failing its schema, each Step One
 * outcome (descriptions, an EvalID with or without photos, no match, a failure), Step Two, Step Three
 * (the `photoUpload` child, finished), Step Four valued or not, its lead stored or refused by the
 * lead-sending child, the offer accepted or not; a signed-in shopper's details read for Step Four, or a
 * visitor's none (issue 37 item 9). One input takes photos; a
 * fixture record from `NO_PHOTOS` stands for a dealer without them.
 */
export const tradeInCatalogEntry = defineCatalogEntry(tradeInMachine, {
  summary:
    'Trade-in: rego → lookingUp → selection | images | details | notFound; photoUpload child; details → valuing → sendingLead (formSubmission) → offer → accepted',
  input: {
    imageDealerships: ['bayside-mazda'],
    carId: 501,
    dealershipSlug: 'bayside-mazda',
    valuationSave: true,
  },
  promiseInvokes: {
    readContact: 'readContact',
    loadCar: 'loadCar',
    lookUpRego: 'lookUpRego',
    chooseDescription: 'chooseDescription',
    photoUpload: 'photoUpload',
    valueCar: 'valueCar',
    formSubmission: 'formSubmission',
    acceptOffer: 'acceptOffer',
  },
  events: [
    {
      type: 'xstate.done.actor.readContact',
      output: { name: null, email: 'sam@example.com', phone: '0400 111 222' },
    },
    { type: 'xstate.done.actor.readContact', output: null },
    { type: 'xstate.error.actor.readContact', error: new Error('Network error') },
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
    { type: 'tradeIn.rego', values: { rego: '', state: 'qld' } },
    {
      type: 'xstate.done.actor.lookUpRego',
      output: [{ ...car, VechielDescriptions: [{ Description: '2021 Toyota Corolla GX' }] }],
    },
    { type: 'xstate.done.actor.lookUpRego', output: [{ ...car, EvalID: 'EV1' }] },
    { type: 'xstate.done.actor.lookUpRego', output: [{ ...car, Make: NO_PHOTOS, EvalID: 'EV2' }] },
    { type: 'xstate.done.actor.lookUpRego', output: [] },
    { type: 'xstate.error.actor.lookUpRego', error: new Error('We could not value your car just now.') },
    { type: 'tradeIn.back' },
    { type: 'tradeIn.choose', values: { manualEntry: '2021 Toyota Corolla GX' } },
    { type: 'tradeIn.choose', values: {} },
    { type: 'xstate.done.actor.chooseDescription', output: [{ ...car, EvalID: 'EV3' }] },
    { type: 'xstate.done.actor.chooseDescription', output: [{ ...car, Make: NO_PHOTOS, EvalID: 'EV4' }] },
    { type: 'xstate.error.actor.chooseDescription', error: new Error('Network error') },
    { type: 'xstate.done.actor.photoUpload', output: undefined },
    { type: 'tradeIn.details', values: DETAILS },
    { type: 'tradeIn.details', values: { ...DETAILS, postcode: '' } },
    {
      type: 'xstate.done.actor.valueCar',
      output: { ...car, EvalID: 'EV1', OfferAmount: 18_400, OfferValidUntil: '2026-12-02' },
    },
    { type: 'xstate.error.actor.valueCar', error: new Error('Network error') },
    // The lead-sending child's ends: the lead stored, or refused (its output).
    { type: 'xstate.done.actor.formSubmission', output: { lead_id: '00000000-0000-4000-8000-000000000003' } },
    {
      type: 'xstate.done.actor.formSubmission',
      output: {
        refusal: {
          message: 'This valuation has expired. Please start again.',
          code: null,
          fields: { EvalID: 'This valuation has expired. Please start again.' },
        },
      },
    },
    {
      type: 'xstate.error.actor.formSubmission',
      error: Object.assign(new Error('Network error'), { details: {} }),
    },
    { type: 'tradeIn.accept' },
    { type: 'xstate.done.actor.acceptOffer', output: { lead_id: 'L1' } },
    { type: 'xstate.error.actor.acceptOffer', error: new Error('Network error') },
  ],
  serializeState: ({ value, context }) => ({
    value,
    invalid: Object.keys(context.fieldErrors).length > 0,
    failed: context.error !== null,
    offer: context.leadId !== null,
    contact: context.contact !== null,
  }),
  // Back, failures and retries loop; the shortest paths take every transition.
  simplePaths: false,
  notThroughUi: {
    'sendingLead xstate.error.actor.formSubmission':
      'the lead-sending child never fails: a refusal or a lost answer ends it in `refused` with the refusal as its output (the done [otherwise] branch); only a fault in our own code would error it',
  },
  provide: {
    actions: { recordAccepted: () => {}, saveValuation: () => {} },
    guards: {
      // The fixture's marker stands for the dealer's switch, so one input reaches both branches.
      toImages: (_, found: VehicleRecord[]) => Boolean(found[0]?.EvalID) && found[0]?.Make !== NO_PHOTOS,
      takesImages: ({ event }) => (event as { output?: VehicleRecord[] }).output?.[0]?.Make !== NO_PHOTOS,
    },
  },
});
