import type { AuState } from '../../domain/location.ts';

/**
 * The local geocoder's table (decision 084). Two parts, both public knowledge:
 *
 * 1. **Places**: postcodes with the coordinates of their locality's centre — the demo dealers'
 *    suburbs and their neighbours, and each capital's central postcode. A lookup here is `locality`
 *    precise.
 * 2. **Ranges**: Australia Post's allocation of postcode ranges to states and territories (delivery
 *    areas and PO boxes / large-volume receivers). A postcode in a range but not among the places
 *    resolves to its state's capital and is `state` precise — enough for "which of our locations is
 *    nearest" on a demo, and deterministic.
 *
 * A postcode in no range (0000–0199, 0300–0799) is unknown: the form answers "Invalid postcode"
 * (`locations-forms-tradein-site.md` §5, §8). Test values: 4000 Brisbane, 4178 Wynnum, 2000 Sydney,
 * 2100 Brookvale, 3190 Highett, 4810 Townsville, 0800 Darwin; 0000 and 0500 are unknown.
 */

/** A postcode's position. */
export interface PostcodePlace {
  postcode: string;
  locality: string;
  state: AuState;
  lat: number;
  lng: number;
}

const place = (
  postcode: string,
  locality: string,
  state: AuState,
  lat: number,
  lng: number,
): PostcodePlace => ({
  postcode,
  locality,
  state,
  lat,
  lng,
});

/** Localities by postcode (centres, four decimals). */
export const PLACES: readonly PostcodePlace[] = [
  // Capitals
  place('0800', 'Darwin', 'nt', -12.4634, 130.8456),
  place('2000', 'Sydney', 'nsw', -33.8688, 151.2093),
  place('2600', 'Canberra', 'act', -35.2809, 149.13),
  place('3000', 'Melbourne', 'vic', -37.8136, 144.9631),
  place('4000', 'Brisbane City', 'qld', -27.4698, 153.0251),
  place('5000', 'Adelaide', 'sa', -34.9285, 138.6007),
  place('6000', 'Perth', 'wa', -31.9505, 115.8605),
  place('7000', 'Hobart', 'tas', -42.8821, 147.3272),
  // Brisbane bayside (Bayside Mazda)
  place('4178', 'Wynnum', 'qld', -27.4428, 153.1698),
  place('4179', 'Manly', 'qld', -27.4557, 153.1843),
  place('4170', 'Cannon Hill', 'qld', -27.4722, 153.0951),
  place('4171', 'Balmoral', 'qld', -27.4566, 153.0667),
  place('4172', 'Murarrie', 'qld', -27.4608, 153.0997),
  place('4173', 'Tingalpa', 'qld', -27.4735, 153.1271),
  place('4174', 'Hemmant', 'qld', -27.4475, 153.1333),
  place('4152', 'Carindale', 'qld', -27.5028, 153.1009),
  place('4160', 'Wellington Point', 'qld', -27.4836, 153.2419),
  place('4161', 'Alexandra Hills', 'qld', -27.5222, 153.2264),
  place('4163', 'Cleveland', 'qld', -27.5267, 153.2654),
  place('4101', 'South Brisbane', 'qld', -27.4811, 153.0209),
  place('4006', 'Fortitude Valley', 'qld', -27.4571, 153.0339),
  // Townsville (Outback RV)
  place('4810', 'Townsville City', 'qld', -19.259, 146.8169),
  place('4811', 'Idalia', 'qld', -19.3062, 146.8139),
  place('4812', 'Hermit Park', 'qld', -19.2867, 146.8006),
  place('4814', 'Garbutt', 'qld', -19.2652, 146.7744),
  place('4815', 'Kirwan', 'qld', -19.3031, 146.7236),
  place('4817', 'Thuringowa Central', 'qld', -19.3175, 146.7285),
  place('4818', 'Bohle', 'qld', -19.2657, 146.7209),
  place('4820', 'Charters Towers', 'qld', -20.0767, 146.2604),
  // Sydney's north (Harbour Auto Group)
  place('2060', 'North Sydney', 'nsw', -33.8396, 151.207),
  place('2064', 'Artarmon', 'nsw', -33.8125, 151.1859),
  place('2065', 'St Leonards', 'nsw', -33.8226, 151.1956),
  place('2067', 'Chatswood', 'nsw', -33.7969, 151.1803),
  place('2095', 'Manly', 'nsw', -33.7969, 151.2856),
  place('2099', 'Dee Why', 'nsw', -33.7513, 151.2859),
  place('2100', 'Brookvale', 'nsw', -33.7668, 151.2702),
  place('2101', 'Narrabeen', 'nsw', -33.7134, 151.2971),
  place('2102', 'Warriewood', 'nsw', -33.6867, 151.2994),
  place('2103', 'Mona Vale', 'nsw', -33.6779, 151.3046),
  place('2106', 'Newport', 'nsw', -33.6544, 151.3134),
  place('2107', 'Avalon Beach', 'nsw', -33.6355, 151.3288),
  place('2150', 'Parramatta', 'nsw', -33.815, 151.0011),
  // Melbourne's south-east (Metro Used)
  place('3186', 'Brighton', 'vic', -37.9056, 144.9862),
  place('3187', 'Brighton East', 'vic', -37.9175, 145.0166),
  place('3188', 'Hampton', 'vic', -37.9379, 145.0016),
  place('3189', 'Moorabbin', 'vic', -37.9372, 145.0595),
  place('3190', 'Highett', 'vic', -37.9478, 145.0346),
  place('3191', 'Sandringham', 'vic', -37.9509, 145.004),
  place('3192', 'Cheltenham', 'vic', -37.9693, 145.0555),
  place('3193', 'Beaumaris', 'vic', -37.9826, 145.0386),
  place('3194', 'Mentone', 'vic', -37.9823, 145.065),
  place('3204', 'Bentleigh', 'vic', -37.9184, 145.0353),
];

/** A state's capital, where a postcode known only by its range is placed. */
const CAPITALS: Readonly<Record<AuState, string>> = {
  nsw: '2000',
  act: '2600',
  vic: '3000',
  qld: '4000',
  sa: '5000',
  wa: '6000',
  tas: '7000',
  nt: '0800',
};

/** Australia Post's postcode ranges by state and territory (inclusive). */
export const RANGES: readonly (readonly [number, number, AuState])[] = [
  [200, 299, 'act'],
  [800, 999, 'nt'],
  [1000, 2599, 'nsw'],
  [2600, 2618, 'act'],
  [2619, 2899, 'nsw'],
  [2900, 2920, 'act'],
  [2921, 2999, 'nsw'],
  [3000, 3999, 'vic'],
  [4000, 4999, 'qld'],
  [5000, 5999, 'sa'],
  [6000, 6999, 'wa'],
  [7000, 7999, 'tas'],
  [8000, 8999, 'vic'],
  [9000, 9999, 'qld'],
];

const byPostcode = new Map(PLACES.map((p) => [p.postcode, p]));

/** A postcode's place and how precisely it is known, or null when no state has it. */
export function lookUpPostcode(
  postcode: string,
): { place: PostcodePlace; precision: 'locality' | 'state' } | null {
  if (!/^\d{4}$/.test(postcode)) return null;
  const exact = byPostcode.get(postcode);
  if (exact) return { place: exact, precision: 'locality' };
  const code = Number(postcode);
  const range = RANGES.find(([from, to]) => code >= from && code <= to);
  if (!range) return null;
  const capital = byPostcode.get(CAPITALS[range[2]]);
  if (!capital) return null;
  return { place: { ...capital, postcode, locality: '' }, precision: 'state' };
}
