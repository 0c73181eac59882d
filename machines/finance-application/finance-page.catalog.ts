import { defineCatalogEntry } from '../catalog.types.ts';
import { financePageMachine } from './finance-page.machine.ts';

/**
 * The finance page's path tests: another dealer's route (moved), the gate (allowed, to sign-in,
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
  promiseInvokes: { checkRoute: 'checkRoute', loadCar: 'loadCar' },
  events: [
    { type: 'xstate.done.actor.checkRoute', output: { go: 'stay' } },
    {
      type: 'xstate.done.actor.checkRoute',
      output: { go: 'signIn', url: '/sign-in?type=finance&redirect=%2Ffinance&back=%2F' },
    },
    { type: 'xstate.done.actor.checkRoute', output: { go: 'moved', url: '/apply-for-finance?car_id=501' } },
    { type: 'xstate.error.actor.checkRoute', error: new Error('Network error') },
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
});
