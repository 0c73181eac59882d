import { formatPrice } from './format.ts';

/**
 * What a price drop is, shared by the car page (`price-history.ts`, issue 19 item 3) and the search
 * cards' deal signals (`deal-signals.ts`, issue 37 item 4): a module of its own, so a card does not
 * bring the car page's price chart with it.
 */

/** How long a drop is news. */
export const PRICE_DROP_WINDOW_DAYS = 30;

/** The note beside the price: `Price dropped $1,500`. */
export const priceDroppedText = (amount: number): string => `Price dropped ${formatPrice(amount)}`;
