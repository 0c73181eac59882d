/**
 * The make picker and make dropdown (`search-detail-finance-watchlist.md` §2 "Make picker", §9
 * "Make list"): popular makes first, the rest behind a toggle, up to 30 models per make.
 */

/** The picker's words, as the spec gives them. */
export const MAKE_PICKER_TEXT = {
  popularMakes: 'Popular Makes',
  allMakes: 'All Makes',
  showAllMakes: 'Show all makes',
  hideExtraMakes: 'Hide extra makes',
  selectModels: 'Select models',
} as const;

/** §9: makes shown before 'Show all makes'. */
export const DEFAULT_POPULAR_MAKES_COUNT = 7;
/** §9: models listed per make. */
export const MODELS_PER_MAKE_LIMIT = 30;

/** A make or model facet value with its stock count (logo and slug may ride along). */
export interface FacetEntry {
  readonly name: string;
  readonly count: number;
}

/**
 * How many popular makes a site shows: its configured `search.popular_makes_count` when the
 * `popularMakesCount` switch is on for it (one dealer group), else 7.
 */
export function popularMakesCount(switchOn: boolean, configured?: number | null): number {
  return switchOn && configured && Number.isInteger(configured) && configured > 0
    ? configured
    : DEFAULT_POPULAR_MAKES_COUNT;
}

const byName = (a: FacetEntry, b: FacetEntry): number => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Most stock first; equal counts A–Z. */
export function byPopularity<T extends FacetEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.count - a.count || byName(a, b));
}

/** A–Z, case-insensitive. */
export function alphabetical<T extends FacetEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(byName);
}

/** A headed group of makes. */
export interface MakeSection<T> {
  readonly heading: (typeof MAKE_PICKER_TEXT)['popularMakes' | 'allMakes'];
  readonly makes: readonly T[];
}

/** What the picker shows. */
export interface MakePickerView<T> {
  readonly sections: readonly MakeSection<T>[];
  /** The toggle, or `null` when every make already shows under 'Popular Makes'. */
  readonly toggle: { readonly label: string; readonly expanded: boolean } | null;
}

/**
 * §2, §9: 'Popular Makes' lists the `popularCount` makes with the most stock; 'Show all makes' adds
 * 'All Makes', every make A–Z (as a full directory does), and 'Hide extra makes' folds it again.
 * With no more makes than `popularCount` there is no toggle.
 */
export function makePicker<T extends FacetEntry>(
  makes: readonly T[],
  options: { readonly popularCount?: number; readonly expanded: boolean },
): MakePickerView<T> {
  const popularCount = options.popularCount ?? DEFAULT_POPULAR_MAKES_COUNT;
  const popular = byPopularity(makes).slice(0, popularCount);
  if (makes.length <= popularCount) {
    return { sections: [{ heading: MAKE_PICKER_TEXT.popularMakes, makes: popular }], toggle: null };
  }
  const sections: MakeSection<T>[] = [{ heading: MAKE_PICKER_TEXT.popularMakes, makes: popular }];
  if (options.expanded) sections.push({ heading: MAKE_PICKER_TEXT.allMakes, makes: alphabetical(makes) });
  return {
    sections,
    toggle: {
      label: options.expanded ? MAKE_PICKER_TEXT.hideExtraMakes : MAKE_PICKER_TEXT.showAllMakes,
      expanded: options.expanded,
    },
  };
}

/**
 * §9 "Model list limit: 30 per make", behind 'Select models': the 30 models with the most stock,
 * listed A–Z; `hidden` counts the models left out.
 */
export function makeModels<T extends FacetEntry>(
  models: readonly T[],
  limit: number = MODELS_PER_MAKE_LIMIT,
): { readonly models: readonly T[]; readonly hidden: number } {
  const kept = byPopularity(models).slice(0, limit);
  return { models: alphabetical(kept), hidden: models.length - kept.length };
}

/** §9 "A dropdown marks 'All Makes' at index 20": the most-stocked makes listed before the mark. */
export const MAKE_DROPDOWN_POPULAR = 20;

/** An entry of the make dropdown: a make, or the mark that heads every make A–Z. */
export type MakeDropdownItem<T> =
  | { readonly kind: 'make'; readonly make: T }
  | { readonly kind: 'heading'; readonly label: (typeof MAKE_PICKER_TEXT)['allMakes'] };

/**
 * §9: the make dropdown — the 20 makes with the most stock, then 'All Makes' at index 20, then every
 * make A–Z. With 20 makes or fewer every make is already listed, so they come A–Z without the mark.
 */
export function makeDropdownItems<T extends FacetEntry>(makes: readonly T[]): MakeDropdownItem<T>[] {
  const all = alphabetical(makes).map((make) => ({ kind: 'make', make }) as const);
  if (makes.length <= MAKE_DROPDOWN_POPULAR) return all;
  const popular = byPopularity(makes)
    .slice(0, MAKE_DROPDOWN_POPULAR)
    .map((make) => ({ kind: 'make', make }) as const);
  return [...popular, { kind: 'heading', label: MAKE_PICKER_TEXT.allMakes }, ...all];
}
