/**
 * The words a shopper types about a car (issue 37 item 2 "Search that knows car words"): fuel, body,
 * colour, transmission, drive, seats and model names however they are written, with the synonyms
 * that make "ute" find a utility and "4x4" a four-wheel drive. Pure: the search records
 * (`server/search/records.ts`) carry a car's words as their searchable `keywords`, so the embedded
 * engine and hosted Algolia match the same cars (decision 129).
 */

/** Words that mean the same to a shopper: any member found in a car's words adds every member. */
export type SynonymGroup = readonly string[];

/**
 * The synonyms every dealer gets (a dealer adds its own with `search.synonyms` in its site.json).
 * Groups are two-way; a phrase member ("four wheel drive") is matched as its words in order.
 */
export const DEFAULT_SYNONYMS: readonly SynonymGroup[] = [
  ['ute', 'utility', 'pick-up', 'pickup', 'tray back', 'tub'],
  ['4x4', '4wd', 'four wheel drive', '4 wheel drive'],
  ['awd', 'all wheel drive'],
  ['4x2', '2wd', 'two wheel drive'],
  ['fwd', 'front wheel drive'],
  ['rwd', 'rear wheel drive'],
  ['auto', 'automatic'],
  ['manual', 'stick shift'],
  ['electric', 'ev', 'bev'],
  ['plug-in hybrid', 'phev'],
  ['petrol', 'unleaded', 'ulp'],
  ['wagon', 'estate'],
  ['hatch', 'hatchback'],
  ['van', 'people mover', 'minivan'],
  ['convertible', 'cabriolet', 'soft top'],
  ['sedan', 'saloon'],
  ['grey', 'gray'],
  ['motorcycle', 'motorbike', 'bike'],
  ['caravan', 'camper', 'rv'],
];

/** What of a car its words come from (the search record's fields of the same names). */
export interface CarWordsSource {
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  body: string | null;
  fuel: string | null;
  transmission: string | null;
  drive: string | null;
  colour: string | null;
  seats: number | null;
}

/** Lower case, single-spaced words of a text (hyphens and punctuation are spaces). */
export function normaliseWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A phrase as a shopper may write it: as given, camel case split (`LandCruiser` → `land cruiser`),
 * joined (`CX-5`, `cx 5` → `cx5`; `Land Cruiser` → `landcruiser`) and letters apart from digits
 * (`i30` → `i 30`).
 */
export function wordVariants(phrase: string, apartDigits = true): string[] {
  const split = phrase.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  const words = normaliseWords(split);
  if (words === '') return [];
  const joined = words.replace(/ /g, '');
  const apart = normaliseWords(
    words.replace(/(\p{L})(\p{N})/gu, '$1 $2').replace(/(\p{N})(\p{L})/gu, '$1 $2'),
  );
  return [...new Set([normaliseWords(phrase), words, joined, ...(apartDigits ? [apart] : [])])].filter(
    (w) => w !== '',
  );
}

/** Whether `phrase` occurs in `text` as whole words (both normalised). */
const containsPhrase = (text: string, phrase: string): boolean =>
  phrase !== '' && ` ${text} `.includes(` ${phrase} `);

/** The default synonyms followed by a dealer's own (its `search.synonyms`). */
export function synonymsFor(dealerSynonyms: readonly SynonymGroup[] | undefined): SynonymGroup[] {
  return [...DEFAULT_SYNONYMS, ...(dealerSynonyms ?? [])];
}

/**
 * A car's searchable words: its make, model, badge, series, body, fuel, transmission, drive and
 * colour, each with its {@link wordVariants}, then every member of each
 * synonym group one of them contains. Deduplicated, in a stable order.
 */
export function carKeywords(car: CarWordsSource, synonyms: readonly SynonymGroup[]): string[] {
  const names = [car.make, car.model];
  const others = [car.badge, car.series, car.body, car.fuel, car.transmission, car.drive, car.colour];
  const out = new Set<string>();
  // Letters apart from digits in names only (`i30` → `i 30`), not in codes such as a series `CN7`.
  for (const phrase of names) for (const variant of wordVariants(phrase)) out.add(variant);
  for (const phrase of others)
    if (phrase && phrase.trim() !== '') for (const variant of wordVariants(phrase, false)) out.add(variant);
  // A synonym must lie within one of the car's phrases, not across two.
  const lines = [...out];
  for (const group of synonyms) {
    const members = group.map(normaliseWords).filter((m) => m !== '');
    if (!members.some((m) => lines.some((line) => containsPhrase(line, m)))) continue;
    for (const member of group) for (const variant of wordVariants(member)) out.add(variant);
  }
  return [...out];
}

/**
 * A car's seats as words (`7seater`, `7seats`): joined, so a lone `5` in a query does not find every
 * five-seat car; `7 seater` and `7-seater` find `7seater` by concatenation (the engine's and
 * Algolia's). The record's `seat_words`, matched whole and without typos (`seater` is not `5seater`).
 */
export function seatWords(seats: number | null): string[] {
  return seats !== null && seats > 0 ? [`${seats}seater`, `${seats}seats`] : [];
}
