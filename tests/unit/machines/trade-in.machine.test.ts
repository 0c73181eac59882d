import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CarSummary } from '../../../domain/contracts/vehicle.ts';
import type { LeadSend } from '../../../domain/lead-send.ts';
import { type TradeInSubmission, tradeInLeadValues, type VehicleRecord } from '../../../domain/trade-in.ts';
import { formSubmissionMachine } from '../../../machines/form-submission/form-submission.machine.ts';
import { tradeInMachine } from '../../../machines/trade-in/trade-in.machine.ts';
import { selectFormError, selectScreen } from '../../../machines/trade-in/trade-in.selectors.ts';
import { ServiceError } from '../../../services/errors.ts';

/**
 * `locations-forms-tradein-site.md` §7: manual-entry answers "a list with the updated vehicle" — the
 * chosen description's car, with its EvalID. Issue 31 item 16: the valuation, the offer and the
 * lead are about the car chosen, and keep what the look-up found of it (its registration).
 */
const LOOKED_UP: VehicleRecord = {
  VIN: '6T15D3D87414E6C80',
  Make: 'Mazda',
  Model: 'Mazda3',
  Year: 2021,
  Registration: 'TEST01',
  RegExpiry: '2027-03-31',
  VechielDescriptions: [
    { Description: '2021 Mazda Mazda3 GX Manual Sedan' },
    { Description: '2021 Mazda Mazda3 GXL Manual Sedan' },
  ],
};
const CHOSEN: VehicleRecord = {
  VIN: '6T15D3D87414E6C80',
  Make: 'Mazda',
  Model: 'Mazda3',
  Year: 2021,
  Variant: 'GXL',
  EvalID: 'EV41756B8BB1CAD7',
};

/** Step Four as a shopper enters it. */
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

const LEAD_ID = '00000000-0000-4000-8000-000000000003';

/**
 * The lead-sending child as the page binds it for the trade-in: the leads service faked by `answer`
 * (each lead it is handed kept in `sent`), no form event, nothing stored, no success page.
 */
function leadChild(
  sent: LeadSend[],
  answer: () => Promise<{ lead_id: string }> = async () => ({ lead_id: LEAD_ID }),
) {
  return formSubmissionMachine.provide({
    actors: {
      submitForm: fromPromise(async ({ input }) => {
        sent.push(input);
        return answer();
      }),
    },
    actions: { recordEvent: () => {}, storeCategory: () => {}, navigate: () => {}, alertFailure: () => {} },
  });
}

describe('trade-in: choosing a description', () => {
  it('values the chosen car, keeping its registration from the look-up', async () => {
    const chosen: { vin: string; desc: string }[] = [];
    const valued: VehicleRecord[] = [];
    const actor = createActor(
      tradeInMachine.provide({
        actors: {
          loadCar: fromPromise(async (): Promise<CarSummary | null> => null),
          lookUpRego: fromPromise(async () => [LOOKED_UP]),
          chooseDescription: fromPromise(async ({ input }) => {
            chosen.push(input);
            return [CHOSEN];
          }),
          valueCar: fromPromise(async ({ input }) => {
            valued.push(input.record);
            return { ...input.record, OfferAmount: 18_500 };
          }),
          formSubmission: leadChild([]),
        },
        actions: { recordAccepted: () => {}, saveValuation: () => {} },
      }),
      { input: { imageDealerships: [], carId: null, dealershipSlug: 'bayside-mazda', valuationSave: false } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleDetails'));
    actor.send({ type: 'tradeIn.rego', values: { rego: 'TEST01', state: 'qld' } });
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleSelection'));
    actor.send({ type: 'tradeIn.choose', values: { manualEntry: '2021 Mazda Mazda3 GXL Manual Sedan' } });
    await waitFor(actor, (snapshot) => snapshot.matches('yourDetails'));
    expect(chosen).toEqual([{ vin: '6T15D3D87414E6C80', desc: '2021 Mazda Mazda3 GXL Manual Sedan' }]);
    actor.send({ type: 'tradeIn.details', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('offer'));
    expect(valued).toEqual([
      {
        VIN: '6T15D3D87414E6C80',
        Make: 'Mazda',
        Model: 'Mazda3',
        Year: 2021,
        Variant: 'GXL',
        EvalID: 'EV41756B8BB1CAD7',
        Registration: 'TEST01',
        RegExpiry: '2027-03-31',
      },
    ]);
  });
});

describe('trade-in: each step runs its schema (§5; issue 32 item 4)', () => {
  const wizard = () =>
    createActor(
      tradeInMachine.provide({
        actors: {
          loadCar: fromPromise(async (): Promise<CarSummary | null> => null),
          lookUpRego: fromPromise(async () => [LOOKED_UP]),
          chooseDescription: fromPromise(async () => [CHOSEN]),
          valueCar: fromPromise(async ({ input }) => {
            submitted.push(input.details);
            return { ...input.record, OfferAmount: 18_500 };
          }),
          formSubmission: leadChild([]),
        },
        actions: { recordAccepted: () => {}, saveValuation: () => {} },
      }),
      { input: { imageDealerships: [], carId: null, dealershipSlug: 'bayside-mazda', valuationSave: false } },
    ).start();
  const submitted: unknown[] = [];

  it('keeps each step with its field errors until its values pass, then sends them checked', async () => {
    const actor = wizard();
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleDetails'));
    actor.send({ type: 'tradeIn.rego', values: { rego: '', state: 'qld' } });
    expect(actor.getSnapshot().matches('vehicleDetails')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ rego: '* This field is required' });
    actor.send({ type: 'tradeIn.rego', values: { rego: ' TEST01 ', state: 'qld' } });
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleSelection'));
    expect(actor.getSnapshot().context.rego).toEqual({ rego: 'TEST01', state: 'qld' });
    actor.send({ type: 'tradeIn.choose', values: {} });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ manualEntry: '* Please choose one car.' });
    actor.send({ type: 'tradeIn.choose', values: { manualEntry: '2021 Mazda Mazda3 GXL Manual Sedan' } });
    await waitFor(actor, (snapshot) => snapshot.matches('yourDetails'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'tradeIn.details', values: { ...DETAILS, postcode: '' } });
    expect(actor.getSnapshot().value).toBe('yourDetails');
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['postcode']);
    actor.send({ type: 'tradeIn.details', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('offer'));
    expect(submitted).toEqual([{ ...DETAILS, odometer: 42_000, number_of_keys: 2 }]);
  });
});

describe('trade-in: Step Four values the car, then the one lead-sending child sends the lead (issue 32 item 5)', () => {
  const SUBMISSION: Omit<TradeInSubmission, 'record'> = {
    rego: { rego: 'TEST01', state: 'qld' },
    details: { ...DETAILS, odometer: 42_000, number_of_keys: 2 } as TradeInSubmission['details'],
    carId: null,
    dealershipSlug: 'bayside-mazda',
  };
  // The looked-up car under the chosen one (its descriptions list dropped), with the valuation's offer.
  const { VechielDescriptions: _listed, ...looked } = LOOKED_UP;
  const OFFERED: VehicleRecord = {
    ...looked,
    ...CHOSEN,
    OfferAmount: 18_500,
    OfferValidUntil: '2026-12-02',
  };

  function wizard(answers: (() => Promise<{ lead_id: string }>)[], valuationSave = true) {
    const sent: LeadSend[] = [];
    const valuations: TradeInSubmission[] = [];
    const saved: (VehicleRecord | null)[] = [];
    const accepted: string[] = [];
    const actor = createActor(
      tradeInMachine.provide({
        actors: {
          loadCar: fromPromise(async (): Promise<CarSummary | null> => null),
          lookUpRego: fromPromise(async () => [LOOKED_UP]),
          chooseDescription: fromPromise(async () => [CHOSEN]),
          valueCar: fromPromise(async ({ input }) => {
            valuations.push(input);
            return { ...input.record, OfferAmount: 18_500, OfferValidUntil: '2026-12-02' };
          }),
          formSubmission: leadChild(sent, () => (answers.shift() ?? (async () => ({ lead_id: LEAD_ID })))()),
          acceptOffer: fromPromise(async ({ input }) => {
            accepted.push(input.leadId);
            return { lead_id: input.leadId };
          }),
        },
        actions: { recordAccepted: () => {}, saveValuation: (_, { record }) => saved.push(record) },
      }),
      { input: { imageDealerships: [], carId: null, dealershipSlug: 'bayside-mazda', valuationSave } },
    ).start();
    return { actor, sent, valuations, saved, accepted };
  }

  async function toStepFour(actor: ReturnType<typeof wizard>['actor']) {
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleDetails'));
    actor.send({ type: 'tradeIn.rego', values: { rego: 'TEST01', state: 'qld' } });
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleSelection'));
    actor.send({ type: 'tradeIn.choose', values: { manualEntry: '2021 Mazda Mazda3 GXL Manual Sedan' } });
    await waitFor(actor, (snapshot) => snapshot.matches('yourDetails'));
  }

  it('the lead is the valued car’s (§7), sent as a tradeIn form; its id is what the acceptance updates', async () => {
    const { actor, sent, valuations, saved, accepted } = wizard([]);
    await toStepFour(actor);
    actor.send({ type: 'tradeIn.details', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('offer'));
    expect(valuations.map(({ record: _record, ...rest }) => rest)).toEqual([SUBMISSION]);
    expect(sent).toEqual([
      { form: 'tradeIn', values: tradeInLeadValues({ ...SUBMISSION, record: OFFERED }) },
    ]);
    expect(saved).toEqual([OFFERED]);
    actor.send({ type: 'tradeIn.accept' });
    await waitFor(actor, (snapshot) => snapshot.matches('accepted'));
    expect(accepted).toEqual([LEAD_ID]);
  });

  it('a refused lead shows the server’s message on Step Four; the next submit values the car and sends again (§8)', async () => {
    const refusal = new ServiceError('http', 'This valuation has expired. Please start again.', {
      status: 422,
      fields: { EvalID: 'This valuation has expired. Please start again.' },
    });
    const { actor, sent, valuations, saved } = wizard(
      [
        async () => {
          throw refusal;
        },
        async () => {
          throw new ServiceError('network', '', {});
        },
      ],
      false,
    );
    await toStepFour(actor);
    actor.send({ type: 'tradeIn.details', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('yourDetails') && snapshot.context.error !== null);
    expect(selectScreen(actor.getSnapshot())).toBe('yourDetails');
    expect(selectFormError(actor.getSnapshot())).toBe('This valuation has expired. Please start again.');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      EvalID: 'This valuation has expired. Please start again.',
    });
    actor.send({ type: 'tradeIn.details', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('yourDetails') && snapshot.context.error !== null);
    // A refusal without a message shows the wizard's own text.
    expect(selectFormError(actor.getSnapshot())).toBe(
      'An error occurred while submitting the form. Please try again.',
    );
    actor.send({ type: 'tradeIn.details', values: DETAILS });
    await waitFor(actor, (snapshot) => snapshot.matches('offer'));
    expect(valuations).toHaveLength(3);
    expect(sent).toHaveLength(3);
    // Not a flagged site: the valuation is not saved.
    expect(saved).toEqual([null]);
  });
});
