import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import {
  type FinancePrefill,
  initialRepayment,
  type RepaymentEntry,
  type RepaymentField,
  type RepaymentInput,
  readRepayment,
  repaymentEntry,
} from '../../domain/finance-application.ts';
import type { GateRequest } from '../../domain/gated-routes.ts';
import {
  type FormSubmissionInput,
  formSubmissionMachine,
} from '../form-submission/form-submission.machine.ts';
import { type GatedRouteOutput, gatedRouteMachine } from '../gated-route/gated-route.machine.ts';
import { errorMessage } from '../shared/error-message.ts';
import { errorOf } from '../shared/error-of.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The route asked for (its gate), what its URL prefills, the dealer's rate, and where else it lives. */
export interface FinancePageInput extends GateRequest {
  prefill: FinancePrefill;
  /** The dealer's calculator rate (its `finance.default_interest_rate`, 8.5 % unless set). */
  ratePercent: number;
  /** The dealer's own finance route when this is another (the page moves there), else null. */
  movedTo: string | null;
  /** The application form's lead (`form: 'finance'`) and the success page. */
  form: Omit<FormSubmissionInput, 'form'>;
}

export interface FinancePageContext extends FinancePageInput {
  /** Where the page sends the shopper instead (sign-in, or the dealer's own route), else null. */
  redirectTo: string | null;
  /** The car the shopper came from (`car_id`), shown beside the form; null without one. */
  car: CarSummary | null;
  /** The calculator's figures as typed. */
  entry: RepaymentEntry;
  /** The last figures that made sense (the repayment shown while the entry does). */
  calculator: RepaymentInput;
  /** What is wrong with the entry, by input; empty while it makes sense. */
  calculatorErrors: Partial<Record<RepaymentField, string>>;
  error: string | null;
}

export type FinancePageEvent =
  /** The calculator's inputs changed, as typed (`domain/finance-application.ts` reads them). */
  { type: 'calculator.change'; values: Partial<RepaymentEntry> } | { type: 'retry' };

/**
 * The finance page (`search-detail-finance-watchlist.md` §2 finance routes and `#finance-form`, §9
 * finance constants; `locations-forms-tradein-site.md` §2 `/personalised/finance`, §4 Gated routes;
 * issue 17 item 4): `checkingRoute` (another dealer's finance route is `moved` to this dealer's own, with
 * the same query, before anything is asked; otherwise the `gate` child, `gatedRouteMachine`, decides:
 * anonymous visitors of a personalised-flow dealer go to `signIn`, a session that could not be read
 * to `failed` and its retry) →
 * `loadingCar` (the car of `car_id`, if any) → `ready`, where the repayment calculator follows the
 * shopper's inputs and the application form is the `formSubmission` child (`form`, category 'Finance
 * Enquiry').
 */
export const financePageMachine = setup({
  types: {} as {
    context: FinancePageContext;
    events: FinancePageEvent;
    input: FinancePageInput;
    children: { gate: 'gate'; form: 'formSubmission' };
  },
  actors: {
    gate: gatedRouteMachine,
    /** The car of `car_id` (the car-summary service's parameter: its id, or null without one). */
    loadCar: fromPromise<CarSummary | null, number | null>(notProvided('loadCar')),
    formSubmission: formSubmissionMachine,
  },
  actions: {
    assignMoved: assign(({ context }) => ({ redirectTo: context.movedTo })),
    assignSignIn: assign((_, outcome: GatedRouteOutput) => ({ redirectTo: outcome.signInUrl })),
    assignGateError: assign((_, outcome: GatedRouteOutput) => ({ error: outcome.error })),
    assignCar: assign(({ context }, car: CarSummary | null) => {
      if (!car) return { car };
      const calculator = initialRepayment(car.price, context.ratePercent);
      return { car, calculator, entry: repaymentEntry(calculator), calculatorErrors: {} };
    }),
    assignCalculator: assign(({ context, event }) => {
      if (event.type !== 'calculator.change') return {};
      const entry = { ...context.entry, ...event.values };
      const read = readRepayment(entry, context.ratePercent);
      return read.ok
        ? { entry, calculator: read.input, calculatorErrors: {} }
        : { entry, calculatorErrors: read.errors };
    }),
    assignError: assign((_, error: unknown) => ({ error: errorMessage(error) })),
  },
  guards: {
    /** Another finance route than the dealer's own (`movedTo`, from the input). */
    isMoved: ({ context }) => context.movedTo !== null,
    gateAllows: (_, outcome: GatedRouteOutput) => outcome.allowed,
    gateRedirects: (_, outcome: GatedRouteOutput) => outcome.signInUrl !== null,
  },
}).createMachine({
  id: 'financePage',
  context: ({ input }) => ({
    ...input,
    redirectTo: null,
    car: null,
    calculator: initialRepayment(input.prefill.vehiclePriceBudget, input.ratePercent),
    entry: repaymentEntry(initialRepayment(input.prefill.vehiclePriceBudget, input.ratePercent)),
    calculatorErrors: {},
    error: null,
  }),
  initial: 'checkingRoute',
  states: {
    checkingRoute: {
      tags: ['loading'],
      // A moved route leaves before the gate starts: it asks nobody who the visitor is.
      always: { guard: 'isMoved', target: 'moved', actions: 'assignMoved' },
      invoke: {
        id: 'gate',
        src: 'gate',
        input: ({ context }) => ({
          path: context.path,
          search: context.search,
          personalisedFlow: context.personalisedFlow,
        }),
        onDone: [
          { guard: { type: 'gateAllows', params: ({ event }) => event.output }, target: 'loadingCar' },
          {
            guard: { type: 'gateRedirects', params: ({ event }) => event.output },
            target: 'signIn',
            actions: { type: 'assignSignIn', params: ({ event }) => event.output },
          },
          // The session could not be read: the gate's output says why.
          { target: 'failed', actions: { type: 'assignGateError', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    /** Anonymous on a personalised-flow site: the page goes to sign-in (`redirectTo`). */
    signIn: { type: 'final' },
    /** Another finance route than the dealer's own: the page goes there (`redirectTo`). */
    moved: { type: 'final' },
    failed: { on: { retry: 'checkingRoute' } },
    loadingCar: {
      tags: ['loading'],
      invoke: {
        id: 'loadCar',
        src: 'loadCar',
        input: ({ context }) => context.prefill.carId,
        onDone: { target: 'ready', actions: { type: 'assignCar', params: ({ event }) => event.output } },
        // A car that is not for sale here any more: the application goes on without it.
        onError: { target: 'ready', actions: { type: 'assignCar', params: null } },
      },
    },
    ready: {
      invoke: {
        id: 'form',
        src: 'formSubmission',
        // The application shows its fields at once: it starts with a signed-in shopper's details.
        input: ({ context }) => ({ ...context.form, form: 'finance', readsContact: true }),
      },
      on: { 'calculator.change': { actions: 'assignCalculator' } },
    },
  },
});

/** A running finance page. */
export type FinancePageActorRef = ActorRefFrom<typeof financePageMachine>;
