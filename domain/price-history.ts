import { z } from 'zod/mini';
import { PRICE_DROP_WINDOW_DAYS, priceDroppedText } from './price-drop.ts';

/**
 * A car's price history (issue 19 item 3): every asking price it has had, oldest first. The car page
 * shows it as a small chart once the price has changed, and says 'Price dropped $X' when the last
 * change, within 30 days, was a fall; the listing can sort by the most recent drops.
 */

/** One asking price, from the moment it took effect. */
export const pricePointSchema = z.object({
  price: z.number().check(z.minimum(0)),
  at: z.iso.datetime({ offset: true }),
});
/** One asking price of a car. */
export type PricePoint = z.infer<typeof pricePointSchema>;

export { PRICE_DROP_WINDOW_DAYS, priceDroppedText } from './price-drop.ts';

/** The last change, when it was a fall within the window: by how much, and when. */
export function priceDrop(
  history: readonly PricePoint[],
  now: Date,
): { readonly amount: number; readonly at: string; readonly text: string } | null {
  const last = history.at(-1);
  const before = history.at(-2);
  if (!last || !before || last.price >= before.price) return null;
  const age = now.getTime() - new Date(last.at).getTime();
  if (age < 0 || age > PRICE_DROP_WINDOW_DAYS * 86_400_000) return null;
  const amount = before.price - last.price;
  return { amount, at: last.at, text: priceDroppedText(amount) };
}

/** The chart of a history: a step line through the prices, in a box `width` × `height`, with its range. */
export interface PriceChart {
  /** SVG path data. */
  readonly path: string;
  readonly points: readonly {
    readonly x: number;
    readonly y: number;
    readonly price: number;
    readonly at: string;
  }[];
  readonly low: number;
  readonly high: number;
}

/**
 * The history as a step chart from its first price to `now`: time runs left to right, the dearest
 * price at the top. `null` when the price never changed (one price is no history).
 */
export function priceChart(
  history: readonly PricePoint[],
  now: Date,
  box: { readonly width: number; readonly height: number; readonly pad: number },
): PriceChart | null {
  if (history.length < 2) return null;
  const times = history.map((point) => new Date(point.at).getTime());
  const start = times[0] ?? 0;
  const end = Math.max(now.getTime(), times.at(-1) ?? start);
  const prices = history.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (time: number) =>
    box.pad + ((time - start) / Math.max(1, end - start)) * (box.width - 2 * box.pad);
  const y = (price: number) =>
    high === low ? box.height / 2 : box.pad + ((high - price) / (high - low)) * (box.height - 2 * box.pad);
  const points = history.map((point, index) => ({
    x: Math.round(x(times[index] ?? start) * 10) / 10,
    y: Math.round(y(point.price) * 10) / 10,
    price: point.price,
    at: point.at,
  }));
  const steps = points.flatMap((point, index) => {
    const previous = points[index - 1];
    return previous ? [`H${point.x}`, `V${point.y}`] : [`M${point.x},${point.y}`];
  });
  const right = Math.round(x(end) * 10) / 10;
  return { path: `${steps.join(' ')} H${right}`, points, low, high };
}
