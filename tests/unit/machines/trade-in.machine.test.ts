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
        actions: { alertMessage: () => {}, recordAccepted: () => {}, saveValuation: () => {} },
      }),
      { input: { imageDealerships: [], carId: null, dealershipSlug: 'bayside-mazda', valuationSave: false } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleDetails'));
    actor.send({ type: 'tradeIn.rego', values: { rego: 'TEST01', state: 'qld' } });
    await waitFor(actor, (snapshot) => snapshot.matches('vehicleSelection'));
    actor.send({ type: 'tradeIn.choose', desc: '2021 Mazda Mazda3 GXL Manual Sedan' });
    await waitFor(actor, (snapshot) => snapshot.matches('yourDetails'));
    expect(chosen).toEqual([{ vin: '6T15D3D87414E6C80', desc: '2021 Mazda Mazda3 GXL Manual Sedan' }]);
    actor.send({ type: 'tradeIn.details', values: { name: 'Sam Shopper', odometer: 42_000 } });
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
