import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CarSummary } from '../../../domain/contracts/vehicle.ts';
import { CALCULATOR_MESSAGES } from '../../../domain/finance-application.ts';
import {
  type FinanceRoute,
  financePageMachine,
} from '../../../machines/finance-application/finance-page.machine.ts';
import { selectWeeklyRepayment } from '../../../machines/finance-application/finance-page.selectors.ts';

/** The finance page's repayment calculator (`search-detail-finance-watchlist.md` §9; issue 31 item 21). */
describe('the finance page’s calculator', () => {
  const start = async () => {
    const actor = createActor(
      financePageMachine.provide({
        actors: {
          checkRoute: fromPromise(async (): Promise<FinanceRoute> => ({ go: 'stay' })),
          loadCar: fromPromise(
            async (): Promise<CarSummary | null> => ({
              id: 501,
              slug: '2022-mazda-cx-5-501',
              name: '2022 Mazda CX-5',
              price: 30_000,
              primary_image_url: null,
              dealership_slug: 'bayside-mazda',
            }),
          ),
        },
      }),
      {
        input: {
          path: '/finance',
          search: 'car_id=501',
          personalisedFlow: false,
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
      },
    );
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    return actor;
  };

  it('starts from the car: $30,000 less 10 % over 5 years at 8.5 % is $128 a week', async () => {
    const actor = await start();
    expect(actor.getSnapshot().context.entry).toEqual({
      price: '30000',
      deposit: '3000',
      balloon: '0',
      termYears: '5',
    });
    expect(selectWeeklyRepayment(actor.getSnapshot())).toBe(128);
  });

  it('a price in words is refused beside the price, with no figure (never $0 a week), and keeps what was typed', async () => {
    const actor = await start();
    actor.send({ type: 'calculator.change', values: { price: 'abc' } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.entry.price).toBe('abc');
    expect(snapshot.context.calculatorErrors).toEqual({ price: CALCULATOR_MESSAGES.price });
    expect(selectWeeklyRepayment(snapshot)).toBeNull();
    actor.send({ type: 'calculator.change', values: { price: '$40,000' } });
    expect(actor.getSnapshot().context.calculatorErrors).toEqual({});
    expect(actor.getSnapshot().context.calculator.price).toBe(40_000);
  });

  it('a balloon above the price is refused as typed, not cut down to fit', async () => {
    const actor = await start();
    actor.send({ type: 'calculator.change', values: { balloon: '45000' } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.entry.balloon).toBe('45000');
    expect(snapshot.context.calculatorErrors).toEqual({ balloon: CALCULATOR_MESSAGES.balloon });
    expect(snapshot.context.calculator.balloon).toBe(0);
    expect(selectWeeklyRepayment(snapshot)).toBeNull();
  });
});
