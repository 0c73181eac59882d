import { assign, fromPromise, setup } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import type { LeadRefusal } from '../../domain/lead-send.ts';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import {
  type DescriptionChoice,
  type DetailsStep,
  LOADING_MESSAGES,
  type OfferAcceptanceRequest,
  type RegoStep,
  regoOutcome,
  TRADE_IN_ERROR_MESSAGE,
  type TradeInSubmission,
  type VehicleRecord,
  vehicleDescriptions,
} from '../../domain/trade-in.ts';
import { formSubmissionMachine } from '../form-submission/form-submission.machine.ts';
import { isLeadSent, refusalErrors } from '../form-submission/lead-outcome.ts';
import { notProvided } from '../shared/not-provided.ts';
import { refusalFields } from '../shared/refusal.ts';
import { failureMessage } from './failure-message.ts';
import { photoUploadMachine } from './photo-upload.machine.ts';
import {
  checkChoice,
  checkDetails,
  checkRego,
  type RawValues,
  type TradeInContext,
  type TradeInEvent,
  type TradeInInput,
  takesPhotos,
} from './trade-in.context.ts';

/**
 * What the trade-in wizard's statechart (`trade-in.machine.ts`) names: its actors (each bound in the
 * page's wiring: the calls, Step Three's `photoUpload` child and the lead-sending child), its guards
 * (each step's schema, Step One's outcome, the dealership's photo switch) and its actions.
 */
export const tradeInSetup = setup({
  types: {} as {
    context: TradeInContext;
    events: TradeInEvent;
    input: TradeInInput;
    children: { photoUpload: 'photoUpload'; formSubmission: 'formSubmission' };
  },
  actors: {
    /** The car being bought, by its id (none without one). */
    loadCar: fromPromise<CarSummary | null, number | null>(notProvided('loadCar')),
    lookUpRego: fromPromise<VehicleRecord[], RegoStep>(notProvided('lookUpRego')),
    chooseDescription: fromPromise<VehicleRecord[], DescriptionChoice>(notProvided('chooseDescription')),
    /** Step Three, bound in the wiring with its upload. */
    photoUpload: photoUploadMachine,
    /** Step Four's valuation: the car as valued so far with update-eval's answer over it. */
    valueCar: fromPromise<VehicleRecord, TradeInSubmission>(notProvided('valueCar')),
    /** The one lead-sending child, bound in the wiring with the leads service. */
    formSubmission: formSubmissionMachine,
    acceptOffer: fromPromise<unknown, OfferAcceptanceRequest>(notProvided('acceptOffer')),
    /** The signed-in shopper's details, or null for a visitor (issue 37 item 9). */
    readContact: fromPromise<ShopperContact | null>(notProvided('tradeIn: readContact')),
  },
  actions: {
    recordAccepted: (_, _params: { carId: number | null }) => notProvided('recordAccepted')(),
    /**
     * §7 "Valuation save" on the flagged sites (a null record elsewhere: nothing is saved), fire and
     * forget (§8: a failure is only logged); bound in the wiring.
     */
    saveValuation: (_, _params: { record: VehicleRecord | null }) => notProvided('saveValuation')(),
    assignRego: assign((_, values: RawValues) => {
      const checked = checkRego(values);
      return checked.ok
        ? { rego: checked.values as RegoStep, error: null, fieldErrors: {}, messageIndex: 0 }
        : {};
    }),
    assignChoice: assign((_, values: RawValues) => {
      const checked = checkChoice(values);
      return checked.ok ? { choice: String(checked.values.manualEntry), error: null, fieldErrors: {} } : {};
    }),
    assignDetails: assign((_, values: RawValues) => {
      const checked = checkDetails(values);
      return checked.ok ? { details: checked.values as DetailsStep, error: null, fieldErrors: {} } : {};
    }),
    /** A step's values that did not pass its schema: their field errors. */
    assignInvalid: assign((_, fieldErrors: Record<string, string>) => ({ fieldErrors })),
    assignFound: assign((_, found: VehicleRecord[]) => {
      const record = found[0] ?? null;
      return { record, descriptions: record ? vehicleDescriptions(record) : [] };
    }),
    /**
     * §7 manual-entry answers "the updated vehicle": the chosen description's car over what the
     * look-up found, whose registration and its expiry the answer need not repeat (issue 31 item 16).
     */
    assignChosen: assign(({ context }, found: VehicleRecord[]) => {
      const { VechielDescriptions: _listed, VechicleDescriptions: _spelt, ...looked } = context.record ?? {};
      const chosen = found[0];
      return { record: chosen ? { ...looked, ...chosen } : null };
    }),
    assignError: assign((_, error: unknown) => ({
      error: failureMessage(error),
      fieldErrors: refusalFields(error),
    })),
    assignRefusal: assign((_, refusal: LeadRefusal) => refusalErrors(refusal, TRADE_IN_ERROR_MESSAGE)),
    nextMessage: assign(({ context }) => ({
      messageIndex: (context.messageIndex + 1) % LOADING_MESSAGES.length,
    })),
    assignOffered: assign((_, offered: VehicleRecord) => ({ offered })),
    assignLead: assign((_, leadId: string) => ({ leadId, error: null, fieldErrors: {} })),
    clearError: assign({ error: null, fieldErrors: {} }),
    assignCar: assign((_, car: CarSummary | null) => ({ car, carId: car?.id ?? null })),
    /** A car that is not for sale here any more: the trade-in goes on without it. */
    forgetCar: assign({ car: null, carId: null }),
    assignContact: assign((_, contact: ShopperContact | null) => ({ contact })),
  },
  guards: {
    isRegoValid: (_, values: RawValues) => checkRego(values).ok,
    isChoiceValid: (_, values: RawValues) => checkChoice(values).ok,
    isDetailsValid: (_, values: RawValues) => checkDetails(values).ok,
    toSelection: (_, found: VehicleRecord[]) => regoOutcome(found[0], false) === 'selection',
    toImages: ({ context }, found: VehicleRecord[]) =>
      regoOutcome(found[0], takesPhotos(context)) === 'images',
    hasEvalId: (_, found: VehicleRecord[]) => regoOutcome(found[0], false) === 'details',
    /** The dealership's switch (`tradeInImageUpload`): Step Three, or straight on to Step Four. */
    takesImages: ({ context }) => takesPhotos(context),
    isLeadSent,
    hasOffer: ({ context }) => typeof context.offered?.OfferAmount === 'number',
  },
});
