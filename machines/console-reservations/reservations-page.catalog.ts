import type { ConsoleReservation } from '../../domain/contracts/console-reservations.ts';
import { defineCatalogEntry } from '../catalog.types.ts';
import { reservationsPageMachine } from './reservations-page.machine.ts';

const HELD_ID = '5a1f6c1e-8f0e-4a53-9b1f-2c9a4b7d6e01';
const SOLD_ID = '5a1f6c1e-8f0e-4a53-9b1f-2c9a4b7d6e02';

const held: ConsoleReservation = {
  id: HELD_ID,
  state: 'held',
  car: {
    id: 501,
    name: '2022 Mazda CX-5 Maxx Sport',
    stocknum: 'BM1234',
    slug: '2022-mazda-cx-5-maxx-sport-501',
  },
  dealership: 'Bayside Mazda',
  shopper: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222' },
  deposit: { amount: 200, currency: 'aud' },
  payment: {
    processor: 'local',
    state: 'authorised',
    reference: 'pi_local_abcdefgh12',
    brand: 'visa',
    last4: '4242',
  },
  held_until: '2026-11-29T01:00:00.000Z',
  seconds_left: 170_000,
  created_at: '2026-11-27T01:00:00.000Z',
  decided_at: null,
};
const sold: ConsoleReservation = {
  ...held,
  id: SOLD_ID,
  state: 'confirmed',
  car: { ...held.car, id: 502, name: '2021 Mazda3 G20 Evolve' },
  seconds_left: null,
  decided_at: '2026-11-27T02:00:00.000Z',
};

/**
 * The console's reservations page path tests: loading → ready | failed (retry); a live hold's sale
 * confirmed or its hold released behind the question (or the question cancelled), each answered or
 * refused by the server; a refusal's "reload the list". A reservation that is not a live hold is
 * never asked about (its buttons are not shown; the guard refuses it).
 */
export const consoleReservationsPageCatalogEntry = defineCatalogEntry(reservationsPageMachine, {
  summary:
    'Console reservations: loading → ready | failed; confirm a sale or release a hold behind a question (cancel) → done | refused; reload after a refusal',
  input: { state: 'held' },
  promiseInvokes: {
    loadReservations: 'loadReservations',
    confirmSale: 'confirmSale',
    releaseHold: 'releaseHold',
  },
  events: [
    {
      type: 'xstate.done.actor.loadReservations',
      output: {
        reservations: [held, sold],
        counts: { held: 1, confirmed: 1, released: 0, expired: 0 },
        as_of: '2026-11-27T01:40:00.000Z',
        time_zone: 'Australia/Brisbane',
      },
    },
    { type: 'xstate.error.actor.loadReservations', error: new Error('Network error') },
    { type: 'retry' },
    { type: 'decision.ask', action: 'confirm', reservation: HELD_ID },
    { type: 'decision.ask', action: 'release', reservation: HELD_ID },
    { type: 'decision.ask', action: 'confirm', reservation: SOLD_ID },
    { type: 'decision.cancel' },
    { type: 'decision.confirm' },
    {
      type: 'xstate.done.actor.confirmSale',
      output: { ...held, state: 'confirmed', seconds_left: null, decided_at: '2026-11-27T01:41:00.000Z' },
    },
    {
      type: 'xstate.error.actor.confirmSale',
      error: new Error('This sale was already confirmed: nothing was changed'),
    },
    {
      type: 'xstate.done.actor.releaseHold',
      output: { ...held, state: 'released', seconds_left: null, decided_at: '2026-11-27T01:41:00.000Z' },
    },
    {
      type: 'xstate.error.actor.releaseHold',
      error: new Error(
        'This hold has run out: the car is no longer held, so it can be neither sold nor released',
      ),
    },
    { type: 'list.reload' },
  ],
  serializeState: ({ value, context }) => ({
    value,
    pending: context.pending?.action ?? null,
    live: context.data?.reservations.filter((r) => r.state === 'held').length ?? null,
    outcome: context.outcome !== null,
    refused: context.decisionError !== null,
  }),
  simplePaths: false,
});
