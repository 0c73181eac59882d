import { defineCatalogEntry } from '../catalog.types.ts';
import { gateChildEnds } from '../gated-route/gated-route.catalog.ts';
import { financePageMachine } from './finance-page.machine.ts';

/**
 * The finance page's path tests: another dealer's route (moved), the gate child (allowed, to sign-in,
 * failed and retried), the car loaded or gone, and the calculator followed. The application form is
 * the `formSubmission` machine, with paths of its own.
 */
export const financePageCatalogEntry = defineCatalogEntry(financePageMachine, {
  summary:
    'Finance page: moved | gate → signIn | loadingCar → ready (calculator; the application is formSubmission)',
  input: {
    path: '/finance',
    search: 'car_id=501',
    personalisedFlow: true,
    prefill: { preferredDealership: null, vehiclePriceBudget: null, carId: 501, carType: null },
    ratePercent: 8.5,
    movedTo: null,
    form: {
      category: 'Finance Enquiry',
      eventId: 22,
      successPath: '/success',
      rules: { dealershipCount: 1 },
    },
  },
  promiseInvokes: { gate: 'gate', loadCar: 'loadCar' },
  events: [
    ...gateChildEnds('/sign-in?type=finance&redirect=%2Ffinance%3Fcar_id%3D501&back=%2F'),
    { type: 'retry' },
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
    { type: 'calculator.change', values: { deposit: '5000', termYears: '3' } },
    { type: 'calculator.change', values: { balloon: '90000' } },
  ],
  serializeState: ({ value, context }) => ({ value, car: context.car !== null }),
  simplePaths: false,
  notThroughUi: {
    'checkingRoute xstate.error.actor.gate':
      'the gate child never fails: a session that cannot be read ends it in `failed` with the reason as its output (the done [otherwise] branch); only a fault in our own code would error it',
  },
  provide: {
    guards: {
      // A moved route is the input's (`movedTo`), decided before the gate starts; one input serves
      // both here: the first check runs the gate, and the check a retry starts stands for another
      // dealer's finance route (the unit tests retry into the gate again).
      isMoved: ({ event }) => event.type === 'retry',
    },
  },
});
