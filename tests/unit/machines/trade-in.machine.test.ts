import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CarSummary } from '../../../domain/contracts/vehicle.ts';
import type { VehicleRecord } from '../../../domain/trade-in.ts';
import { type TradeInValued, tradeInMachine } from '../../../machines/trade-in/trade-in.machine.ts';

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
          submitDetails: fromPromise(async ({ input }): Promise<TradeInValued> => {
            valued.push(input.record);
            return { record: { ...input.record, OfferAmount: 18_500 }, leadId: 'lead-1' };
          }),
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
          submitDetails: fromPromise(async ({ input }): Promise<TradeInValued> => {
            submitted.push(input.details);
            return { record: { ...input.record, OfferAmount: 18_500 }, leadId: 'lead-1' };
          }),
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
    expect(actor.getSnapshot().value).toBe('vehicleDetails');
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
