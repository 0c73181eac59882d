import { type ActorRefFrom, assign, setup } from 'xstate';
import type { NumericRange } from '../../domain/search-state.ts';

/**
 * The price-range slider screen (`locations-forms-tradein-site.md` §2, §5, §9): a make from the make
 * dropdown and a price range from the screen's slider (its own `rangeSlider` actor, variant
 * `priceRange`), which the screen's search button and price-sorted link turn into a listing's
 * address. Nothing is searched here: the listing searches once the shopper goes there.
 */
export interface PriceRangeScreenContext {
  /** The make chosen (`null`: any make). */
  make: string | null;
  /** The price range chosen (`null`: the whole 5,000–250,000). */
  range: NumericRange | null;
}

/** Events the screen accepts. */
export type PriceRangeScreenEvent =
  | { type: 'make.select'; make: string | null }
  /** The slider's refinement once a move ends (`null`: back to the whole range). */
  | { type: 'price.refine'; range: NumericRange | null };

export const priceRangeScreenMachine = setup({
  types: {} as { context: PriceRangeScreenContext; events: PriceRangeScreenEvent },
}).createMachine({
  id: 'priceRangeScreen',
  context: { make: null, range: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'make.select': { actions: assign({ make: ({ event }) => event.make || null }) },
        'price.refine': { actions: assign({ range: ({ event }) => event.range }) },
      },
    },
  },
});

/** A running price-range screen. */
export type PriceRangeScreenActorRef = ActorRefFrom<typeof priceRangeScreenMachine>;
