/**
 * Number, price and date display (spec `search-detail-finance-watchlist.md` §9: "Numbers use comma
 * thousands separators; prices carry a $ prefix"; dates as Australians write them in prose, `14 March
 * 2027`). Locale-independent, so server and browser render the same text.
 */

/** `12345.6` → `"12,346"`; rounds to whole units unless `decimals` is given. */
export function formatNumber(value: number, decimals = 0): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** `34990` → `"$34,990"`; `-500` → `"-$500"`. */
export function formatPrice(value: number, decimals = 0): string {
  const number = formatNumber(value, decimals);
  return number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * `2027-03-14` (or an ISO date-time, read by its date) → `14 March 2027`; anything that is not an
 * ISO date → `null`. The one way a date is written for shoppers.
 */
export function formatAustralianDate(isoDate: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return null;
  const month = MONTHS[Number(match[2]) - 1];
  if (!month) return null;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** A name's possessive: `Bayside Mazda's`, `Outback RV & Motorcycles'` (an s at the end takes the apostrophe alone). */
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name.trim()}'` : `${name.trim()}'s`;
}
