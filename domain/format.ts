/**
 * Number and price display (spec `search-detail-finance-watchlist.md` §9: "Numbers use comma thousands
 * separators; prices carry a $ prefix"). Locale-independent, so server and browser render the same text.
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
