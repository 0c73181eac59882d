import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '../../../domain/contracts/session.ts';
import type { CarSummary } from '../../../domain/contracts/vehicle.ts';
import { CALCULATOR_MESSAGES } from '../../../domain/finance-application.ts';
import {
  type FinancePageInput,
  financePageMachine,
} from '../../../machines/finance-application/finance-page.machine.ts';
import {
  selectError,
  selectRedirect,
  selectWeeklyRepayment,
} from '../../../machines/finance-application/finance-page.selectors.ts';
import { gatedRouteMachine } from '../../../machines/gated-route/gated-route.machine.ts';

const user: AuthUser = { id: 1, email: 'sam@example.com', phone_number: null };

const input: FinancePageInput = {
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
};

/** A session read's answer: the visitor, anonymous (null), not read (an error), or never answered. */
type SessionAnswer = AuthUser | null | Error | 'pending';

/**
 * The page with its gate child (the real `gatedRoute` machine) reading the session from `sessions`, one
 * answer per read, and how many reads there were.
 */
function pageLogic(sessions: SessionAnswer[]) {
  const reads = { count: 0 };
  const logic = financePageMachine.provide({
    actors: {
      gate: gatedRouteMachine.provide({
        actors: {
          loadSession: fromPromise<AuthUser | null>(async () => {
            const session = sessions[reads.count++] ?? null;
            if (session === 'pending') return new Promise(() => {});
            if (session instanceof Error) throw session;
            return session;
          }),
        },
      }),
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
  });
  return { logic, reads };
}

/** The page started on `input` with `overrides`, its session read answering `sessions`. */
function startPage(overrides: Partial<FinancePageInput>, sessions: SessionAnswer[]) {
  const { logic, reads } = pageLogic(sessions);
  const actor = createActor(logic, { input: { ...input, ...overrides } }).start();
  return { actor, reads, logic };
}

/** The finance page's route: the gate as its child (`locations-forms-tradein-site.md` §4 Gated routes). */
describe('the finance page’s route (§4 Gated routes)', () => {
  it('sends an anonymous visitor of a personalised-flow dealer to sign-in with type, redirect and back', async () => {
    const { actor } = startPage({ personalisedFlow: true }, [null]);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('signIn');
    expect(selectRedirect(actor.getSnapshot())).toBe(
      '/sign-in?type=finance&redirect=%2Ffinance%3Fcar_id%3D501&back=%2F',
    );
  });

  it('moves another dealer’s finance route to its own before asking who the visitor is', async () => {
    const { actor, reads } = startPage(
      { path: '/apply-for-finance', personalisedFlow: true, movedTo: '/finance?car_id=501' },
      [null],
    );
    expect(actor.getSnapshot().value).toBe('moved');
    expect(selectRedirect(actor.getSnapshot())).toBe('/finance?car_id=501');
    expect(reads.count).toBe(0);
  });

  it('shows why when the session cannot be read, and a retry asks the gate again', async () => {
    const { actor, reads } = startPage({ personalisedFlow: true }, [new Error('Network error'), user]);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectError(actor.getSnapshot())).toBe('Network error');
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(reads.count).toBe(2);
    expect(selectRedirect(actor.getSnapshot())).toBeNull();
  });

  it('persists a settled page as JSON the browser restores without asking the gate again', async () => {
    const { actor, reads, logic } = startPage({ personalisedFlow: true }, [user]);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    expect(Object.keys(persisted.children)).toEqual(['form']);
    const restored = createActor(logic, { input, snapshot: persisted }).start();
    expect(restored.getSnapshot().value).toBe('ready');
    expect(restored.getSnapshot().children.form).toBeDefined();
    expect(reads.count).toBe(1);
  });

  it('restores a page shipped while the gate was still checking (the server gave up waiting): the gate asks again', async () => {
    const { actor: stalled } = startPage({ personalisedFlow: true }, ['pending']);
    const persisted = JSON.parse(JSON.stringify(stalled.getPersistedSnapshot()));
    stalled.stop();
    expect(persisted.value).toBe('checkingRoute');
    expect(Object.keys(persisted.children)).toEqual(['gate']);
    const { logic, reads } = pageLogic([null]);
    const restored = createActor(logic, { input, snapshot: persisted }).start();
    await waitFor(restored, (snapshot) => snapshot.status === 'done');
    expect(restored.getSnapshot().value).toBe('signIn');
    expect(reads.count).toBe(1);
  });
});

/** The finance page's repayment calculator (`search-detail-finance-watchlist.md` §9; issue 31 item 21). */
describe('the finance page’s calculator', () => {
  const start = async () => {
    const { actor } = startPage({}, [null]);
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
