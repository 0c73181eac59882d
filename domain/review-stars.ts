/**
 * The review summary (`locations-forms-tradein-site.md` §5 "The review average must exceed a configured
 * minimum to display (minimum rating default 4). A star display shows up to 4 full stars plus a partial
 * one."; §9 "Minimum review rating 4. Google reviews shown: 12. Review-day display type: days").
 */

/** Whether the average may be shown: only when it exceeds the dealer's minimum (default 4). */
export function showsAverage(average: number, minimum: number): boolean {
  return average > minimum;
}

/**
 * The stars of an average: each of five stars' fill from 0 to 1 — full stars for the whole part (at
 * most 4), then one partial star for the fraction, then empty ones. 4.7 → [1, 1, 1, 1, 0.7].
 */
export function starFills(average: number): number[] {
  const clamped = Math.min(5, Math.max(0, average));
  const full = Math.min(4, Math.floor(clamped));
  const partial = Math.round((clamped - full) * 10) / 10;
  return [0, 1, 2, 3, 4].map((index) => (index < full ? 1 : index === full ? Math.min(1, partial) : 0));
}
